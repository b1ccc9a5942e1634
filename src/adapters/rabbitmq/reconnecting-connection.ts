/**
 * A RabbitMQ connection that outlives an outage: `amqplib` never reopens a lost connection, and a sink given one
 * connection would stop delivering for good the first time the broker restarts or the network drops it. This
 * wrapper opens a connection when a channel is first asked for, forgets it when it closes, and opens a new one
 * on the next request, so deliveries fail while the broker is away and succeed again once it is back.
 * @module
 */
import type { AmqpConfirmChannelLike, AmqpConnectionLike } from './rabbitmq-sink.js';

/** A connection the caller can close (`amqplib`'s `connect()` answers one). */
export interface AmqpClosableConnectionLike extends AmqpConnectionLike {
  /** Closes the connection. */
  close(): Promise<void>;
}

type Listener = (error?: unknown) => void;

/**
 * A connection that connects again after the last one was lost. Listeners given to `on` hear the `error` and
 * `close` of every connection it opens; `close()` closes the current one, and a later request opens another.
 * @param connect - opens one connection, e.g. `() => amqp.connect(url)`
 * @returns a connection to give to `createRabbitMqSink`
 * @example
 * ```ts
 * const connection = reconnectingConnection(() => amqp.connect('amqp://127.0.0.1'));
 * const sink = createRabbitMqSink({ connection });
 * ```
 */
export function reconnectingConnection(
  connect: () => Promise<AmqpClosableConnectionLike>,
): AmqpClosableConnectionLike {
  const listeners = { error: [] as Listener[], close: [] as Listener[] };
  let current: Promise<AmqpClosableConnectionLike> | undefined;

  const opened = (connection: AmqpClosableConnectionLike): AmqpClosableConnectionLike => {
    connection.on('error', (error) => {
      for (const listener of listeners.error) listener(error);
    });
    connection.on('close', (error) => {
      if (current !== undefined) current = undefined;
      for (const listener of listeners.close) listener(error);
    });
    return connection;
  };

  const connection = (): Promise<AmqpClosableConnectionLike> => {
    if (current === undefined) {
      const attempt = connect().then(opened);
      // A failed attempt is forgotten, so the next request tries again rather than repeating the failure.
      attempt.catch(() => {
        if (current === attempt) current = undefined;
      });
      current = attempt;
    }
    return current;
  };

  return {
    async createConfirmChannel(): Promise<AmqpConfirmChannelLike> {
      return (await connection()).createConfirmChannel();
    },
    on(event, listener) {
      listeners[event].push(listener);
      return this;
    },
    async close() {
      const open = await current?.catch(() => undefined);
      current = undefined;
      await open?.close().catch(() => undefined);
    },
  };
}
