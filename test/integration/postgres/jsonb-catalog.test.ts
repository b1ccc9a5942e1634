/**
 * The catalog and stock contract suites of `cartwright/testing` against a catalog of one's own on the real
 * PostgreSQL server, one that keeps each product's lists (options and their stock, discounts, specials, rewards,
 * plans, categories) as JSONB in a schema of its own. PostgreSQL hands JSONB objects back with their keys in its
 * own order; the suites compare records as values, so this correct adapter passes. The failure cases run it on a
 * server that is not there (a port nothing listens on).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  describeCatalogContract,
  describeStockContract,
  seedCatalog,
  type TestApi,
} from '../../../src/testing/index.js';
import { usePool } from '../support/postgres.js';
import { createJsonbCatalog } from './jsonb-catalog/catalog.js';
import { createJsonbStock } from './jsonb-catalog/stock.js';
import { createTables, writeSeed } from './jsonb-catalog/tables.js';

const schema = `cw_test_jsonb_${randomBytes(4).toString('hex')}`;
const database = usePool(10, (pool) =>
  pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).then(() => undefined),
);

/** The stock race makes 30 calls at once: give each case time on a networked store. */
const runner: TestApi = { describe, it: (name, fn) => it(name, fn, 30_000) };

/** A pool on a port nothing listens on: every query is refused, as by a server that has stopped. */
async function stoppedServerPool(): Promise<pg.Pool> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  const pool = new pg.Pool({
    host: '127.0.0.1',
    port: address.port,
    user: 'postgres',
    connectionTimeoutMillis: 2_000,
  });
  pool.on('error', () => undefined);
  return pool;
}

/** Writes the seed into this file's tables and answers the pool. */
async function seeded(seed: Parameters<typeof writeSeed>[2]): Promise<pg.Pool> {
  const pool = database();
  await createTables(pool, schema);
  await writeSeed(pool, schema, seed);
  return pool;
}

/** The failed store's pool of one case, ended at its cleanup. */
function failing() {
  let stopped: pg.Pool | undefined;
  return {
    pool: async () => {
      stopped ??= await stoppedServerPool();
      return stopped;
    },
    cleanup: async () => {
      await stopped?.end();
    },
  };
}

describeCatalogContract(runner, 'PostgreSQL with JSONB lists', async (seed) => {
  const pool = await seeded(seed);
  const failed = failing();
  return {
    catalog: createJsonbCatalog(pool, schema),
    unavailable: async () => createJsonbCatalog(await failed.pool(), schema),
    cleanup: failed.cleanup,
  };
});

describeStockContract(runner, 'PostgreSQL with JSONB lists', async (seed) => {
  const pool = await seeded(seed);
  const failed = failing();
  return {
    stock: createJsonbStock(pool, schema),
    catalog: createJsonbCatalog(pool, schema),
    unavailable: async () => createJsonbStock(await failed.pool(), schema),
    cleanup: failed.cleanup,
  };
});

describe('the JSONB catalog', () => {
  it('reads the lists back with their keys in another order than written: the same records all the same', async () => {
    const seed = seedCatalog();
    const catalog = createJsonbCatalog(await seeded(seed), schema);
    const [lens] = await catalog.getProducts([104]);
    const written = seed.products.find((p) => p.productId === 104);
    assert.ok(lens !== undefined && written !== undefined);
    expect(Object.keys(lens.specials[0] ?? {})).not.toEqual(Object.keys(written.specials[0] ?? {}));
    // Sorted by the JSON text of each entry (as the catalog suite once compared them), the two lists come out in
    // different orders, so a correct adapter read as wrong ("specials read differently").
    const byText = <T>(items: readonly T[]) =>
      [...items].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
    expect(() => assert.deepStrictEqual(byText(lens.specials), byText(written.specials))).toThrow();
    // As sets of values, they are the same.
    expect(
      new Set(lens.specials.map((s) => JSON.stringify(Object.fromEntries(Object.entries(s).sort())))),
    ).toEqual(
      new Set(written.specials.map((s) => JSON.stringify(Object.fromEntries(Object.entries(s).sort())))),
    );
  });
});
