/**
 * A RabbitMQ topic exchange as an event sink, with publisher confirms and mandatory routing.
 * @module
 */
import type { OutboxEvent } from '../../domain/events/event-types.js';
import type { EventSink } from '../../ports/event-sink.js';

/** A message RabbitMQ returned (unroutable), as far as the sink reads it. */
export interface AmqpReturnedLike {
  readonly properties: { readonly messageId?: unknown };
}

/** What the sink needs of a confirm channel (`amqplib`'s `ConfirmChannel` has it). */
export interface AmqpConfirmChannelLike {
  /** Declares the exchange (or checks it is there as declared). */
  assertExchange(exchange: string, type: string, options?: { durable?: boolean }): Promise<unknown>;
  /** Publishes one message; `callback` runs on the broker's confirm (an error for a nack). */
  publish(
    exchange: string,
    routingKey: string,
    content: Buffer,
    options: {
      persistent: boolean;
      mandatory: boolean;
      messageId: string;
      contentType: string;
      type: string;
    },
    callback: (error: unknown) => void,
  ): boolean;
  /** A mandatory message no queue took came back. */
  on(event: 'return', listener: (message: AmqpReturnedLike) => void): unknown;
  /** The channel failed or closed: it is dead from then on. */
  on(event: 'error' | 'close', listener: (error?: unknown) => void): unknown;
  /** Closes the channel. */
  close(): Promise<void>;
}

/** What the sink needs of a connection (`amqplib`'s `connect()` answers one). */
export interface AmqpConnectionLike {
  /** Opens a channel in confirm mode. */
  createConfirmChannel(): Promise<AmqpConfirmChannelLike>;
  /** The connection failed or closed. */
  on(event: 'error' | 'close', listener: (error?: unknown) => void): unknown;
}

/** Options of {@link createRabbitMqSink}. */
export interface RabbitMqSinkOptions {
  /**
   * The host's connection; the sink opens (and reopens) a confirm channel of its own on it. A plain `amqplib`
   * connection is never reopened once lost: pass `reconnectingConnection(connect)` to keep delivering after an outage.
   */
  readonly connection: AmqpConnectionLike;
  /** The topic exchange (default `cartwright`), declared durable by the sink; routing key = event type. */
  readonly exchange?: string | undefined;
  /** The name deliveries are recorded under (default `rabbitmq`). */
  readonly name?: string | undefined;
  /** How long to wait for the broker's confirm, in milliseconds (default 5,000). */
  readonly timeoutMs?: number | undefined;
}

/** Why a publish failed, kept on the delivery as its last error. */
class RabbitMqDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RabbitMqDeliveryError';
  }
}

/** A confirm channel with the returns seen on it, dropped on its first error or close. */
interface OpenChannel {
  readonly channel: AmqpConfirmChannelLike;
  readonly returned: Set<string>;
  dead: boolean;
}

/**
 * A sink publishing each event's envelope (JSON) to a topic exchange with the event's type as routing key:
 * persistent, `message_id` = event id, and `mandatory`, so a message no queue is bound for comes back, and counts
 * as a failed delivery (a confirm alone would say "accepted" for a message dropped on the floor). It resolves on
 * the broker's publisher confirm only. The channel's and the connection's `error` events are listened to (never
 * an unhandled `error` that would end the process): a failed channel is dropped, and the next delivery opens
 * another. Queues and their bindings are the host's (or its consumers'): bind them before events flow.
 *
 * @example
 * ```ts
 * const connection = await amqp.connect('amqp://127.0.0.1');
 * const sink = createRabbitMqSink({ connection });
 * ```
 */
export function createRabbitMqSink(options: RabbitMqSinkOptions): EventSink {
  const exchange = options.exchange ?? 'cartwright';
  const timeoutMs = options.timeoutMs ?? 5_000;
  let opening: Promise<OpenChannel> | undefined;
  let connectionLost: unknown;
  options.connection.on('error', (error) => {
    connectionLost = error;
  });
  options.connection.on('close', (error) => {
    connectionLost = error ?? new Error('closed');
  });

  async function open(): Promise<OpenChannel> {
    const channel = await options.connection.createConfirmChannel();
    connectionLost = undefined;
    const state: OpenChannel = { channel, returned: new Set(), dead: false };
    const drop = () => {
      state.dead = true;
      if (opening !== undefined) opening = undefined;
    };
    channel.on('error', drop);
    channel.on('close', drop);
    channel.on('return', (message) => state.returned.add(String(message.properties.messageId)));
    await channel.assertExchange(exchange, 'topic', { durable: true });
    return state;
  }

  async function channel(): Promise<OpenChannel> {
    const current = opening === undefined ? undefined : await opening.catch(() => undefined);
    if (current !== undefined && !current.dead) return current;
    opening = open();
    opening.catch(() => {
      opening = undefined;
    });
    return opening;
  }

  function publish(state: OpenChannel, event: OutboxEvent): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // The confirm may still come: the channel's state is unknown, so it is not used again.
        state.dead = true;
        state.channel.close().catch(() => undefined);
        reject(new RabbitMqDeliveryError(`no confirm from RabbitMQ in ${timeoutMs} ms`));
      }, timeoutMs);
      const options = {
        persistent: true,
        mandatory: true,
        messageId: event.id,
        contentType: 'application/json',
        type: event.type,
      };
      state.channel.publish(exchange, event.type, Buffer.from(JSON.stringify(event)), options, (error) => {
        clearTimeout(timer);
        if (error !== null && error !== undefined) {
          reject(new RabbitMqDeliveryError(`RabbitMQ refused the message: ${String(error)}`));
        } else if (state.returned.delete(event.id)) {
          reject(new RabbitMqDeliveryError(`no queue is bound for ${exchange} / ${event.type}: returned`));
        } else resolve();
      });
    });
  }

  return {
    name: options.name ?? 'rabbitmq',
    async deliver(event) {
      let state: OpenChannel;
      try {
        state = await channel();
      } catch (error) {
        const why =
          connectionLost === undefined ? String(error) : `the connection is lost (${String(connectionLost)})`;
        throw new RabbitMqDeliveryError(`cannot open a channel: ${why}`);
      }
      await publish(state, event);
    },
    async close() {
      const current = await opening?.catch(() => undefined);
      opening = undefined;
      if (current !== undefined && !current.dead) await current.channel.close().catch(() => undefined);
    },
  };
}
