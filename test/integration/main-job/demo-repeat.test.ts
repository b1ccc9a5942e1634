/**
 * `npm run demo` against `npm start`, again and again, on every store: memory, sessions in Redis, catalog and
 * orders in PostgreSQL, and both, with the store's stock check on (as installed). Each run logs in afresh and ends
 * with a new order; nothing one run leaves behind (its session, its order, the stock it took, an idempotency key)
 * stops the next: the demo data holds ample stock of everything the demo buys. Then
 * `CARTWRIGHT_DEMO_RESET` on PostgreSQL: `catalog` puts the demo stock back and keeps the orders, `all`
 * empties the orders too.
 */
import { describe, expect, it } from 'vitest';
import { runDemoCheckout } from '../../../examples/demo-checkout.js';
import type { RunningDemo } from '../../../examples/shared/demo-main.js';
import { startDemoServer } from '../../../examples/shared/demo-main.js';
import { databaseUrl, testSchemaName, usePool } from '../support/postgres.js';
import { redisUrl, useRedisTestRun } from '../support/redis.js';

const schemas: string[] = [];
const database = usePool(2, async (pool) => {
  for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
});
const redis = useRedisTestRun();
const apiKey = 'demo-repeat-key-0123456789abcdef0123456789';

/** A schema of its own for one start-up sequence, dropped when the file ends. */
function freshSchema(): string {
  const schema = testSchemaName('demo');
  schemas.push(schema);
  return schema;
}

/** The environment of `npm start` on the given stores. */
function storeVars(stores: { redis?: boolean; schema?: string }, extra: NodeJS.ProcessEnv = {}) {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    CARTWRIGHT_API_KEY: apiKey,
    ...(stores.redis === true
      ? { CARTWRIGHT_REDIS_URL: redisUrl(), CARTWRIGHT_REDIS_PREFIX: redis.prefix }
      : {}),
    ...(stores.schema === undefined
      ? {}
      : { CARTWRIGHT_DATABASE_URL: databaseUrl, CARTWRIGHT_DATABASE_SCHEMA: stores.schema }),
    ...extra,
  };
}

/** Starts `npm start`'s server in-process; answers it and its banner. */
async function start(vars: NodeJS.ProcessEnv): Promise<{ demo: RunningDemo; banner: string }> {
  const lines: string[] = [];
  const started = await startDemoServer(vars, { log: (line) => lines.push(line) });
  if (started.isErr()) throw new Error(`bad environment: ${JSON.stringify(started.error)}`);
  return { demo: started.value, banner: lines.join('\n') };
}

/** Runs `npm run demo` `times` times; answers each run's summary line. */
async function runDemo(demo: RunningDemo, times: number): Promise<string[]> {
  const summaries: string[] = [];
  for (let i = 0; i < times; i += 1) {
    summaries.push((await runDemoCheckout({ url: demo.url, apiKey, log: () => {} })).summary);
  }
  return summaries;
}

/** The summary of a run that placed order `id`. */
const placed = (id: number) =>
  expect.stringMatching(new RegExp(`^Order ${id} placed, total .+, now Processing\\.$`));

/** The stock of product 40 in `schema`. */
async function iphoneStock(schema: string): Promise<number> {
  const { rows } = await database().query(`SELECT quantity FROM "${schema}".product WHERE product_id = 40`);
  return Number(rows[0]?.quantity);
}

describe('npm run demo, again and again', () => {
  it.each([
    ['memory', {}],
    ['sessions in Redis', { redis: true }],
    ['catalog and orders in PostgreSQL', { postgres: true }],
    ['Redis and PostgreSQL', { redis: true, postgres: true }],
  ])(
    'on %s: three runs, three orders; and three more after a restart',
    async (_label, stores) => {
      database();
      await redis.client();
      const schema = 'postgres' in stores ? freshSchema() : undefined;
      const vars = storeVars({ ...stores, ...(schema === undefined ? {} : { schema }) });
      const first = await start(vars);
      try {
        expect(await runDemo(first.demo, 3)).toEqual([placed(1), placed(2), placed(3)]);
      } finally {
        await first.demo.close();
      }
      const second = await start(vars);
      try {
        // Memory starts afresh; PostgreSQL keeps the orders, so ids continue.
        const next = schema === undefined ? 1 : 4;
        expect(await runDemo(second.demo, 3)).toEqual([placed(next), placed(next + 1), placed(next + 2)]);
      } finally {
        await second.demo.close();
      }
    },
    120_000,
  );
});

describe('CARTWRIGHT_DEMO_RESET on PostgreSQL', () => {
  it('catalog puts the demo data back and keeps the orders; all empties the orders too', async () => {
    database();
    const schema = freshSchema();
    const first = await start(storeVars({ schema }));
    const demoStock = await iphoneStock(schema);
    try {
      expect(await runDemo(first.demo, 2)).toEqual([placed(1), placed(2)]);
    } finally {
      await first.demo.close();
    }
    expect(await iphoneStock(schema)).toBe(demoStock - 4);

    const kept = await start(storeVars({ schema }, { CARTWRIGHT_DEMO_RESET: 'catalog' }));
    try {
      expect(kept.banner).toContain('demo catalog and directories reloaded now, orders kept');
      expect(await iphoneStock(schema)).toBe(demoStock);
      expect(await runDemo(kept.demo, 1)).toEqual([placed(3)]);
    } finally {
      await kept.demo.close();
    }

    const emptied = await start(storeVars({ schema }, { CARTWRIGHT_DEMO_RESET: 'all' }));
    try {
      expect(emptied.banner).toContain('demo data reloaded now, orders emptied');
      const { rows } = await database().query(`SELECT count(*)::int AS n FROM "${schema}".orders`);
      expect(rows[0]?.n).toBe(0);
      expect(await iphoneStock(schema)).toBe(demoStock);
      expect(await runDemo(emptied.demo, 1)).toEqual([placed(1)]);
    } finally {
      await emptied.demo.close();
    }
  }, 120_000);

  it('is refused unless it is catalog or all, and without a database', async () => {
    const wrong = await startDemoServer(storeVars({ schema: 'x' }, { CARTWRIGHT_DEMO_RESET: 'yes' }));
    expect(wrong._unsafeUnwrapErr()).toEqual({
      CARTWRIGHT_DEMO_RESET: 'CARTWRIGHT_DEMO_RESET must be catalog or all!',
    });
    const memory = await startDemoServer(storeVars({}, { CARTWRIGHT_DEMO_RESET: 'catalog' }));
    expect(Object.keys(memory._unsafeUnwrapErr())).toEqual(['CARTWRIGHT_DEMO_RESET']);
  });
});
