/**
 * The notifier port.
 * @module
 */
import type { DomainEvent } from '../domain/machine/events.js';

/**
 * Receives domain events after the writes they describe have committed (order placed, status changed with its
 * `notify` flag, stock moved, coupon redeemed or released, fraud flagged).
 *
 * Contract: delivery is at most once per event and in the order produced. A rejected promise is logged by the
 * engine and never undoes or fails the operation that produced the event.
 */
export interface Notifier {
  /** Delivers one event; a rejection is logged and never undoes the operation. */
  notify(event: DomainEvent): Promise<void>;
}
