/**
 * Memory tables holding what a contract suite seeds, and nothing else: the memory adapters over them are the
 * correct adapters the suites run against, and PostgreSQL loads the same tables with `loadDemoStore`.
 */
import {
  createMemoryStoreData,
  demoStore,
  type MemoryStoreData,
} from '../../../src/adapters/memory/index.js';
import { money } from '../../../src/money/index.js';
import type {
  ApiUserSeed,
  CatalogSeed,
  CouponSeed,
  CustomerSeed,
  GeoSeed,
  OrderRepositorySeed,
  TaxSeed,
} from '../../../src/testing/index.js';

/** Fills a table from records, keyed by `keyOf`. */
function fill<T>(table: Map<number, T>, records: readonly T[], keyOf: (record: T) => number): void {
  for (const record of records) table.set(keyOf(record), record);
}

/** Empty tables with the demo store's settings and extension settings. */
export function emptyStore(): MemoryStoreData {
  const { data } = demoStore();
  return createMemoryStoreData(data.settings, data.extensions);
}

/** Tables holding the catalog seed. */
export function catalogStore(seed: CatalogSeed): MemoryStoreData {
  const data = emptyStore();
  fill(data.products, seed.products, (p) => p.productId);
  fill(data.manufacturers, seed.manufacturers, (m) => m.manufacturerId);
  fill(data.categories, seed.categories, (c) => c.categoryId);
  return data;
}

/** Tables holding the customer seed: ledger entries get ids and no order, as an opening balance has. */
export function customerStore(seed: CustomerSeed): MemoryStoreData {
  const data = emptyStore();
  fill(data.customers, seed.customers, (c) => c.customerId);
  fill(data.customerGroups, seed.customerGroups, (g) => g.customerGroupId);
  fill(data.customFields, seed.customFields, (f) => f.customFieldId);
  fill(data.affiliates, seed.affiliates, (a) => a.customerId);
  data.rewardPoints = seed.rewardEntries.map((entry, i) => ({
    customerRewardId: i + 1,
    customerId: entry.customerId,
    orderId: 0,
    description: 'Opening balance',
    points: entry.points,
    dateAdded: '2026-01-01T00:00:00.000Z',
  }));
  data.sequences.customerRewardId = seed.rewardEntries.length;
  return data;
}

/** Tables holding the geography seed. */
export function geoStore(seed: GeoSeed): MemoryStoreData {
  const data = emptyStore();
  fill(data.countries, seed.countries, (c) => c.countryId);
  fill(data.geoZones, seed.geoZones, (g) => g.geoZoneId);
  return data;
}

/** Tables holding the tax seed, with the tax classes its rules name. */
export function taxStore(seed: TaxSeed): MemoryStoreData {
  const data = emptyStore();
  fill(data.taxRates, seed.taxRates, (r) => r.taxRateId);
  data.taxRules = [...seed.taxRules];
  for (const { taxClassId } of seed.taxRules) {
    data.taxClasses.set(taxClassId, { taxClassId, title: `Class ${taxClassId}`, description: '' });
  }
  return data;
}

/** Tables holding the coupon seed: each use of one dollar off, on its order. */
export function couponStore(seed: CouponSeed): MemoryStoreData {
  const data = emptyStore();
  fill(data.coupons, seed.coupons, (c) => c.couponId);
  data.couponUses = seed.uses.map((use, i) => ({
    couponHistoryId: i + 1,
    couponId: use.couponId,
    orderId: use.orderId,
    customerId: use.customerId,
    amount: money('-1.00', 'USD'),
    dateAdded: '2026-01-01T00:00:00.000Z',
  }));
  data.sequences.couponHistoryId = seed.uses.length;
  return data;
}

/** Tables holding the API-user seed. */
export function apiUserStore(seed: ApiUserSeed): MemoryStoreData {
  const data = emptyStore();
  fill(data.apiUsers, seed.apiUsers, (u) => u.apiId);
  return data;
}

/** Tables holding the order-repository seed: reward entries get ids and no order, as an opening balance has. */
export function orderStore(seed: OrderRepositorySeed): MemoryStoreData {
  const data = emptyStore();
  fill(data.products, seed.products, (p) => p.productId);
  fill(data.coupons, seed.coupons, (c) => c.couponId);
  fill(data.customers, seed.customers, (c) => c.customerId);
  data.rewardPoints = seed.rewardEntries.map((entry, i) => ({
    customerRewardId: i + 1,
    customerId: entry.customerId,
    orderId: 0,
    description: 'Opening balance',
    points: entry.points,
    dateAdded: '2026-01-01T00:00:00.000Z',
  }));
  data.sequences.customerRewardId = seed.rewardEntries.length;
  return data;
}
