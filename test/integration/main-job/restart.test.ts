/**
 * The main job (`npm start`) on the real stores, started in-process on port 0: the first start migrates and
 * loads the demo data, later starts over the same schema and key prefix keep the data, the orders and the
 * sessions, and put the key and allowed IPs of their own environment in force.
 */
import { describe, expect, it } from 'vitest';
import { runDemoCheckout } from '../../../examples/demo-checkout.js';
import { readDemoEnv } from '../../../examples/shared/demo-env.js';
import { type RunningDemo, startDemoServer } from '../../../examples/shared/demo-main.js';
import { checkAnswer } from '../../openapi/support/answer-check.js';
import { databaseUrl, testSchemaName, usePool } from '../support/postgres.js';
import { redisUrl, useRedisTestRun } from '../support/redis.js';

const schema = testSchemaName('mainjob');
const database = usePool(2, async (pool) => {
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
});
const redis = useRedisTestRun();
const firstKey = 'restart-first-key-0123456789abcdef01';
const secondKey = 'restart-second-key-0123456789abcdef0';

/** The environment of `npm start` with both stores on this file's schema and key prefix. */
function storeVars(apiKey: string, apiIps = '127.0.0.1,::1'): NodeJS.ProcessEnv {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    CARTWRIGHT_API_KEY: apiKey,
    CARTWRIGHT_API_IPS: apiIps,
    CARTWRIGHT_REDIS_URL: redisUrl(),
    CARTWRIGHT_REDIS_PREFIX: redis.prefix,
    CARTWRIGHT_DATABASE_URL: databaseUrl,
    CARTWRIGHT_DATABASE_SCHEMA: schema,
  };
}

/** Starts the main job; answers it and its banner. */
async function start(vars: NodeJS.ProcessEnv): Promise<{ demo: RunningDemo; banner: string }> {
  const lines: string[] = [];
  const started = await startDemoServer(vars, { log: (line) => lines.push(line) });
  if (started.isErr()) throw new Error(`bad environment: ${JSON.stringify(started.error)}`);
  return { demo: started.value, banner: lines.join('\n') };
}

/** One request to a started server: a GET with `query`, or a POST of `form`. */
async function call(
  demo: RunningDemo,
  route: string,
  query: Record<string, string> = {},
  form?: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(demo.url);
  url.search = `route=${route}`;
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method: form === undefined ? 'GET' : 'POST',
    headers: form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
    body: form === undefined ? null : new URLSearchParams(form).toString(),
  });
  const body = (await response.json()) as Record<string, unknown>;
  checkAnswer(url.href, response.status, body);
  return { status: response.status, body };
}

/** Logs in as `demo` with `key`: the reply, and the session's token when it succeeded. */
async function login(demo: RunningDemo, key: string) {
  const reply = await call(demo, 'api/account/login', {}, { username: 'demo', key });
  return { ...reply, token: typeof reply.body.api_token === 'string' ? reply.body.api_token : '' };
}

/** The stored orders and the iPhone's stock, read from the schema directly. */
async function stored(): Promise<{ orders: number[]; iphoneStock: number }> {
  const pool = database();
  const orders = await pool.query(`SELECT order_id FROM "${schema}".orders ORDER BY order_id`);
  const stock = await pool.query(`SELECT quantity FROM "${schema}".product WHERE product_id = 40`);
  return {
    orders: orders.rows.map((row) => Number(row.order_id)),
    iphoneStock: Number(stock.rows[0]?.quantity),
  };
}

describe('npm start on Redis and PostgreSQL', () => {
  it('a second start keeps the data, the orders and the sessions, and the new key and IPs take effect', async () => {
    database(); // fails the test with the connection error when PostgreSQL is not there
    await redis.client(); // likewise for Redis

    const first = await start(storeVars(firstKey));
    let second: Awaited<ReturnType<typeof start>> | undefined;
    let third: Awaited<ReturnType<typeof start>> | undefined;
    try {
      expect(first.banner).toContain(`Sessions: Redis at ${redisUrl()}`);
      expect(first.banner).toContain(`schema ${schema}; demo data loaded now`);
      const order = await runDemoCheckout({ url: first.demo.url, apiKey: firstKey, log: () => {} });
      expect(order.confirm).toMatchObject({ status: 200, body: { order_id: 1 } });
      const early = await login(first.demo, firstKey);
      expect(early.status).toBe(200);
      const afterFirst = await stored();
      expect(afterFirst.orders).toEqual([1]);
      await first.demo.close();

      second = await start(storeVars(secondKey));
      expect(second.banner).toContain('data kept from an earlier start');
      expect(second.demo.stores.loaded).toBe(false);
      // Not reloaded: the order is there and the stock it took stays taken.
      expect(await stored()).toEqual(afterFirst);
      // The key of this start is the one in force, the earlier one no longer is.
      expect((await login(second.demo, firstKey)).status).toBe(401);
      const fresh = await login(second.demo, secondKey);
      expect(fresh.status).toBe(200);
      const info = await call(second.demo, 'api/order/info', { order_id: '1', api_token: fresh.token });
      expect(info).toMatchObject({ status: 200, body: { order: { order_id: 1 } } });
      // The session made on the first start lives in Redis: the second start serves it.
      const carried = await call(second.demo, 'api/order/info', { order_id: '1', api_token: early.token });
      expect(carried.status).toBe(200);
      // Ids continue after the first start's order.
      const next = await runDemoCheckout({ url: second.demo.url, apiKey: secondKey, log: () => {} });
      expect(next.confirm).toMatchObject({ status: 200, body: { order_id: 2 } });
      expect((await stored()).orders).toEqual([1, 2]);
      await second.demo.close();

      // The allowed IPs of this start are the ones in force too.
      third = await start(storeVars(secondKey, '203.0.113.9'));
      const refused = await login(third.demo, secondKey);
      expect(refused.status).toBe(403);
      expect((await stored()).orders).toEqual([1, 2]);
    } finally {
      await first.demo.close();
      await second?.demo.close();
      await third?.demo.close();
    }
  }, 60_000);

  it('refuses to start, with nothing left open, when a store cannot be reached', async () => {
    const unreachableRedis = { ...storeVars(firstKey), CARTWRIGHT_REDIS_URL: 'redis://127.0.0.1:1' };
    await expect(startDemoServer(unreachableRedis)).rejects.toThrow(
      /Cannot reach Redis at redis:\/\/127\.0\.0\.1:1/,
    );
    const unreachablePostgres = {
      ...storeVars(firstKey),
      CARTWRIGHT_DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/test',
    };
    await expect(startDemoServer(unreachablePostgres)).rejects.toThrow(
      /Cannot use PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/test/,
    );
  });
});

describe('the store variables', () => {
  it('default to memory, with the adapters’ own prefix and schema', () => {
    expect(readDemoEnv({})._unsafeUnwrap()).toMatchObject({
      redisUrl: undefined,
      redisPrefix: 'cartwright:session:',
      redisDeadlineMs: 2000,
      databaseUrl: undefined,
      databaseSchema: undefined,
      databaseDeadlineMs: 2000,
    });
  });

  it('take each store’s deadline in milliseconds', () => {
    const read = readDemoEnv({
      CARTWRIGHT_REDIS_DEADLINE_MS: '750',
      CARTWRIGHT_DATABASE_DEADLINE_MS: '3000',
    });
    expect(read._unsafeUnwrap()).toMatchObject({ redisDeadlineMs: 750, databaseDeadlineMs: 3000 });
  });

  it('are checked before anything is opened', () => {
    const read = readDemoEnv({
      CARTWRIGHT_REDIS_URL: 'localhost:6379',
      CARTWRIGHT_DATABASE_URL: 'mysql://db/test',
      CARTWRIGHT_DATABASE_SCHEMA: 'Shop',
      CARTWRIGHT_REDIS_DEADLINE_MS: '0',
      CARTWRIGHT_DATABASE_DEADLINE_MS: '2s',
    });
    expect(Object.keys(read._unsafeUnwrapErr()).sort()).toEqual([
      'CARTWRIGHT_DATABASE_DEADLINE_MS',
      'CARTWRIGHT_DATABASE_SCHEMA',
      'CARTWRIGHT_DATABASE_URL',
      'CARTWRIGHT_REDIS_DEADLINE_MS',
      'CARTWRIGHT_REDIS_URL',
    ]);
  });
});
