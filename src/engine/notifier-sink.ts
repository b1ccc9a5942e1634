/**
 * The host's notifier as an event sink: `customer.notify` events reach it through the outbox.
 * @module
 */
import type { EventSink } from '../ports/event-sink.js';
import type { Notifier } from '../ports/notifier.js';

/** Options of {@link createNotifierSink}. */
export interface NotifierSinkOptions {
  /** The name deliveries are recorded under (default `notifier`). */
  readonly name?: string | undefined;
}

/**
 * An {@link EventSink} that hands each `customer.notify` event to `notifier` as the `OrderStatusChanged` it
 * reports (`notify` true): the customer is told once per delivery the outbox promises, never zero times, and a
 * repeat (a delivery retried after the notifier answered but before the delivery was recorded) is the same
 * event. Other event types are not the notifier's: they resolve at once. A notifier that rejects fails the
 * delivery, which the dispatcher retries.
 *
 * @example
 * ```ts
 * createDispatcher({ store, sinks: [createNotifierSink(mailer)] });
 * ```
 */
export function createNotifierSink(notifier: Notifier, options: NotifierSinkOptions = {}): EventSink {
  return {
    name: options.name ?? 'notifier',
    async deliver(event) {
      if (event.type !== 'customer.notify') return;
      const { data } = event;
      await notifier.notify(
        {
          type: 'OrderStatusChanged',
          orderId: data.order_id,
          fromStatusId: data.from_order_status_id,
          toStatusId: data.order_status_id,
          comment: data.comment,
          notify: true,
        },
        { eventId: event.id, occurredAt: event.occurred_at },
      );
    },
  };
}
