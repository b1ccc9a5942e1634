/**
 * The order-repository contract suite of `cartwright/testing`, the one the memory repository passes, on the
 * real PostgreSQL server: every case starts from the suite's seed (and nothing else) freshly loaded into this
 * file's schema. It runs
 * twice: the repository moving stock inside each order's transaction, and the repository with its stock moved
 * through the PostgreSQL `Stock` port instead (in transactions of their own, as a host's stock would be); each
 * reading through and over a listening reference cache (which the orders' stock moves must not leave stale).
 */
import { describe, it } from 'vitest';
import {
  createPostgresAdapters,
  createPostgresStock,
  loadDemoStore,
} from '../../../src/adapters/postgres/index.js';
import { ordersWithStock } from '../../../src/engine/index.js';
import { describeOrderRepositoryContract, type TestApi } from '../../../src/testing/index.js';
import { orderStore } from '../../contract/support/seeded-store.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { usePostgres } from '../support/postgres.js';
import { cacheModes, useCaches } from '../support/reference-cache.js';

const database = usePostgres('contract', 10);
const openCache = useCaches();

/** The suite's concurrency cases make up to 50 writes at once: give each case time on a networked store. */
const runner: TestApi = { describe, it: (name, fn) => it(name, fn, 30_000) };

for (const { suffix, cached } of cacheModes) {
  describeOrderRepositoryContract(runner, `postgres${suffix}`, async (seed) => {
    const { pool, schema } = database();
    await loadDemoStore(pool, { data: orderStore(seed) }, { schema });
    const cache = await openCache(cached, pool, schema);
    const { orders, catalog, coupons, customers } = createPostgresAdapters({
      pool,
      schema,
      deadlineMs: CONTENTION_DEADLINE_MS,
      cache,
    });
    return { orders, catalog, coupons, customers };
  });

  describeOrderRepositoryContract(
    runner,
    `postgres orders, stock moved through the PostgreSQL Stock port${suffix}`,
    async (seed) => {
      const { pool, schema } = database();
      await loadDemoStore(pool, { data: orderStore(seed) }, { schema });
      const cache = await openCache(cached, pool, schema);
      const options = { pool, schema, deadlineMs: CONTENTION_DEADLINE_MS, cache };
      const { orders, catalog, coupons, customers } = createPostgresAdapters(options);
      return { orders: ordersWithStock(orders, createPostgresStock(options)), catalog, coupons, customers };
    },
  );
}
