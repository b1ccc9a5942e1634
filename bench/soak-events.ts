/**
 * `npm run soak:events`: the outbox under load and outages. Writes `--orders` orders (each: placed, stock moved,
 * notice, a status change with a notice: five events) through the PostgreSQL order repository with `--writers`
 * concurrent writers, while two dispatchers deliver to all three sinks (a local webhook receiver verifying
 * Standard Webhooks signatures, NATS JetStream, RabbitMQ); the webhook receiver answers 503 for a while, NATS is
 * cut off by a TCP proxy for a while, and RabbitMQ's queue is unbound for a while (messages return: failed).
 * Then it checks every sink: 0 lost, every duplicate an id already seen, order kept per order; and prints
 * events/s per sink and the delivery lag (received − occurred) p50/p99.
 *
 *   npm run soak:events -- --orders 10000 --writers 8
 *
 * Needs PostgreSQL (DATABASE_URL), NATS (NATS_URL) and RabbitMQ (AMQP_URL), as the tests do. Figures go to
 * docs/benchmarks.md by hand.
 */
import { parseArgs } from 'node:util';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import amqp from 'amqplib';
import { createJetStreamSink } from '../src/adapters/nats/index.js';
import { createPostgresAdapters, createPostgresOutbox } from '../src/adapters/postgres/index.js';
import { createRabbitMqSink } from '../src/adapters/rabbitmq/index.js';
import { createWebhookSink } from '../src/adapters/webhooks/index.js';
import type { OutboxEvent } from '../src/domain/events/index.js';
import { createDispatcher } from '../src/engine/index.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../src/testing/index.js';
import { outboxDatabase } from '../test/faults/support/outbox-stack.js';
import { startFaultProxy } from '../test/faults/support/tcp-proxy.js';
import { newSecret, startWebhookReceiver } from '../test/support/webhook-receiver.js';

const { values } = parseArgs({
  options: { orders: { type: 'string', default: '10000' }, writers: { type: 'string', default: '8' } },
});
const orderCount = Number(values.orders);
const writers = Number(values.writers);
const quiet = { warn: () => undefined, error: () => undefined };

/** Arrivals of one sink: id, the envelope, and when it arrived. */
type Arrival = { readonly event: OutboxEvent; readonly at: number };

const database = await outboxDatabase('soak');
const { orders } = createPostgresAdapters({
  pool: database.pool,
  schema: database.schema,
  deadlineMs: 10_000,
});
const arrivals: Record<string, Arrival[]> = { webhook: [], nats: [], rabbitmq: [] };

// Webhooks: a local receiver.
const secret = newSecret();
const receiver = await startWebhookReceiver(secret);
const pushWebhook = setInterval(() => {
  for (const got of receiver.accepted.splice(0))
    arrivals.webhook?.push({ event: got.body as OutboxEvent, at: Date.now() });
}, 20);

// NATS through a proxy (for the outage), a fresh stream, a consumer reading as it goes.
const natsTarget = new URL(
  `nats://${process.env.NATS_URL ?? '127.0.0.1:4222'}`.replace('nats://nats://', 'nats://'),
);
const natsProxy = await startFaultProxy({ host: natsTarget.hostname, port: Number(natsTarget.port || 4222) });
const natsDirect = await connectNats({ servers: `${natsTarget.hostname}:${natsTarget.port || 4222}` });
const natsViaProxy = await connectNats({
  servers: `127.0.0.1:${natsProxy.port}`,
  maxReconnectAttempts: -1,
  reconnectTimeWait: 200,
});
const prefix = `cwsoak${Date.now()}`;
const stream = prefix.toUpperCase();
const jsm = await jetstreamManager(natsDirect);
await jsm.streams.add({ name: stream, subjects: [`${prefix}.>`] });
const consumer = await jetstream(natsDirect).consumers.get(stream);
const natsReading = (async () => {
  const messages = await consumer.consume();
  for await (const message of messages)
    arrivals.nats?.push({ event: message.json() as OutboxEvent, at: Date.now() });
})();

// RabbitMQ: a fresh exchange, a queue bound to it (unbound for the outage).
const rabbit = await amqp.connect(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
const exchange = `cwsoak.${Date.now()}`;
const channel = await rabbit.createChannel();
await channel.assertExchange(exchange, 'topic', { durable: true });
const { queue } = await channel.assertQueue('', { exclusive: true });
await channel.bindQueue(queue, exchange, '#');
await channel.consume(queue, (message) => {
  if (message === null) return;
  arrivals.rabbitmq?.push({
    event: JSON.parse(message.content.toString('utf8')) as OutboxEvent,
    at: Date.now(),
  });
  channel.ack(message);
});

const sinks = () => [
  createWebhookSink({ name: 'webhook', url: receiver.url, secrets: [secret], timeoutMs: 5_000 }),
  createJetStreamSink({ name: 'nats', jetstream: jetstream(natsViaProxy), prefix, timeoutMs: 2_000 }),
  createRabbitMqSink({ name: 'rabbitmq', connection: rabbit, exchange }),
];
const retry = { firstDelayMs: 500, maxDelayMs: 2_000 };
const dispatchers = [1, 2].map(() =>
  createDispatcher({
    store: {
      outbox: createPostgresOutbox({ pool: database.pool, schema: database.schema, deadlineMs: 10_000 }),
    },
    sinks: sinks(),
    retry,
    pollMs: 200,
    logger: quiet,
  }),
);

// Outages, a few seconds into the run.
const outages = (async () => {
  await new Promise((r) => setTimeout(r, 3_000));
  receiver.answer({ status: 503 });
  natsProxy.down();
  await channel.unbindQueue(queue, exchange, '#');
  await new Promise((r) => setTimeout(r, 4_000));
  receiver.answer({ status: 204 });
  natsProxy.restore();
  await channel.bindQueue(queue, exchange, '#');
})();

// The writers.
const started = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: writers }, async () => {
    while (next < orderCount) {
      next += 1;
      const now = () => new Date().toISOString();
      const move = { productId: 40, productOptionValueId: null, delta: -1, guard: true };
      const created = await orders.create(
        sampleOrderDraft(),
        sampleHistoryWrite({ stockMoves: [move], dateAdded: now() }),
      );
      if (created.status !== 'created') throw new Error(created.status);
      await orders.addHistory(
        created.order.orderId,
        sampleHistoryWrite({ orderStatusId: 2, notify: true, dateAdded: now() }),
        1,
      );
    }
  }),
);
const writeSeconds = (Date.now() - started) / 1000;
await outages;
const { rows } = await database.pool.query(`SELECT id::text FROM "${database.schema}".outbox_event`);
const total = rows.length;
console.log(
  `Wrote ${orderCount} orders, ${total} events in ${writeSeconds.toFixed(1)} s (${(orderCount / writeSeconds).toFixed(0)} orders/s).`,
);

// Wait for every sink to have every event (at most 10 minutes).
const unique = (name: string) => new Set((arrivals[name] ?? []).map((a) => a.event.id)).size;
const deadline = Date.now() + 600_000;
while (Date.now() < deadline && ['webhook', 'nats', 'rabbitmq'].some((name) => unique(name) < total)) {
  await new Promise((r) => setTimeout(r, 200));
}
await Promise.all(dispatchers.map((d) => d.stop()));

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
let failed = false;
for (const name of ['webhook', 'nats', 'rabbitmq']) {
  const list = arrivals[name] ?? [];
  const seen = new Set<string>();
  const nextOf = new Map<number, number>();
  let duplicates = 0;
  let outOfOrder = 0;
  const lags: number[] = [];
  for (const { event, at } of list) {
    if (seen.has(event.id)) {
      duplicates += 1;
      continue;
    }
    seen.add(event.id);
    lags.push(at - Date.parse(event.occurred_at));
    const expected = (nextOf.get(event.order_id) ?? 0) + 1;
    if (event.sequence !== expected) outOfOrder += 1;
    nextOf.set(event.order_id, Math.max(expected, event.sequence));
  }
  const lost = total - seen.size;
  const first = list[0]?.at ?? started;
  const last = list.at(-1)?.at ?? started;
  lags.sort((a, b) => a - b);
  console.log(
    `${name}: ${seen.size}/${total} delivered, lost ${lost}, duplicates ${duplicates} (ids already seen), out of order ${outOfOrder}; ` +
      `${(seen.size / ((last - first) / 1000 || 1)).toFixed(0)} events/s; lag p50 ${percentile(lags, 50)} ms, p99 ${percentile(lags, 99)} ms`,
  );
  if (lost > 0 || outOfOrder > 0) failed = true;
}

clearInterval(pushWebhook);
await natsDirect.drain();
await natsViaProxy.close();
await natsReading.catch(() => undefined);
await jsm.streams.delete(stream).catch(() => undefined);
await channel.deleteExchange(exchange).catch(() => undefined);
await rabbit.close();
await natsProxy.close();
await receiver.close();
await database.close();
process.exit(failed ? 1 : 0);
