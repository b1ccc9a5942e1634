/**
 * The order-payments contract suite of `cartwright/testing`, the one the memory repository passes, on the real
 * PostgreSQL server: every case starts from the demo store freshly loaded into this file's schema, reading
 * through and over a listening reference cache (which holds taken and released must not leave stale).
 */
import { describe, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { createPostgresAdapters, loadDemoStore } from '../../../src/adapters/postgres/index.js';
import {
  createManualClock,
  describeOrderPaymentsContract,
  type TestApi,
} from '../../../src/testing/index.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { usePostgres } from '../support/postgres.js';
import { cacheModes, useCaches } from '../support/reference-cache.js';

const database = usePostgres('payments', 24);
const openCache = useCaches();

/** The races make 20 writes at once: give each case time on a networked store. */
const runner: TestApi = { describe, it: (name, fn) => it(name, fn, 30_000) };

for (const { suffix, cached } of cacheModes) {
  describeOrderPaymentsContract(runner, `postgres${suffix}`, async () => {
    const { pool, schema } = database();
    await loadDemoStore(pool, demoStore(), { schema });
    const cache = await openCache(cached, pool, schema);
    const clock = createManualClock('2024-05-01T10:00:00Z');
    const { orders, catalog } = createPostgresAdapters({
      pool,
      schema,
      deadlineMs: CONTENTION_DEADLINE_MS,
      cache,
      clock,
    });
    return { orders, catalog, clock };
  });
}
