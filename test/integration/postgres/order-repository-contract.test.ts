/**
 * The order-repository contract suite of `cartwright/testing`, the one the memory repository passes, on the
 * real PostgreSQL server: every case starts from the demo store freshly loaded into this file's schema. It runs
 * twice: the repository moving stock inside each order's transaction, and the repository with its stock moved
 * through the PostgreSQL `Stock` port instead (in transactions of their own, as a host's stock would be).
 */
import { describe, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import {
  createPostgresAdapters,
  createPostgresStock,
  loadDemoStore,
} from '../../../src/adapters/postgres/index.js';
import { ordersWithStock } from '../../../src/engine/index.js';
import { describeOrderRepositoryContract, type TestApi } from '../../../src/testing/index.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('contract', 10);

/** The suite's concurrency cases make up to 50 writes at once: give each case time on a networked store. */
const runner: TestApi = { describe, it: (name, fn) => it(name, fn, 30_000) };

describeOrderRepositoryContract(runner, 'postgres', async () => {
  const { pool, schema } = database();
  await loadDemoStore(pool, demoStore(), { schema });
  const { orders, catalog, coupons, customers } = createPostgresAdapters({
    pool,
    schema,
    deadlineMs: CONTENTION_DEADLINE_MS,
  });
  return { orders, catalog, coupons, customers };
});

describeOrderRepositoryContract(
  runner,
  'postgres orders, stock moved through the PostgreSQL Stock port',
  async () => {
    const { pool, schema } = database();
    await loadDemoStore(pool, demoStore(), { schema });
    const options = { pool, schema, deadlineMs: CONTENTION_DEADLINE_MS };
    const { orders, catalog, coupons, customers } = createPostgresAdapters(options);
    return { orders: ordersWithStock(orders, createPostgresStock(options)), catalog, coupons, customers };
  },
);
