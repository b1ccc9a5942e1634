/**
 * The catalog and stock contract suites of `cartwright/testing`, the ones the memory adapters pass, on the real
 * PostgreSQL server: every case loads its seed into this file's schema, and the failure cases run the adapters
 * through a proxy that stalls. Each suite runs twice: reading through, and over a listening reference cache
 * (which the stock port's moves must not leave stale).
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
import { cacheModes, useCaches } from '../support/reference-cache.js';
import { stalledPostgres } from '../support/stalled-postgres.js';

const database = usePostgres('catalog_contract', 10);
const openCache = useCaches();

/** The stock race makes 30 calls at once: give each case time on a networked store. */
const runner: TestApi = { describe, it: (name, fn) => it(name, fn, 30_000) };

/** Releases what the failure cases opened. */
const closing: (() => Promise<void>)[] = [];
const cleanup = async () => {
  for (const close of closing.splice(0)) await close();
};

for (const { suffix, cached } of cacheModes) {
  /** The stalled ports of a failure case, released at cleanup. */
  const stalled = async (schema: string) => {
    const ports = await stalledPostgres(schema, cached);
    closing.push(() => ports.close());
    return ports.ports;
  };

  describeCatalogContract(runner, `postgres${suffix}`, async (seed) => {
    const { pool, schema } = database();
    await loadDemoStore(pool, { data: catalogStore(seed) }, { schema });
    const cache = await openCache(cached, pool, schema);
    return {
      catalog: createPostgresCatalog({ pool, schema, cache }),
      unavailable: async () => (await stalled(schema)).catalog,
      cleanup,
    };
  });

  describeStockContract(runner, `postgres${suffix}`, async (seed) => {
    const { pool, schema } = database();
    await loadDemoStore(pool, { data: catalogStore(seed) }, { schema });
    const cache = await openCache(cached, pool, schema);
    const options = { pool, schema, deadlineMs: CONTENTION_DEADLINE_MS, cache };
    return {
      stock: createPostgresStock(options),
      catalog: createPostgresCatalog(options),
      unavailable: async () => (await stalled(schema)).stock,
      cleanup,
    };
  });
}
