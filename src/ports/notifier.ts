/**
 * The notifier port.
 * @module
 */
import type { DomainEvent } from '../domain/machine/events.js';

/**
 * Receives the customer's notices, and (driven by the engine directly) domain events.
 *
 * **Through the outbox** (a store's `notifier` under `createCheckout`, or `createNotifierSink(notifier)` in a
 * dispatcher of the host's): every `customer.notify` event (an order placed, a history entry with `notify`) is
 * handed over as an `OrderStatusChanged` with `notify` true, with `delivery` naming the event. `createCheckout`
 * runs a dispatcher of its own for it (stopped by `checkout.close()`); the engine then never calls the notifier
 * itself, so a notice reaches it once per delivery the outbox promises: at least once, after its write committed,
 * retried with backoff while `notify` rejects, and a repeat carries the same `eventId` (dedupe by it). Other
 * events reach the outbox's other sinks (webhooks, NATS, RabbitMQ).
 *
 * **Direct** (`createEngine` of `cartwright/core` with `deps.notifier`): the engine calls `notify` after the
 * write with every domain event (order placed, status changed with its `notify` flag, stock moved, coupon redeemed
 * or released, fraud flagged), at most once and in the order produced; a rejection is logged and never undoes or
 * fails the operation. Do not also deliver the outbox to the same notifier: it would hear each notice twice.
 *
 * Contract (the `cartwright/testing` suite `describeNotifierContract` checks it): what is delivered is the event
 * as it was when `notify` was called; when the destination fails, `notify` rejects.
 */
export interface Notifier {
  /**
   * Delivers one event; rejects when the destination failed (through the outbox the delivery is retried;
   * directly it is logged). Through the outbox, `delivery` names the outbox event: a repeat of one notice
   * carries the same `eventId`.
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
