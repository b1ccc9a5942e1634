/** The directory contract suites of `cartwright/testing` against the memory adapters, each over its seed alone. */
import { describe, it } from 'vitest';
import {
  createMemoryApiUserDirectory,
  createMemoryCouponDirectory,
  createMemoryCustomerDirectory,
  createMemoryGeoDirectory,
  createMemoryTaxRates,
} from '../../src/adapters/memory/index.js';
import {
  describeApiUserDirectoryContract,
  describeCouponDirectoryContract,
  describeCustomerDirectoryContract,
  describeGeoDirectoryContract,
  describeTaxRatesContract,
} from '../../src/testing/index.js';
import { apiUserStore, couponStore, customerStore, geoStore, taxStore } from './support/seeded-store.js';

const t = { describe, it };

describeCustomerDirectoryContract(t, 'memory', async (seed) => ({
  customers: createMemoryCustomerDirectory(customerStore(seed)),
}));
describeGeoDirectoryContract(t, 'memory', async (seed) => ({
  geo: createMemoryGeoDirectory(geoStore(seed)),
}));
describeTaxRatesContract(t, 'memory', async (seed) => ({ taxes: createMemoryTaxRates(taxStore(seed)) }));
describeCouponDirectoryContract(t, 'memory', async (seed) => ({
  coupons: createMemoryCouponDirectory(couponStore(seed)),
}));
describeApiUserDirectoryContract(t, 'memory', async (seed) => ({
  apiUsers: createMemoryApiUserDirectory(apiUserStore(seed)),
}));
