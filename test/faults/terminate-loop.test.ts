/**
 * `npm start` on Redis and PostgreSQL, as its own process, while 8 clients loop confirms and this test terminates
 * the server's backends every 0.5 s (only this test's: its connections carry an `application_name` of their own,
 * other tests share the server). The process must live through it, the requests a termination touched answer
 * 503 and the others go on, the pool reconnects by itself, and every confirm retried with its Idempotency-Key
 * owns exactly one order.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseUrl, testSchemaName, usePool } from '../integration/support/postgres.js';
import { redisUrl, useRedisTestRun } from '../integration/support/redis.js';
import { type ChildServer, startChildServer } from './support/child-server.js';
import { guardProcess } from './support/process-guard.js';
import { confirmUntilDone, faultApiKey, ok, readyCheckout } from './support/shop-client.js';

const CLIENTS = 8;
const ROUNDS = 10;
const EVERY_MS = 500;

const schema = testSchemaName('terminate');
const applicationName = `cw_faults_terminate_${randomBytes(4).toString('hex')}`;
const admin = usePool(2, async (pool) => {
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
});
const redis = useRedisTestRun();
guardProcess();

let server: ChildServer | undefined;
afterAll(async () => {
  await server?.stop();
}, 30_000);

/** Terminates every backend of this test's server process; answers how many. */
async function terminateOurBackends(): Promise<number> {
  const { rows } = await admin().query(
    `SELECT count(*)::int AS terminated FROM (
       SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE application_name = $1 AND pid <> pg_backend_pid()
     ) t`,
    [applicationName],
  );
  return Number(rows[0]?.terminated);
}

/** One client's confirms: key → the order its confirm answered, with the status of every attempt. */
interface ClientRun {
  readonly token: string;
  readonly orders: Map<string, number>;
  readonly statuses: number[];
}

/** Confirms, each with a key of its own, until `stop()` says so (the confirm under way is finished first). */
async function loopConfirms(url: string, run: ClientRun, name: string, stop: () => boolean): Promise<void> {
  for (let n = 0; !stop(); n += 1) {
    const key = `${name}-${n}`;
    const done = await confirmUntilDone(url, run.token, key, { attempts: 100, pauseMs: 50 });
    run.orders.set(key, done.orderId);
    run.statuses.push(...done.statuses);
  }
}

describe('npm start while its PostgreSQL backends are terminated every 0.5 s', () => {
  it('lives, answers 503 only for what a termination touched, and makes one order per confirm key', async () => {
    const pool = admin();
    await redis.client();
    server = await startChildServer({
      CARTWRIGHT_API_KEY: faultApiKey,
      CARTWRIGHT_REDIS_URL: redisUrl(),
      CARTWRIGHT_REDIS_PREFIX: redis.prefix,
      CARTWRIGHT_DATABASE_URL: `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}application_name=${applicationName}`,
      CARTWRIGHT_DATABASE_SCHEMA: schema,
    });
    const { url } = server;
    const runs: ClientRun[] = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      runs.push({ token: await readyCheckout(url), orders: new Map(), statuses: [] });
    }
    const stockBefore = await pool.query(`SELECT quantity FROM "${schema}".product WHERE product_id = 40`);

    let terminating = true;
    let terminated = 0;
    const started = performance.now();
    const terminator = (async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
        terminated += await terminateOurBackends();
      }
      terminating = false;
    })();
    const loops = runs.map((run, i) => loopConfirms(url, run, `terminate-${i}`, () => !terminating));
    const settled = await Promise.allSettled([terminator, ...loops]);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);

    const failed = settled.flatMap((outcome) =>
      outcome.status === 'rejected' ? [String(outcome.reason)] : [],
    );
    expect(failed, `npm start said:\n${server.output()}`).toEqual([]);
    expect(server.exit(), `npm start ended:\n${server.output()}`).toBeUndefined();
    expect(terminated).toBeGreaterThan(0);

    // One order per key, each the one its confirm answered, and nothing else; stock moved once per order.
    const answered = runs.flatMap((run) => [...run.orders]);
    const claims = await pool.query(
      `SELECT idempotency_key, order_id FROM "${schema}".order_idempotency WHERE scope LIKE 'api-user:%'`,
    );
    const orders = await pool.query(`SELECT order_id FROM "${schema}".orders ORDER BY order_id`);
    expect(new Map(claims.rows.map((row) => [String(row.idempotency_key), Number(row.order_id)]))).toEqual(
      new Map(answered),
    );
    expect(orders.rows.map((row) => Number(row.order_id))).toEqual(
      answered.map(([, id]) => id).sort((a, b) => a - b),
    );
    const stockAfter = await pool.query(`SELECT quantity FROM "${schema}".product WHERE product_id = 40`);
    expect(Number(stockAfter.rows[0]?.quantity)).toBe(
      Number(stockBefore.rows[0]?.quantity) - answered.length,
    );

    // The sessions are intact: each still holds its cart and reads its last order.
    for (const run of runs) {
      const lines = await ok(url, 'api/cart/getProducts', { token: run.token });
      expect(lines.body).toEqual([expect.objectContaining({ product_id: 40, quantity: 1 })]);
      const last = String([...run.orders.values()].at(-1));
      const info = await ok(url, 'api/order/info', { token: run.token, query: { order_id: last } });
      expect(info.body.order).toMatchObject({ order_id: Number(last) });
    }
    expect(server.exit()).toBeUndefined();

    const statuses = runs.flatMap((run) => run.statuses);
    const unavailable = statuses.filter((status) => status === 503).length;
    console.info(
      `[faults] terminate loop: ${terminated} backends terminated in ${ROUNDS} rounds over ${seconds} s; ` +
        `${statuses.length} confirm requests, ${unavailable} answered 503, ${answered.length} orders; process alive`,
    );
  }, 120_000);
});
