/**
 * The RabbitMQ sink on the real server (127.0.0.1:5672): the sink contract suite on an exchange of each case's
 * own with a bound queue, an unroutable message failing the delivery, and a connection closed under it failing
 * deliveries without an unhandled error, and a reconnecting connection delivering again after an outage.
 */
import amqp, { type ChannelModel } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRabbitMqSink, reconnectingConnection } from '../../../src/adapters/rabbitmq/index.js';
import { describeEventSinkContract, sampleOutboxEvent } from '../../../src/testing/index.js';
import { startFaultProxy } from '../../faults/support/tcp-proxy.js';

const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
let connection: ChannelModel;

beforeAll(async () => {
  connection = await amqp.connect(AMQP_URL);
});
afterAll(async () => {
  await connection?.close();
});

const freshName = () => `cwtest.${globalThis.crypto.randomUUID()}`;

/**
 * An exchange of its own with an exclusive queue bound for every key, and what that queue got. The broker
 * confirms a message to its publisher before its consumer has it, so `received(count)` waits (up to 2 s) until
 * the queue has had at least `count` messages.
 */
async function boundExchange() {
  const exchange = freshName();
  const channel = await connection.createChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, exchange, '#');
  const seen: { id: string; body: unknown }[] = [];
  await channel.consume(queue, (message) => {
    if (message === null) return;
    seen.push({
      id: String(message.properties.messageId),
      body: JSON.parse(message.content.toString('utf8')),
    });
    channel.ack(message);
  });
  return {
    exchange,
    received: async (count = 0) => {
      const deadline = Date.now() + 2_000;
      while (seen.length < count && Date.now() < deadline) await new Promise((ok) => setTimeout(ok, 10));
      return seen;
    },
    cleanup: async () => {
      await channel.deleteExchange(exchange);
      await channel.close();
    },
  };
}

describeEventSinkContract({ describe, it }, 'RabbitMQ', async () => {
  const bound = await boundExchange();
  const sink = createRabbitMqSink({ connection, exchange: bound.exchange });
  return {
    sink,
    received: bound.received,
    cleanup: async () => {
      await sink.close?.();
      await bound.cleanup();
    },
  };
});

describe('RabbitMQ sink', () => {
  it('fails a message no queue is bound for (mandatory: returned, not silently confirmed)', async () => {
    const exchange = freshName();
    const sink = createRabbitMqSink({ connection, exchange });
    try {
      await expect(sink.deliver(sampleOutboxEvent('order.placed', 3, 1))).rejects.toThrow(/returned/);
    } finally {
      await sink.close?.();
      const channel = await connection.createChannel();
      await channel.deleteExchange(exchange);
      await channel.close();
    }
  });

  it('a connection that closes fails later deliveries, and emits no unhandled error', async () => {
    const own = await amqp.connect(AMQP_URL);
    const bound = await boundExchange();
    const sink = createRabbitMqSink({ connection: own, exchange: bound.exchange });
    try {
      const event = sampleOutboxEvent('order.placed', 4, 1);
      await sink.deliver(event);
      await own.close();
      await expect(sink.deliver(sampleOutboxEvent('order.placed', 4, 2))).rejects.toThrow();
      expect((await bound.received(1)).map((e) => e.id)).toEqual([event.id]);
    } finally {
      await bound.cleanup();
    }
  });

  it('a reconnecting connection fails deliveries during an outage and delivers again once the broker is back', async () => {
    const url = new URL(AMQP_URL);
    const proxy = await startFaultProxy({ host: url.hostname, port: Number(url.port || 5672) });
    const connection = reconnectingConnection(() => amqp.connect({ ...amqpParts(url), port: proxy.port }));
    const bound = await boundExchange();
    const sink = createRabbitMqSink({ connection, exchange: bound.exchange, timeoutMs: 2_000 });
    try {
      const before = sampleOutboxEvent('order.placed', 5, 1);
      await sink.deliver(before);
      proxy.down();
      await expect(sink.deliver(sampleOutboxEvent('order.placed', 5, 2))).rejects.toThrow();
      await expect(sink.deliver(sampleOutboxEvent('order.placed', 5, 2))).rejects.toThrow();
      proxy.restore();
      const after = sampleOutboxEvent('order.placed', 5, 2);
      await sink.deliver(after);
      await expect.poll(async () => (await bound.received()).map((e) => e.id)).toEqual([before.id, after.id]);
    } finally {
      await sink.close?.();
      await connection.close();
      await proxy.close();
      await bound.cleanup();
    }
  });
});

/** The parts of an AMQP URL that `amqp.connect` takes as an object, so the port can be the proxy's. */
function amqpParts(url: URL) {
  return {
    protocol: 'amqp',
    hostname: '127.0.0.1',
    username: decodeURIComponent(url.username || 'guest'),
    password: decodeURIComponent(url.password || 'guest'),
  };
}
