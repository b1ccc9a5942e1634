/**
 * The directory contract suites of `cartwright/testing`, the ones the memory adapters pass, on the real
 * PostgreSQL server: every case loads its seed into this file's schema, and the failure cases run the adapters
 * through a proxy that stalls. Each suite runs twice: reading through, and over a listening reference cache.
 */
import { describe, it } from 'vitest';
import type { MemoryStoreData } from '../../../src/adapters/memory/index.js';
import {
  createPostgresAdapters,
  loadDemoStore,
  type PostgresAdapters,
} from '../../../src/adapters/postgres/index.js';
import {
  describeApiUserDirectoryContract,
  describeCouponDirectoryContract,
  describeCustomerDirectoryContract,
  describeGeoDirectoryContract,
  describeTaxRatesContract,
  type TestApi,
} from '../../../src/testing/index.js';
import {
  apiUserStore,
  couponStore,
  customerStore,
  geoStore,
  taxStore,
} from '../../contract/support/seeded-store.js';
import { usePostgres } from '../support/postgres.js';
import { cacheModes, useCaches } from '../support/reference-cache.js';
import { stalledPostgres } from '../support/stalled-postgres.js';

const database = usePostgres('directories_contract');
const openCache = useCaches();
const t: TestApi = { describe, it };

/** Releases what the failure cases opened. */
const closing: (() => Promise<void>)[] = [];
const cleanup = async () => {
  for (const close of closing.splice(0)) await close();
};

/**
 * Loads `data` into the file's schema; answers the ports over it (over a listening reference cache when
 * `cached`) and the stalled ports of the failure cases.
 */
async function open(data: MemoryStoreData, cached: boolean) {
  const { pool, schema } = database();
  await loadDemoStore(pool, { data }, { schema });
  const unavailable = async (): Promise<PostgresAdapters> => {
    const stalled = await stalledPostgres(schema, cached);
    closing.push(() => stalled.close());
    return stalled.ports;
  };
  const cache = await openCache(cached, pool, schema);
  return { ports: createPostgresAdapters({ pool, schema, cache }), unavailable };
}

for (const { suffix, cached } of cacheModes) {
  describeCustomerDirectoryContract(t, `postgres${suffix}`, async (seed) => {
    const { ports, unavailable } = await open(customerStore(seed), cached);
    return { customers: ports.customers, unavailable: async () => (await unavailable()).customers, cleanup };
  });

  describeGeoDirectoryContract(t, `postgres${suffix}`, async (seed) => {
    const { ports, unavailable } = await open(geoStore(seed), cached);
    return { geo: ports.geo, unavailable: async () => (await unavailable()).geo, cleanup };
  });

  describeTaxRatesContract(t, `postgres${suffix}`, async (seed) => {
    const { ports, unavailable } = await open(taxStore(seed), cached);
    return { taxes: ports.taxes, unavailable: async () => (await unavailable()).taxes, cleanup };
  });

  describeCouponDirectoryContract(t, `postgres${suffix}`, async (seed) => {
    const { ports, unavailable } = await open(couponStore(seed), cached);
    return { coupons: ports.coupons, unavailable: async () => (await unavailable()).coupons, cleanup };
  });

  describeApiUserDirectoryContract(t, `postgres${suffix}`, async (seed) => {
    const { ports, unavailable } = await open(apiUserStore(seed), cached);
    return { apiUsers: ports.apiUsers, unavailable: async () => (await unavailable()).apiUsers, cleanup };
  });
}
