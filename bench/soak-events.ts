/**
 * `npm run soak:events`: the outbox under load and sink outages. Places `--orders` orders through `bench:load`'s
 * HTTP checkout flows (`--clients` at once) against `npm start` on Redis and PostgreSQL (a database of its own,
 * `soak_<pid>`, and a Redis key prefix of its own), while two dispatchers, each in a process of its own, deliver
 * the outbox to all three sinks: signed webhooks to a receiver started here, NATS JetStream (a stream of its own)
 * and RabbitMQ (an exchange and a queue of their own). Each sink is reached through a TCP proxy started here, and
 * the proxies take the sinks down for `--outage-seconds` one after another, then all three at once (the shared
 * servers are never stopped). Then it checks, for every sink: every event of the outbox arrived, each copy the
 * event itself, a repeat only ever an id already seen, and per order the first arrivals in sequence; and that each
 * outage made deliveries fail. It prints the order rate, events/s and the delivery lag (arrival − occurred) p50/p99
 * per sink, and exits 1 when a check fails.
 *
 *   npm run soak:events -- [--orders 10000] [--clients 8] [--outage-seconds 8]
 *
 * Needs PostgreSQL (DATABASE_URL), Redis (REDIS_URL), NATS with JetStream (NATS_URL) and RabbitMQ (AMQP_URL), as
 * the tests do. Timings are measured, never asserted; figures go to docs/benchmarks.md by hand.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import amqp from 'amqplib';
import pg from 'pg';
import { type FaultProxy, startFaultProxy } from '../test/faults/support/tcp-proxy.js';
import { newSecret, startWebhookReceiver } from '../test/support/webhook-receiver.js';
import { closeClient, drive, quantile, type Samples } from './load-flow.js';
import { runCleanups, wholeOption } from './options.js';
import {
  benchDatabaseUrl,
  freePort,
  serverEnv,
  startProcess,
  stopProcess,
  unlinkRedisPrefix,
} from './server-process.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '8' },
    'outage-seconds': { type: 'string', default: '8' },
    'retry-first-ms': { type: 'string', default: '1000' },
    'retry-max-ms': { type: 'string', default: '10000' },
    'drain-seconds': { type: 'string', default: '600' },
  },
});

const whole = (name: keyof typeof values): number => wholeOption(values, name);

const orderCount = whole('orders');
const clients = whole('clients');
const outageMs = whole('outage-seconds') * 1000;
const drainMs = whole('drain-seconds') * 1000;
const sinkNames = ['webhook', 'nats', 'rabbitmq'] as const;
type SinkName = (typeof sinkNames)[number];

/** One copy of an event as a sink's consumer got it, and when. */
interface Arrival {
  readonly id: string;
  readonly type: string;
  readonly orderId: number;
  readonly sequence: number;
  readonly occurredAt: number;
  readonly at: number;
}

/** An envelope's fields the checks read (the rest is the sink's business). */
function arrival(body: unknown, at: number): Arrival {
  const event = body as { id: string; type: string; order_id: number; sequence: number; occurred_at: string };
  return {
    id: event.id,
    type: event.type,
    orderId: event.order_id,
    sequence: event.sequence,
    occurredAt: Date.parse(event.occurred_at),
    at,
  };
}

// Names of this run's own: the database, the Redis prefix, the stream, the subjects, the exchange and the queue.
const run = `soak_${process.pid}`;
const { cleanups, cleanUp } = runCleanups();

const arrivals: Record<SinkName, Arrival[]> = { webhook: [], nats: [], rabbitmq: [] };
const proxies = {} as Record<SinkName, FaultProxy>;

/** The sinks' consumers (direct) and their proxies (for the dispatchers); answers the dispatchers' environment. */
async function openSinks(): Promise<NodeJS.ProcessEnv> {
  const secret = newSecret();
  const receiver = await startWebhookReceiver(secret);
  cleanups.push(() => receiver.close());
  // The receiver keeps what it accepted; its arrivals are read off as they come.
  const readWebhooks = setInterval(() => {
    for (const got of receiver.accepted.splice(0)) arrivals.webhook.push(arrival(got.body, got.at));
  }, 50);
  cleanups.push(async () => clearInterval(readWebhooks));
  proxies.webhook = await startFaultProxy({ host: '127.0.0.1', port: Number(new URL(receiver.url).port) });
  cleanups.push(() => proxies.webhook.close());

  const natsAddress = process.env.NATS_URL ?? '127.0.0.1:4222';
  const natsUrl = new URL(natsAddress.includes('://') ? natsAddress : `nats://${natsAddress}`);
  const nats = await connectNats({ servers: `${natsUrl.hostname}:${natsUrl.port || 4222}` });
  cleanups.push(() => nats.drain());
  const jsm = await jetstreamManager(nats);
  const stream = run.toUpperCase();
  await jsm.streams.delete(stream).catch(() => undefined);
  await jsm.streams.add({ name: stream, subjects: [`${run}.>`] });
  cleanups.push(() => jsm.streams.delete(stream));
  const messages = await (await jetstream(nats).consumers.get(stream)).consume();
  cleanups.push(() => messages.close());
  void (async () => {
    for await (const message of messages) arrivals.nats.push(arrival(message.json(), Date.now()));
  })();
  proxies.nats = await startFaultProxy({ host: natsUrl.hostname, port: Number(natsUrl.port || 4222) });
  cleanups.push(() => proxies.nats.close());

  const amqpUrl = new URL(process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672');
  const rabbit = await amqp.connect(amqpUrl.toString());
  cleanups.push(() => rabbit.close());
  const channel = await rabbit.createChannel();
  await channel.assertExchange(run, 'topic', { durable: true });
  cleanups.push(() => channel.deleteExchange(run));
  await channel.assertQueue(run, { exclusive: true });
  await channel.bindQueue(run, run, '#');
  await channel.prefetch(1000);
  await channel.consume(run, (message) => {
    if (message === null) return;
    arrivals.rabbitmq.push(arrival(JSON.parse(message.content.toString('utf8')), Date.now()));
    channel.ack(message);
  });
  proxies.rabbitmq = await startFaultProxy({ host: amqpUrl.hostname, port: Number(amqpUrl.port || 5672) });
  cleanups.push(() => proxies.rabbitmq.close());
  const amqpViaProxy = new URL(amqpUrl);
  amqpViaProxy.host = `127.0.0.1:${proxies.rabbitmq.port}`;

  return {
    SOAK_WEBHOOK_URL: `http://127.0.0.1:${proxies.webhook.port}/hooks`,
    SOAK_WEBHOOK_SECRET: secret,
    SOAK_NATS: `127.0.0.1:${proxies.nats.port}`,
    SOAK_NATS_PREFIX: run,
    SOAK_AMQP_URL: amqpViaProxy.toString(),
    SOAK_EXCHANGE: run,
  };
}

/** A dispatcher in a process of its own (`soak-dispatcher.ts`), once it says it is ready. */
async function startDispatcher(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; lines: string[]; closed: Promise<void> }> {
  const script = fileURLToPath(new URL('./soak-dispatcher.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  let closed: Promise<void> = Promise.resolve();
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += String(chunk);
  });
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`a dispatcher did not start:\n${errors}`)), 60_000);
    child.once('exit', () => reject(new Error(`a dispatcher exited:\n${errors}`)));
    if (child.stdout === null) return;
    const reader = createInterface({ input: child.stdout });
    closed = new Promise((done) => reader.once('close', done));
    reader.on('line', (line) => {
      lines.push(line);
      if (line !== 'ready') return;
      clearTimeout(timer);
      resolve();
    });
  });
  await ready;
  return { child, lines, closed };
}

/**
 * The most events delivered in any 5 s, per second, from sorted arrival times: after an outage the backlog goes
 * out as fast as the dispatchers and the sink can, so this is their capacity on this machine at this load.
 */
function peakRate(sortedTimes: readonly number[]): number {
  let most = 0;
  let from = 0;
  for (let to = 0; to < sortedTimes.length; to += 1) {
    while ((sortedTimes[from] ?? 0) <= (sortedTimes[to] ?? 0) - 5_000) from += 1;
    most = Math.max(most, to - from + 1);
  }
  return most / 5;
}

/** A sink outage: which sinks go down, after which share of the orders. */
const outagePlan: readonly { readonly after: number; readonly sinks: readonly SinkName[] }[] = [
  { after: 0.15, sinks: ['webhook'] },
  { after: 0.35, sinks: ['nats'] },
  { after: 0.55, sinks: ['rabbitmq'] },
  { after: 0.7, sinks: sinkNames },
];

// The database of the run's own, dropped at the end.
const admin = new pg.Client({ connectionString: benchDatabaseUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${run} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${run}`);
cleanups.push(async () => {
  await admin.query(`DROP DATABASE IF EXISTS ${run} WITH (FORCE)`);
  await admin.end();
});
const databaseUrl = new URL(benchDatabaseUrl);
databaseUrl.pathname = `/${run}`;

cleanups.push(() => unlinkRedisPrefix(`${run}:`));

let failed = false;
const check = (ok: boolean, line: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
  if (!ok) failed = true;
};

try {
  const loadBefore = loadavg();
  const dispatcherEnv = {
    ...(await openSinks()),
    SOAK_DATABASE_URL: databaseUrl.toString(),
    SOAK_SCHEMA: run,
    SOAK_RETRY_FIRST_MS: String(whole('retry-first-ms')),
    SOAK_RETRY_MAX_MS: String(whole('retry-max-ms')),
  };
  const port = await freePort();
  const server = await startProcess(
    'npm',
    ['start', '--silent'],
    {
      ...serverEnv(port, { kind: 'real', run, databaseUrl: databaseUrl.toString() }),
      // The two dispatchers below deliver; the server only writes.
      CARTWRIGHT_DISPATCH: 'off',
    },
    port,
  );
  cleanups.push(() => stopProcess(server));
  const dispatchers = [await startDispatcher(dispatcherEnv), await startDispatcher(dispatcherEnv)];
  for (const { child } of dispatchers) cleanups.push(() => stopProcess(child));
  console.log(
    `Soak ${run}: ${orderCount} orders by ${clients} clients through bench:load's flows on Redis + PostgreSQL; ` +
      `two dispatchers; outages of ${outageMs / 1000} s. Load average before: ${loadBefore.map((n) => n.toFixed(2)).join(' ')}.`,
  );

  // The orders, with the outages started as their share of the orders is reached.
  const windows: { sinks: readonly SinkName[]; from: number; to: number }[] = [];
  const outages: Promise<void>[] = [];
  let claimed = 0;
  let placed = 0;
  const placedIds = new Set<number>();
  const samples: Samples = new Map();
  const started = Date.now();
  await drive({
    port,
    clients,
    samples,
    more: () => {
      claimed += 1;
      return claimed <= orderCount;
    },
    placed: (orderId) => {
      placed += 1;
      placedIds.add(orderId);
      if (placed % Math.max(1, Math.round(orderCount / 10)) === 0) {
        const copies = sinkNames.map((sink) => `${sink} ${arrivals[sink].length}`).join(', ');
        console.log(
          `  ${placed} orders in ${((Date.now() - started) / 1000).toFixed(0)} s; copies received: ${copies}`,
        );
      }
      const due = outagePlan[outages.length];
      if (due === undefined || placed < due.after * orderCount) return;
      const from = Date.now();
      for (const sink of due.sinks) proxies[sink].down();
      outages.push(
        new Promise((resolve) =>
          setTimeout(() => {
            for (const sink of due.sinks) proxies[sink].restore();
            windows.push({ sinks: due.sinks, from, to: Date.now() });
            resolve();
          }, outageMs),
        ),
      );
    },
  });
  const ordersDone = Date.now();
  const orderSeconds = (ordersDone - started) / 1000;
  await Promise.all(outages);

  // What was written: every event of the outbox.
  const pool = new pg.Pool({ connectionString: databaseUrl.toString(), max: 1 });
  const { rows } = await pool.query<{ id: string; type: string; order_id: number; sequence: number }>(
    `SELECT id::text, type, order_id, sequence FROM "${run}".outbox_event`,
  );
  await pool.end();
  const written = new Map(rows.map((row) => [row.id, row]));
  const orderIdsWithEvents = new Set(rows.map((row) => row.order_id));
  const confirm = [...(samples.get('confirm') ?? [])].sort((a, b) => a - b);
  console.log(
    `\nOrders: ${placed} placed in ${orderSeconds.toFixed(1)} s: ${(placed / orderSeconds).toFixed(1)} orders/s ` +
      `(confirm p50 ${quantile(confirm, 0.5).toFixed(1)} ms, p99 ${quantile(confirm, 0.99).toFixed(1)} ms); ` +
      `${written.size} events written: ${(written.size / orderSeconds).toFixed(1)} events/s.`,
  );
  check(placedIds.size === orderCount, `${placedIds.size} distinct orders placed of ${orderCount}`);
  check(
    [...placedIds].every((id) => orderIdsWithEvents.has(id)),
    'every placed order has its events in the outbox',
  );

  // Every sink's consumer until it has every event, or the drain time is out.
  const complete: Partial<Record<SinkName, number>> = {};
  const unique = (sink: SinkName) => new Set(arrivals[sink].map((a) => a.id)).size;
  const deadline = Date.now() + drainMs;
  while (Date.now() < deadline && sinkNames.some((sink) => complete[sink] === undefined)) {
    for (const sink of sinkNames)
      if (complete[sink] === undefined && unique(sink) >= written.size) complete[sink] = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Stopped before the checks: late copies (a retry of a delivery that arrived) would count as duplicates.
  const failedAttempts: Record<string, number> = {};
  for (const { child, lines, closed } of dispatchers) {
    await stopProcess(child);
    await closed;
    const last = lines.findLast((line) => line.startsWith('{'));
    const counts = last === undefined ? {} : (JSON.parse(last) as { failed: Record<string, number> }).failed;
    for (const [name, count] of Object.entries(counts))
      failedAttempts[name] = (failedAttempts[name] ?? 0) + count;
  }
  console.log(
    `Outages: ${windows.map((w) => `${w.sinks.join('+')} ${((w.from - started) / 1000).toFixed(1)}–${((w.to - started) / 1000).toFixed(1)} s`).join(', ')}.`,
  );
  for (const sink of sinkNames) {
    const list = arrivals[sink];
    const seen = new Set<string>();
    const nextOf = new Map<number, number>();
    let duplicates = 0;
    let unknown = 0;
    let changed = 0;
    let outOfOrder = 0;
    const lags: number[] = [];
    const lateLags: number[] = [];
    const firstTimes: number[] = [];
    const lastTenth = ordersDone - (ordersDone - started) / 10;
    let first = Number.POSITIVE_INFINITY;
    let last = 0;
    let byOrdersDone = 0;
    for (const got of list) {
      const row = written.get(got.id);
      if (row === undefined) {
        unknown += 1;
        continue;
      }
      if (row.type !== got.type || row.order_id !== got.orderId || row.sequence !== got.sequence)
        changed += 1;
      if (seen.has(got.id)) {
        duplicates += 1;
        continue;
      }
      seen.add(got.id);
      first = Math.min(first, got.at);
      last = Math.max(last, got.at);
      if (got.at <= ordersDone) byOrdersDone += 1;
      lags.push(got.at - got.occurredAt);
      if (got.occurredAt >= lastTenth) lateLags.push(got.at - got.occurredAt);
      firstTimes.push(got.at);
      const expected = (nextOf.get(got.orderId) ?? 0) + 1;
      if (got.sequence !== expected) outOfOrder += 1;
      nextOf.set(got.orderId, Math.max(expected, got.sequence));
    }
    lags.sort((a, b) => a - b);
    lateLags.sort((a, b) => a - b);
    const peak = peakRate(firstTimes.sort((a, b) => a - b));
    const lost = [...written.keys()].filter((id) => !seen.has(id)).length;
    const backlog = written.size - byOrdersDone;
    const drained =
      complete[sink] === undefined
        ? 'not all delivered'
        : `all delivered ${((complete[sink] - ordersDone) / 1000).toFixed(1)} s after it`;
    console.log(
      `\n${sink}: ${seen.size}/${written.size} delivered, ${list.length} copies; ` +
        `${(seen.size / Math.max(0.001, (last - first) / 1000)).toFixed(1)} events/s ` +
        `(peak over 5 s ${peak.toFixed(1)}); ` +
        `lag p50 ${quantile(lags, 0.5)} ms, p99 ${quantile(lags, 0.99)} ms; ` +
        `last tenth of the orders' events: lag p50 ${quantile(lateLags, 0.5)} ms, p99 ${quantile(lateLags, 0.99)} ms; ` +
        `backlog at the last order ${backlog} events, ${drained}; ` +
        `${failedAttempts[sink] ?? 0} failed attempts (retried)`,
    );
    check(lost === 0, `${sink}: ${lost} lost`);
    check(
      unknown === 0 && changed === 0,
      `${sink}: ${duplicates} duplicates, each a copy of an event already seen (${unknown} unknown ids, ${changed} changed copies)`,
    );
    check(outOfOrder === 0, `${sink}: ${outOfOrder} first arrivals out of sequence for their order`);
    check(
      (failedAttempts[sink] ?? 0) > 0,
      `${sink}: the outages failed deliveries (else they proved nothing)`,
    );
  }
  const loadAfter = loadavg();
  console.log(`\nLoad average after: ${loadAfter.map((n) => n.toFixed(2)).join(' ')}.`);
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  closeClient();
  await cleanUp();
}
console.log(failed ? 'Soak FAILED.' : 'Soak passed.');
process.exit(failed ? 1 : 0);
