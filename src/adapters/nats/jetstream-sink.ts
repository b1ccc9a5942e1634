/**
 * A NATS JetStream stream as an event sink.
 * @module
 */
import type { OutboxEvent } from '../../domain/events/event-types.js';
import type { EventSink } from '../../ports/event-sink.js';

/** JetStream's publish acknowledgement, as far as the sink reads it. */
export interface JetStreamPubAckLike {
  readonly stream: string;
  readonly seq: number;
  /** The stream already held a message with this id inside its duplicate window: it was not stored again. */
  readonly duplicate: boolean;
}

/** What the sink needs of a JetStream client (`jetstream(nc)` of `@nats-io/jetstream` has it). */
export interface JetStreamClientLike {
  /** Publishes `payload` on `subject` and resolves with the stream's acknowledgement. */
  publish(
    subject: string,
    payload: string,
    options?: { msgID?: string; timeout?: number },
  ): Promise<JetStreamPubAckLike>;
}

/** Options of {@link createJetStreamSink}. */
export interface JetStreamSinkOptions {
  /** The host's JetStream client, on a connection the host opened (and closes). */
  readonly jetstream: JetStreamClientLike;
  /** Subjects are `<prefix>.<type>` (default `cartwright`): the stream must take `<prefix>.>`. */
  readonly prefix?: string | undefined;
  /** The name deliveries are recorded under (default `nats`). */
  readonly name?: string | undefined;
  /** How long to wait for the acknowledgement, in milliseconds (default 5,000). */
  readonly timeoutMs?: number | undefined;
}

/**
 * A sink publishing each event's envelope (JSON) to JetStream on `<prefix>.<type>` with the event's id as
 * `Nats-Msg-Id`, and resolving only on the stream's acknowledgement. A re-send inside the stream's duplicate
 * window (2 minutes unless the stream sets `duplicate_window`) is acknowledged as a duplicate and not stored again,
 * which counts as delivered; a re-send after it is stored again, with the same id, for consumers to drop. The
 * stream is the host's to create (`subjects: ['cartwright.>']`): with none, publishing fails and is retried.
 *
 * @example
 * ```ts
 * const nc = await connect({ servers: '127.0.0.1:4222' });
 * const sink = createJetStreamSink({ jetstream: jetstream(nc) });
 * ```
 */
export function createJetStreamSink(options: JetStreamSinkOptions): EventSink {
  const prefix = options.prefix ?? 'cartwright';
  const timeout = options.timeoutMs ?? 5_000;
  return {
    name: options.name ?? 'nats',
    async deliver(event: OutboxEvent) {
      await options.jetstream.publish(`${prefix}.${event.type}`, JSON.stringify(event), {
        msgID: event.id,
        timeout,
      });
    },
  };
}
