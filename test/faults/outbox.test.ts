/**
 * Outbox faults, on the real PostgreSQL server and a real webhook receiver: a receiver down for a while, answering
 * 500, timing out or slow; the dispatcher's PostgreSQL connections cut mid-claim (through a proxy); a dispatcher
 * killed with SIGKILL mid-batch; two dispatchers on one database. Each time every event arrives, unchanged, in
 * order per order, and a repeat only ever carries an id already seen.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresOutbox } from '../../src/adapters/postgres/index.js';
import { createWebhookSink } from '../../src/adapters/webhooks/index.js';
import { createDispatcher, type Dispatcher } from '../../src/engine/index.js';
import { databaseUrl, type TestDatabase } from '../integration/support/postgres.js';
import { newSecret, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { checkReceived, outboxDatabase, poolThrough, until, writeOrders } from './support/outbox-stack.js';
import { guardProcess } from './support/process-guard.js';
import { startFaultProxy } from './support/tcp-proxy.js';

guardProcess();

const quiet = { warn: () => undefined, error: () => undefined };
const fastRetry = { firstDelayMs: 50, maxDelayMs: 200 };
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function setUp(
  label: string,
): Promise<{ database: TestDatabase; receiver: WebhookReceiver; secret: string }> {
  const database = await outboxDatabase(label);
  cleanups.push(() => database.close());
  const secret = newSecret();
  const receiver = await startWebhookReceiver(secret);
  cleanups.push(() => receiver.close());
  return { database, receiver, secret };
}

function dispatcherOn(
  database: TestDatabase,
  receiver: WebhookReceiver,
  secret: string,
  extra = {},
): Dispatcher {
  const sink = createWebhookSink({ name: 'webhook', url: receiver.url, secrets: [secret], timeoutMs: 500 });
  const dispatcher = createDispatcher({
    store: { outbox: createPostgresOutbox({ pool: database.pool, schema: database.schema }) },
    sinks: [sink],
    pollMs: 50,
    retry: fastRetry,
    logger: quiet,
    ...extra,
  });
  cleanups.push(() => dispatcher.stop());
  return dispatcher;
}

describe('outbox faults', () => {
  it('a receiver down for a while, then answering 500, timing out and slow: everything arrives after, in order', async () => {
    const { database, receiver, secret } = await setUp('ob_down');
    let calls = 0;
    receiver.answer(() => {
      calls += 1;
      if (calls <= 10) return { status: 503 };
      if (calls <= 15) return { status: 500 };
      if (calls <= 18) return 'hang';
      return calls % 3 === 0 ? { status: 200, delayMs: 200 } : { status: 204 };
    });
    const written = await writeOrders(database, 6);
    dispatcherOn(database, receiver, secret);
    await until(() => new Set(receiver.accepted.map((r) => r.id)).size >= written.length);
    checkReceived(written, receiver.accepted);
  });

  it('two dispatchers on one database share the work: every event, in order per order', async () => {
    const { database, receiver, secret } = await setUp('ob_two');
    // Answers after random delays: two events of one order in flight at once would arrive out of order.
    receiver.answer(() => ({ status: 204, delayMs: Math.floor(Math.random() * 40) }));
    const written = await writeOrders(database, 12);
    dispatcherOn(database, receiver, secret, { batchSize: 4 });
    dispatcherOn(database, receiver, secret, { batchSize: 4 });
    await until(() => new Set(receiver.accepted.map((r) => r.id)).size >= written.length);
    // A repeat can only be an attempt that timed out on a loaded machine, and carries its id (checked).
    checkReceived(written, receiver.accepted);
  });

  it('the dispatcher’s PostgreSQL connections cut mid-claim: it recovers and delivers everything', async () => {
    const { database, receiver, secret } = await setUp('ob_cut');
    const target = new URL(databaseUrl);
    const proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const pool = poolThrough(proxy.port);
    cleanups.push(() => pool.end());
    const written = await writeOrders(database, 6);
    const cut = proxy.cutOn('FOR UPDATE OF d SKIP LOCKED');
    const sink = createWebhookSink({ name: 'webhook', url: receiver.url, secrets: [secret], timeoutMs: 500 });
    const dispatcher = createDispatcher({
      store: { outbox: createPostgresOutbox({ pool, schema: database.schema, deadlineMs: 1_000 }) },
      sinks: [sink],
      pollMs: 50,
      retry: fastRetry,
      logger: quiet,
    });
    cleanups.push(() => dispatcher.stop());
    await cut;
    await until(() => new Set(receiver.accepted.map((r) => r.id)).size >= written.length);
    checkReceived(written, receiver.accepted);
  });

  it('a dispatcher killed with SIGKILL mid-batch: its claims are taken over after their lease, same ids', async () => {
    const { database, receiver, secret } = await setUp('ob_kill');
    const written = await writeOrders(database, 4);
    receiver.answer('hang');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/faults/support/dispatch-child.ts'], {
      env: {
        ...process.env,
        CW_DATABASE_URL: databaseUrl,
        CW_SCHEMA: database.schema,
        CW_WEBHOOK_URL: receiver.url,
        CW_SECRET: secret,
        CW_LEASE_MS: '1500',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(async () => child.kill('SIGKILL'));
    await until(() => receiver.arrived.length >= 4, 30_000);
    const inFlight = [...receiver.arrived];
    expect(inFlight.length).toBeGreaterThanOrEqual(4);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    receiver.answer({ status: 204 });
    dispatcherOn(database, receiver, secret);
    await until(() => new Set(receiver.accepted.map((r) => r.id)).size >= written.length);
    checkReceived(written, receiver.accepted);
    // What the killed dispatcher had in flight arrived again under the same ids.
    const accepted = new Set(receiver.accepted.map((r) => r.id));
    for (const id of inFlight) expect(accepted.has(id)).toBe(true);
  });
});
