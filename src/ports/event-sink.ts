/**
 * The event-sink port: where the dispatcher delivers the outbox's events.
 * @module
 */
import type { OutboxEvent } from '../domain/events/event-types.js';

/**
 * One destination of events: a webhook endpoint, a NATS JetStream stream, a RabbitMQ exchange, the host's
 * notifier.
 *
 * Contract (`describeEventSinkContract` in `cartwright/testing` checks it):
 * - `deliver` resolves only once the destination has the event (a 2xx answer, a publish acknowledgement, a
 *   publisher confirm): after it resolves, the event is never lost by the sink.
 * - It rejects, with an error that says why, when it cannot say so: the dispatcher retries later with the same
 *   event (same `id`). A sink may see an event again after it resolved (at least once): destinations dedupe by
 *   `id`, and a sink may do so itself.
 * - It settles within its own timeout, whatever the destination does: it never hangs the dispatcher.
 * - An event the sink does not carry (a type it was not set up for) resolves at once, sending nothing.
 * - `name` is stable across restarts: deliveries are recorded per sink name.
 */
export interface EventSink {
  /** The name deliveries are recorded under (`webhook:orders`, `nats`, `rabbitmq`, `notifier`). */
  readonly name: string;
  /** Delivers one event; resolves once the destination has it, rejects when that is not known. */
  deliver(event: OutboxEvent): Promise<void>;
  /** Releases the sink's own resources (the host's clients stay the host's to close). */
  close?(): Promise<void>;
}
