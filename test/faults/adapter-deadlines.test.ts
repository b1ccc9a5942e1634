/**
 * The adapters keep their deadline whatever the host's client is configured with: a `pg.Pool` with no
 * connection timeout and one connection, an ioredis client with no command timeout and an offline queue. A call
 * past its `deadlineMs` rejects; the PostgreSQL connection it held is closed, never handed out again, and the
 * server stops the statement too, so nothing keeps waiting on a lock for a caller that is gone.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import { createPostgresAdapters, loadDemoStore } from '../../src/adapters/postgres/index.js';
import { createRedisSessionStore } from '../../src/adapters/redis/index.js';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../../src/testing/index.js';
import { databaseUrl, usePostgres } from '../integration/support/postgres.js';
import { redisUrl, useRedisTestRun } from '../integration/support/redis.js';
import { guardProcess } from './support/process-guard.js';
import { type FaultProxy, startFaultProxy } from './support/tcp-proxy.js';

const DEADLINE_MS = 300;

const database = usePostgres('deadlines', 2);
const keys = useRedisTestRun();
guardProcess();
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

/** A proxy to the server of `url`, closed after the file. */
async function proxyTo(url: string, defaultPort: number): Promise<FaultProxy> {
  const parsed = new URL(url);
  const proxy = await startFaultProxy({
    host: parsed.hostname,
    port: parsed.port === '' ? defaultPort : Number(parsed.port),
  });
  closing.push(() => proxy.close());
  return proxy;
}

/** A loaded schema, and a one-connection pool to it through a proxy: no connection timeout, as `pg` defaults. */
async function postgresThroughProxy() {
  const { pool: direct, schema } = database();
  await loadDemoStore(direct, demoStore(), { schema });
  const proxy = await proxyTo(databaseUrl, 5432);
  const applicationName = `cw_faults_deadlines_${randomBytes(4).toString('hex')}`;
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  url.searchParams.set('application_name', applicationName);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  pool.on('error', () => undefined);
  closing.push(() => pool.end());
  const ports = createPostgresAdapters({ pool, schema, deadlineMs: DEADLINE_MS });
  return { direct, schema, proxy, pool, ports, applicationName };
}

/** How long `work` took to settle, and how. */
async function timed<T>(work: Promise<T>): Promise<{ ms: number; outcome: T | Error }> {
  const started = performance.now();
  const outcome = await work.catch((error: unknown) =>
    error instanceof Error ? error : new Error(String(error)),
  );
  return { ms: Math.round(performance.now() - started), outcome };
}

describe('the PostgreSQL adapters under their deadline', () => {
  it('reject a stalled read, and the waiting one behind it; the stuck connection is never handed out again', async () => {
    const { proxy, ports, pool } = await postgresThroughProxy();
    const backend = async () => (await pool.query('SELECT pg_backend_pid() AS pid')).rows[0]?.pid as number;
    const stuckBackend = await backend();

    proxy.stall();
    const [stuck, waiting] = await Promise.all([
      timed(ports.catalog.getProducts([40])),
      timed(ports.customers.getCustomer(1)),
    ]).finally(() => proxy.restore());

    expect(stuck.outcome).toEqual(expect.objectContaining({ message: expect.stringMatching(/deadline/) }));
    expect(waiting.outcome).toEqual(expect.objectContaining({ message: expect.stringMatching(/deadline/) }));
    console.info(
      `[faults] postgres adapter, ${DEADLINE_MS} ms deadline, stall: ${stuck.ms} ms and ${waiting.ms} ms`,
    );
    // The pool's only client was stuck: it was closed rather than returned, so the pool serves with a new one.
    expect(await ports.catalog.getProducts([40])).toHaveLength(1);
    expect(await backend()).not.toBe(stuckBackend);
  });

  it('reject a transaction stuck on a row lock, and the server stops its statement', async () => {
    const { direct, schema, ports, applicationName } = await postgresThroughProxy();
    const holder = await direct.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM "${schema}".product WHERE product_id = 40 FOR UPDATE`);
      const take = { productId: 40, productOptionValueId: null, delta: -1, guard: true };
      const stuck = await timed(
        ports.orders.create(sampleOrderDraft(), sampleHistoryWrite({ stockMoves: [take] })),
      );
      expect(stuck.outcome).toEqual(expect.objectContaining({ message: expect.stringMatching(/deadline/) }));

      // Nobody of ours is left waiting for the lock: the server cancelled the statement on its own.
      let waiting = -1;
      for (let attempt = 0; attempt < 50 && waiting !== 0; attempt += 1) {
        const { rows } = await direct.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
          [applicationName],
        );
        waiting = Number(rows[0]?.n);
        if (waiting !== 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(waiting).toBe(0);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    expect((await ports.orders.create(sampleOrderDraft(), sampleHistoryWrite())).status).toBe('created');
  });

  it('refuse a deadline that is not a whole number of milliseconds from 1', () => {
    const { pool, schema } = database();
    for (const deadlineMs of [0, -1, 1.5, Number.NaN, 2 ** 31]) {
      expect(() => createPostgresAdapters({ pool, schema, deadlineMs }), String(deadlineMs)).toThrow(
        CartwrightInvariantError,
      );
    }
  });
});

describe('the Redis session store under its deadline', () => {
  it('rejects a stalled command, then serves again once Redis answers', async () => {
    await keys.client();
    const proxy = await proxyTo(redisUrl(), 6379);
    const target = new URL(redisUrl());
    target.hostname = '127.0.0.1';
    target.port = String(proxy.port);
    // No command timeout, an offline queue, ioredis's default retries: only the store's deadline bounds a call.
    const client = new Redis(target.toString());
    client.on('error', () => undefined);
    closing.push(async () => client.disconnect());
    const store = createRedisSessionStore({ client, prefix: keys.prefix, deadlineMs: DEADLINE_MS });
    expect(await store.get('nobody')).toEqual({ status: 'missing' });

    proxy.stall();
    const stuck = await timed(store.get('nobody')).finally(() => proxy.restore());
    expect(stuck.outcome).toEqual(expect.objectContaining({ message: expect.stringMatching(/deadline/) }));
    console.info(`[faults] redis session store, ${DEADLINE_MS} ms deadline, stall: ${stuck.ms} ms`);
    expect(await store.get('nobody')).toEqual({ status: 'missing' });
  });

  it('refuses a deadline that is not a whole number of milliseconds from 1', () => {
    const client = { eval: async () => null, del: async () => 0 };
    for (const deadlineMs of [0, 2.5, Number.POSITIVE_INFINITY]) {
      expect(() => createRedisSessionStore({ client, deadlineMs }), String(deadlineMs)).toThrow(
        CartwrightInvariantError,
      );
    }
  });
});
