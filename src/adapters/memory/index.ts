/**
 * `cartwright/adapters/memory`: every port in memory, for tests, examples, benchmarks and single-process hosts,
 * and `demoStore()`, OpenCart's demo shop as data.
 * @module
 */

export type {
  BankTransferConfig,
  ChequeConfig,
  ExtensionConfig,
  FeeTotalConfig,
  FlatShippingConfig,
  FreeShippingConfig,
  ItemShippingConfig,
  MethodConfig,
  PaymentConfig,
  PaymentExtensionsConfig,
  PickupShippingConfig,
  ShippingExtensionsConfig,
  TotalConfig,
  TotalExtensionsConfig,
  WeightRateStep,
  WeightShippingConfig,
  WeightShippingZone,
} from '../../domain/settings/extension-config.js';
export { createMemoryApiUserDirectory } from './api-user-directory.js';
export { createMemoryCatalog, type MemoryCatalogOptions } from './catalog.js';
export { createMemoryCouponDirectory } from './coupon-directory.js';
export {
  createMemoryAdapters,
  type MemoryAdapters,
  type MemoryAdaptersOptions,
} from './create-memory-adapters.js';
export { createMemoryCustomerDirectory } from './customer-directory.js';
export { type DemoStore, type DemoStoreOptions, demoStore } from './demo-store.js';
export { createMemoryGeoDirectory } from './geo-directory.js';
export { createMemoryLoginThrottle, type MemoryLoginThrottleOptions } from './login-throttle.js';
export { type MemoryStoreOptions, memoryStore, type StoreSnapshot } from './memory-store.js';
export { createMemoryNotifier, type MemoryNotifier } from './notifier.js';
export { createMemoryOrderRepository, type MemoryOrderRepositoryOptions } from './order-repository.js';
export { createMemoryReplayGuard, type MemoryReplayGuardOptions } from './replay-guard.js';
export { createMemorySessionStore, type MemorySessionStoreOptions } from './session-store.js';
export { createMemoryStock } from './stock.js';
export {
  type CouponUse,
  type CustomFieldDefinition,
  type CustomFieldGroupSetting,
  createMemoryStoreData,
  type IdempotencyRecord,
  type MemorySequences,
  type MemoryStoreData,
  type RewardPointEntry,
  type TaxClass,
} from './store-data.js';
export { createMemoryTaxRates } from './tax-rates.js';
