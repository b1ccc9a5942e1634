/**
 * The notifier port.
 * @module
 */
import type { DomainEvent } from '../domain/machine/events.js';

/**
 * Receives domain events after the writes they describe have committed (order placed, status changed with its
 * `notify` flag, stock moved, coupon redeemed or released, fraud flagged).
 *
 * Contract (the `cartwright/testing` suite `describeNotifierContract` checks it): delivery is at most once per
 * event and in the order produced, and what is delivered is the event as it was when `notify` was called. When
 * the destination fails, `notify` rejects: the engine logs the rejection, and never undoes or fails the operation
 * that produced the event.
 */
export interface Notifier {
  /**
   * Delivers one event; a rejection is logged and never undoes the operation. Through the outbox (a notifier
   * sink), `delivery` names the outbox event: a repeat of one notice carries the same `eventId`.
   */
  notify(event: DomainEvent, delivery?: NotifierDelivery): Promise<void>;
}

/** Which outbox event a notice comes from, when it comes through the outbox. */
export interface NotifierDelivery {
  /** The outbox event's id: the same on every repeat of the notice, so a mailer can send it once. */
  readonly eventId: string;
  /** ISO-8601 instant of the write the notice reports. */
  readonly occurredAt: string;
}
