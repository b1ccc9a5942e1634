/**
 * The directory contract suites of `cartwright/testing`, the ones the memory adapters pass, on the real
 * PostgreSQL server: every case loads its seed into this file's schema, and the failure cases run the adapters
 * through a proxy that stalls.
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
import { stalledPostgres } from '../support/stalled-postgres.js';

const database = usePostgres('directories_contract');
const t: TestApi = { describe, it };

/** Releases what the failure cases opened. */
const closing: (() => Promise<void>)[] = [];
const cleanup = async () => {
  for (const close of closing.splice(0)) await close();
};

/** Loads `data` into the file's schema; answers the ports over it and the stalled ports of the failure cases. */
async function open(data: MemoryStoreData) {
  const { pool, schema } = database();
  await loadDemoStore(pool, { data }, { schema });
  const unavailable = async (): Promise<PostgresAdapters> => {
    const stalled = await stalledPostgres(schema);
    closing.push(() => stalled.close());
    return stalled.ports;
  };
  return { ports: createPostgresAdapters({ pool, schema }), unavailable };
}

describeCustomerDirectoryContract(t, 'postgres', async (seed) => {
  const { ports, unavailable } = await open(customerStore(seed));
  return { customers: ports.customers, unavailable: async () => (await unavailable()).customers, cleanup };
});

describeGeoDirectoryContract(t, 'postgres', async (seed) => {
  const { ports, unavailable } = await open(geoStore(seed));
  return { geo: ports.geo, unavailable: async () => (await unavailable()).geo, cleanup };
});

describeTaxRatesContract(t, 'postgres', async (seed) => {
  const { ports, unavailable } = await open(taxStore(seed));
  return { taxes: ports.taxes, unavailable: async () => (await unavailable()).taxes, cleanup };
});

describeCouponDirectoryContract(t, 'postgres', async (seed) => {
  const { ports, unavailable } = await open(couponStore(seed));
  return { coupons: ports.coupons, unavailable: async () => (await unavailable()).coupons, cleanup };
});

describeApiUserDirectoryContract(t, 'postgres', async (seed) => {
  const { ports, unavailable } = await open(apiUserStore(seed));
  return { apiUsers: ports.apiUsers, unavailable: async () => (await unavailable()).apiUsers, cleanup };
});
