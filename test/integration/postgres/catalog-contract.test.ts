/**
 * The catalog and stock contract suites of `cartwright/testing`, the ones the memory adapters pass, on the real
 * PostgreSQL server: every case loads its seed into this file's schema, and the failure cases run the adapters
 * through a proxy that stalls.
 */
import { describe, it } from 'vitest';
import {
  createPostgresCatalog,
  createPostgresStock,
  loadDemoStore,
} from '../../../src/adapters/postgres/index.js';
import { describeCatalogContract, describeStockContract, type TestApi } from '../../../src/testing/index.js';
import { catalogStore } from '../../contract/support/seeded-store.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { usePostgres } from '../support/postgres.js';
import { stalledPostgres } from '../support/stalled-postgres.js';

const database = usePostgres('catalog_contract', 10);

/** The stock race makes 30 calls at once: give each case time on a networked store. */
const runner: TestApi = { describe, it: (name, fn) => it(name, fn, 30_000) };

/** Releases what the failure cases opened. */
const closing: (() => Promise<void>)[] = [];
const cleanup = async () => {
  for (const close of closing.splice(0)) await close();
};

describeCatalogContract(runner, 'postgres', async (seed) => {
  const { pool, schema } = database();
  await loadDemoStore(pool, { data: catalogStore(seed) }, { schema });
  return {
    catalog: createPostgresCatalog({ pool, schema }),
    async unavailable() {
      const stalled = await stalledPostgres(schema);
      closing.push(() => stalled.close());
      return stalled.ports.catalog;
    },
    cleanup,
  };
});

describeStockContract(runner, 'postgres', async (seed) => {
  const { pool, schema } = database();
  await loadDemoStore(pool, { data: catalogStore(seed) }, { schema });
  const options = { pool, schema, deadlineMs: CONTENTION_DEADLINE_MS };
  return {
    stock: createPostgresStock(options),
    catalog: createPostgresCatalog(options),
    async unavailable() {
      const stalled = await stalledPostgres(schema);
      closing.push(() => stalled.close());
      return stalled.ports.stock;
    },
    cleanup,
  };
});
