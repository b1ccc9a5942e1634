/**
 * `npm run bench:dispatch`: how fast one dispatcher drains a PostgreSQL outbox to each real sink. Fills a schema of
 * its own with `--events` events over `--orders` orders, written through the PostgreSQL order repository as the
 * engine writes them (an order created, then history entries that notify: `order.placed`, `customer.notify`,
 * `order.status_changed`, …), then drains that backlog to one sink at a time with a dispatcher of `--batch` events
 * per claim: signed webhooks to a local HTTP receiver (verifying each request; in a process of its own by default,
 * `--receiver inline` runs it in the benchmark's), NATS JetStream (a stream of its own) and RabbitMQ (an exchange
 * and a queue of their own). For each sink it prints the drain rate (events/s, from
 * the dispatcher's start to the last first arrival), the wait of each event before it arrived (arrival − the later
 * of its write and the drain's start) p50/p99, duplicates and per-order order, and the load average.
 *
 *   npm run bench:dispatch -- [--events 20000] [--orders 5000] [--batch <dispatcher default>]
 *                             [--concurrency <dispatcher default>] [--sinks webhook,nats,rabbitmq] [--writers 8]
 *                             [--receiver process|inline] [--fetch] [--name disp2_bench] [--keep]
 *
 * Needs PostgreSQL (DATABASE_URL), NATS with JetStream (NATS_URL) and RabbitMQ (AMQP_URL), as the tests do.
 * `--keep` leaves the schema (to look at query plans); `--sinks ''` only fills; `--name` prefixes the schema, stream
 * and exchange (with the process id); `--fetch` hands the webhook sink the global `fetch` instead of its default. Timings are measured, never asserted; figures go to docs/benchmarks.md by hand.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats, type NatsConnection } from '@nats-io/transport-node';
import amqp from 'amqplib';
import pg from 'pg';
import { createJetStreamSink } from '../src/adapters/nats/index.js';
import {
  createPostgresAdapters,
  createPostgresOutbox,
  loadDemoStore,
  migrate,
} from '../src/adapters/postgres/index.js';
import { createRabbitMqSink } from '../src/adapters/rabbitmq/index.js';
import { createWebhookSink } from '../src/adapters/webhooks/index.js';
import { createDispatcher } from '../src/core/index.js';
import type { EventSink } from '../src/ports/event-sink.js';
import { reportingOrders, sampleHistoryWrite, sampleOrderDraft } from '../src/testing/index.js';
import { seedOrderRepository } from '../src/testing/order-contract/seed.js';
import { orderStore } from '../test/contract/support/seeded-store.js';
import { newSecret, startWebhookReceiver } from '../test/support/webhook-receiver.js';
import { quantile } from './load-flow.js';
import { runCleanups, wholeOption } from './options.js';
import { benchDatabaseUrl } from './server-process.js';
import type { ReceiverMessage } from './webhook-receiver-process.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '20000' },
    orders: { type: 'string', default: '5000' },
    batch: { type: 'string' },
    concurrency: { type: 'string' },
    receiver: { type: 'string', default: 'process' },
    fetch: { type: 'boolean', default: false },
    name: { type: 'string', default: 'disp2_bench' },
    sinks: { type: 'string', default: 'webhook,nats,rabbitmq' },
    writers: { type: 'string', default: '8' },
    'drain-seconds': { type: 'string', default: '300' },
    keep: { type: 'boolean', default: false },
  },
});

const whole = (name: keyof typeof values): number => wholeOption(values, name);

const eventTarget = whole('events');
const orderCount = whole('orders');
const writers = whole('writers');
const drainMs = whole('drain-seconds') * 1000;
const batchSize = values.batch === undefined ? undefined : whole('batch');
const concurrency = values.concurrency === undefined ? undefined : whole('concurrency');
if (values.receiver !== 'process' && values.receiver !== 'inline') {
  console.error('--receiver takes process or inline');
  process.exit(2);
}
if (!/^[a-z][a-z0-9_]{0,40}$/.test(values.name ?? '')) {
  console.error('--name takes lower-case letters, digits and _');
  process.exit(2);
}
const sinkNames = ['webhook', 'nats', 'rabbitmq'] as const;
type SinkName = (typeof sinkNames)[number];
const chosen = (values.sinks ?? '').split(',').filter((name) => name !== '');
for (const name of chosen) {
  if (!(sinkNames as readonly string[]).includes(name)) {
    console.error(`--sinks takes ${sinkNames.join(', ')}; not ${name}`);
    process.exit(2);
  }
}

// Names of this run's own: the schema, the stream, the subjects, the exchange and the queue.
const run = `${values.name}_${process.pid}`;
const { cleanups, cleanUp } = runCleanups();

/** One first copy of an event as a consumer got it. */
interface Arrival {
  readonly id: string;
  readonly orderId: number;
  readonly sequence: number;
  readonly occurredAt: number;
  readonly at: number;
}

function arrival(body: unknown, at: number): Arrival {
  const event = body as { id: string; order_id: number; sequence: number; occurred_at: string };
  return {
    id: event.id,
    orderId: event.order_id,
    sequence: event.sequence,
    occurredAt: Date.parse(event.occurred_at),
    at,
  };
}

/** A sink with its consumer: what arrived, and how to stop both. */
interface SinkUnderTest {
  readonly sink: EventSink;
  readonly arrivals: Arrival[];
  close(): Promise<void>;
}

const natsAddress = process.env.NATS_URL ?? '127.0.0.1:4222';
const natsUrl = new URL(natsAddress.includes('://') ? natsAddress : `nats://${natsAddress}`);
const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** The webhook sink of a run: its default transport, or the global `fetch` with `--fetch`. */
function webhookSinkTo(url: string, secret: string): EventSink {
  const fetch = values.fetch ? globalThis.fetch : undefined;
  return createWebhookSink({ name: 'webhook', url, secrets: [secret], fetch });
}

/** The receiver in a child process (see `webhook-receiver-process.ts`), its arrivals reported over IPC. */
async function webhookSinkInProcess(): Promise<SinkUnderTest> {
  const secret = newSecret();
  const child: ChildProcess = fork(new URL('./webhook-receiver-process.ts', import.meta.url), {
    env: { ...process.env, WEBHOOK_SECRET: secret },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const arrivals: Arrival[] = [];
  let refused = 0;
  const port = new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the webhook receiver exited (${code})`)));
    child.on('message', (message: ReceiverMessage) => {
      if ('port' in message) {
        resolve(message.port);
        return;
      }
      refused = message.refused;
      for (const got of message.arrivals) {
        arrivals.push({ ...got, occurredAt: Date.parse(got.occurredAt) });
      }
    });
  });
  const url = `http://127.0.0.1:${await port}/hooks`;
  const sink = webhookSinkTo(url, secret);
  return {
    sink,
    arrivals,
    async close() {
      await sink.close?.();
      // The last batch of arrivals comes within 20 ms.
      await new Promise((resolve) => setTimeout(resolve, 50));
      if (refused > 0) console.error(`the webhook receiver refused ${refused} signatures`);
      const exited = once(child, 'exit');
      child.disconnect();
      await exited;
    },
  };
}

async function webhookSink(): Promise<SinkUnderTest> {
  if (values.receiver === 'process') return webhookSinkInProcess();
  const secret = newSecret();
  const receiver = await startWebhookReceiver(secret);
  const arrivals: Arrival[] = [];
  const read = setInterval(() => {
    for (const got of receiver.accepted.splice(0)) arrivals.push(arrival(got.body, got.at));
  }, 20);
  const sink = webhookSinkTo(receiver.url, secret);
  return {
    sink,
    arrivals,
    async close() {
      await sink.close?.();
      clearInterval(read);
      await receiver.close();
    },
  };
}

async function natsSink(nats: NatsConnection): Promise<SinkUnderTest> {
  const jsm = await jetstreamManager(nats);
  const stream = run.toUpperCase();
  await jsm.streams.delete(stream).catch(() => undefined);
  await jsm.streams.add({ name: stream, subjects: [`${run}.>`] });
  const messages = await (await jetstream(nats).consumers.get(stream)).consume();
  const arrivals: Arrival[] = [];
  void (async () => {
    for await (const message of messages) arrivals.push(arrival(message.json(), Date.now()));
  })();
  return {
    sink: createJetStreamSink({ name: 'nats', jetstream: jetstream(nats), prefix: run, timeoutMs: 5_000 }),
    arrivals,
    async close() {
      await messages.close();
      await jsm.streams.delete(stream);
    },
  };
}

async function rabbitSink(): Promise<SinkUnderTest> {
  const connection = await amqp.connect(amqpUrl);
  const channel = await connection.createChannel();
  await channel.assertExchange(run, 'topic', { durable: true });
  await channel.assertQueue(run, { exclusive: true });
  await channel.bindQueue(run, run, '#');
  await channel.prefetch(1000);
  const arrivals: Arrival[] = [];
  await channel.consume(run, (message) => {
    if (message === null) return;
    arrivals.push(arrival(JSON.parse(message.content.toString('utf8')), Date.now()));
    channel.ack(message);
  });
  const sink = createRabbitMqSink({ name: 'rabbitmq', connection, exchange: run });
  return {
    sink,
    arrivals,
    async close() {
      await sink.close?.();
      await channel.deleteExchange(run);
      await connection.close();
    },
  };
}

/**
 * `target` with each of its methods timed into `spent` (calls, and milliseconds from call to settling): where a
 * drain's time goes. Concurrent calls overlap, so the sum is not wall time.
 */
function timed<T extends object>(target: T, spent: Map<string, { calls: number; ms: number }>): T {
  const wrapped = { ...target } as Record<string, unknown>;
  for (const [key, value] of Object.entries(target)) {
    if (typeof value !== 'function' || key === 'onWritten') continue;
    wrapped[key] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
      } finally {
        const entry = spent.get(key) ?? { calls: 0, ms: 0 };
        entry.calls += 1;
        entry.ms += performance.now() - started;
        spent.set(key, entry);
      }
    };
  }
  return wrapped as T;
}

/** Writes the orders through the repository, `writers` at once; answers how many events the outbox holds. */
async function fill(pool: pg.Pool): Promise<number> {
  const adapters = createPostgresAdapters({ pool, schema: run, deadlineMs: 30_000 });
  const orders = reportingOrders(adapters.orders);
  // An order's creation with a notice writes two events; each further notifying status change two more.
  const perOrder = Math.max(1, Math.round(eventTarget / orderCount));
  const histories = Math.max(0, Math.ceil((perOrder - 2) / 2));
  let next = 0;
  async function writer(): Promise<void> {
    while (next < orderCount) {
      next += 1;
      const at = new Date().toISOString();
      const created = await orders.create(
        sampleOrderDraft({ dateAdded: at, dateModified: at }),
        sampleHistoryWrite({ dateAdded: at, notify: true }),
      );
      if (created.status !== 'created') throw new Error(`create: ${created.status}`);
      for (let h = 0; h < histories; h += 1) {
        const now = new Date().toISOString();
        const status = h % 2 === 0 ? 2 : 1;
        const added = await orders.addHistory(
          created.order.orderId,
          sampleHistoryWrite({ orderStatusId: status, notify: true, dateAdded: now }),
          created.order.revision + h,
        );
        if (added.status !== 'written') throw new Error(`history: ${added.status}`);
      }
    }
  }
  await Promise.all(Array.from({ length: writers }, writer));
  const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${run}".outbox_event`);
  return Number(rows[0]?.n ?? 0);
}

/** Drains the backlog to one sink; prints its line. */
async function drain(pool: pg.Pool, name: SinkName, total: number, nats: NatsConnection): Promise<void> {
  const target =
    name === 'webhook' ? await webhookSink() : name === 'nats' ? await natsSink(nats) : await rabbitSink();
  const load = loadavg();
  const failed = { attempts: 0, store: 0 };
  const started = Date.now();
  const spent = new Map<string, { calls: number; ms: number }>();
  const dispatcher = createDispatcher({
    store: { outbox: timed(createPostgresOutbox({ pool, schema: run, deadlineMs: 30_000 }), spent) },
    sinks: [timed(target.sink, spent)],
    batchSize,
    concurrency,
    logger: {
      warn: (message) => {
        failed.attempts += 1;
        if (failed.attempts <= 2) console.error(message);
      },
      error: (message, error) => {
        failed.store += 1;
        if (failed.store <= 3) console.error(message, error);
      },
    },
  });
  const deadline = started + drainMs;
  const unique = () => new Set(target.arrivals.map((a) => a.id)).size;
  while (Date.now() < deadline && unique() < total) await new Promise((resolve) => setTimeout(resolve, 50));
  await dispatcher.stop();
  await target.close();

  const seen = new Set<string>();
  const nextOf = new Map<number, number>();
  let outOfOrder = 0;
  let last = started;
  const waits: number[] = [];
  for (const got of target.arrivals) {
    if (seen.has(got.id)) continue;
    seen.add(got.id);
    last = Math.max(last, got.at);
    waits.push(got.at - Math.max(got.occurredAt, started));
    const expected = (nextOf.get(got.orderId) ?? 0) + 1;
    if (got.sequence !== expected) outOfOrder += 1;
    nextOf.set(got.orderId, Math.max(expected, got.sequence));
  }
  waits.sort((a, b) => a - b);
  const where = [...spent]
    .map(([what, { calls, ms }]) => `${what} ${calls}× ${(ms / calls).toFixed(1)} ms`)
    .join(', ');
  const seconds = Math.max(0.001, (last - started) / 1000);
  console.log(
    `${name === 'webhook' ? `webhook (receiver ${values.receiver}${values.fetch ? ', fetch' : ''})` : name} ${seen.size}/${total} delivered in ${seconds.toFixed(1)} s: ` +
      `${(seen.size / seconds).toFixed(0)} events/s; wait p50 ${quantile(waits, 0.5)} ms, ` +
      `p99 ${quantile(waits, 0.99)} ms; ${target.arrivals.length - seen.size} duplicates, ` +
      `${outOfOrder} out of order, ${failed.attempts} failed attempts, ${failed.store} store errors; ` +
      `load average at its start ${load.map((n) => n.toFixed(2)).join(' ')}\n         time per call: ${where}`,
  );
}

const pool = new pg.Pool({ connectionString: benchDatabaseUrl, max: 10 });
pool.on('error', () => undefined);
cleanups.push(() => pool.end());
let failed = false;
try {
  await migrate(pool, { schema: run });
  if (values.keep) console.log(`Keeping the schema ${run}.`);
  else cleanups.push(() => pool.query(`DROP SCHEMA IF EXISTS "${run}" CASCADE`));
  await loadDemoStore(pool, { data: orderStore(seedOrderRepository()) }, { schema: run });
  const nats = await connectNats({ servers: `${natsUrl.hostname}:${natsUrl.port || 4222}` });
  cleanups.push(() => nats.close());
  const filling = Date.now();
  const total = await fill(pool);
  const fillSeconds = (Date.now() - filling) / 1000;
  console.log(
    `Dispatch rate ${run}: ${total} events over ${orderCount} orders written through the order repository in ` +
      `${fillSeconds.toFixed(1)} s (${(total / fillSeconds).toFixed(0)} events/s); batch ${batchSize ?? 'default'}, ` +
      `concurrency ${concurrency ?? 'default'}; ` +
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}.`,
  );
  for (const name of chosen as SinkName[]) await drain(pool, name, total, nats);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  await cleanUp();
}
process.exit(failed ? 1 : 0);
