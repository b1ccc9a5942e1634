/**
 * `demoStore()`: OpenCart 4.1.0.4's demo shop as memory data, with its ids and figures, and the few changes a demo
 * needs (docs/demo-store.md lists them with their reasons).
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { ApiUser } from '../../domain/records/api-user.js';
import type { StoreSettings } from '../../domain/settings/settings.js';
import { generateApiKey, hashApiKey } from '../system/api-key-hash.js';
import { demoCategories, demoManufacturers } from './demo/catalog.js';
import { demoCoupons } from './demo/coupons.js';
import {
  demoAffiliates,
  demoCustomerGroups,
  demoCustomers,
  demoCustomFields,
  demoRewardPoints,
} from './demo/customers.js';
import { demoExtensions } from './demo/extensions.js';
import { demoCountries, demoGeoZones, demoTaxClasses, demoTaxRates, demoTaxRules } from './demo/geography.js';
import { demoProducts } from './demo/products.js';
import { demoSettings } from './demo/settings.js';
import { createMemoryStoreData, type MemoryStoreData } from './store-data.js';

/** Options of {@link demoStore}. */
export interface DemoStoreOptions {
  /**
   * The secret key of API user 1 `demo` (e.g. `process.env.CARTWRIGHT_API_KEY`), at least 32 characters
   * (`generateApiKey()` makes one; a shorter one throws a `RangeError`). Without one (or with an empty one) the
   * user gets the hash of a random key nobody knows: it exists but nobody can log in as it.
   */
  readonly apiKey?: string | undefined;
}

/** A fresh copy of the demo store: the tables, and the settings (also at `data.settings`). */
export interface DemoStore {
  readonly data: MemoryStoreData;
  readonly settings: StoreSettings;
}

/**
 * The hash of a random key nobody is told, made once per process: every `demoStore()` without a key holds the
 * same data.
 */
let unknownKeyHash: string | undefined;

/** The key hash of the demo API user: of `apiKey`, or of the random key nobody is told. */
function demoKeyHash(apiKey: string | undefined): string {
  if (apiKey !== undefined && apiKey !== '') return hashApiKey(apiKey);
  unknownKeyHash ??= hashApiKey(generateApiKey());
  return unknownKeyHash;
}

/** API user 1 `demo`, allowed from the loopback addresses only. */
function demoApiUser(apiKey: string | undefined): ApiUser {
  return {
    apiId: 1,
    username: 'demo',
    keyHash: demoKeyHash(apiKey),
    status: true,
    ips: ['127.0.0.1', '::1'],
  };
}

/** Fills `table` with frozen `records`, keyed by `idOf`. */
function fill<T>(table: Map<number, T>, records: readonly T[], idOf: (record: T) => number): void {
  for (const record of records) table.set(idOf(record), deepFreeze(record));
}

/**
 * The demo store as fresh memory data: every call builds new, independent tables (orders and stock moves in
 * one never show in another). Records are frozen; the tables themselves are yours to change.
 *
 * @example
 * ```ts
 * const { data, settings } = demoStore({ apiKey: process.env.CARTWRIGHT_API_KEY });
 * const ports = createMemoryAdapters(data, { clock: createSystemClock() });
 * ```
 */
export function demoStore(options: DemoStoreOptions = {}): DemoStore {
  const settings = deepFreeze(demoSettings());
  const data = createMemoryStoreData(settings, deepFreeze(demoExtensions()));
  fill(data.products, demoProducts(), (p) => p.productId);
  fill(data.manufacturers, demoManufacturers(), (m) => m.manufacturerId);
  fill(data.categories, demoCategories(), (c) => c.categoryId);
  fill(data.customers, demoCustomers(), (c) => c.customerId);
  fill(data.customerGroups, demoCustomerGroups(), (g) => g.customerGroupId);
  fill(data.customFields, demoCustomFields(), (f) => f.customFieldId);
  fill(data.countries, demoCountries(), (c) => c.countryId);
  fill(data.geoZones, demoGeoZones(), (g) => g.geoZoneId);
  fill(data.taxClasses, demoTaxClasses(), (c) => c.taxClassId);
  fill(data.taxRates, demoTaxRates(), (r) => r.taxRateId);
  fill(data.coupons, demoCoupons(), (c) => c.couponId);
  fill(data.affiliates, demoAffiliates(), (a) => a.customerId);
  fill(data.apiUsers, [demoApiUser(options.apiKey)], (u) => u.apiId);
  data.taxRules.push(...demoTaxRules().map(deepFreeze));
  data.rewardPoints.push(...demoRewardPoints().map(deepFreeze));
  data.sequences.customerRewardId = Math.max(0, ...data.rewardPoints.map((e) => e.customerRewardId));
  return { data, settings };
}
