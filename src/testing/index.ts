/**
 * `cartwright/testing`: deterministic clocks and ids, realistic fixtures and sample contexts, and a contract
 * suite for every port: session store, order repository, catalog, stock, customer, geo, coupon and API-user
 * directories, tax rates, login throttle, replay guard, notifier, shipping and payment methods, fraud checks,
 * total calculators, clock and id generator. Runner-agnostic: the suites take the host's `describe`/`it` and
 * assert with `node:assert/strict`; nothing here imports a test runner. The store-backed suites hand `setup` a
 * seed to write into the host's store, and compare what it reads back as values (lists whose order means nothing
 * in any order, records whatever the order of their keys). A case that cannot run with what the host gave (a
 * failure case without `unavailable()`) is reported skipped with the reason, never passed (see `test-api.ts`).
 * @module
 */

export {
  type ApiUserDirectoryFixture,
  type ApiUserDirectorySetup,
  describeApiUserDirectoryContract,
} from './api-user-directory-contract.js';
export { type CatalogSeed, seedCatalog } from './catalog-contract/seed.js';
export { describeCatalogContract } from './catalog-contract.js';
export type { CatalogFixture, CatalogSetup } from './catalog-fixture.js';
export { type ClockFixture, describeClockContract } from './clock-contract.js';
export { createFixedClock, createManualClock, type ManualClock } from './clocks.js';
export {
  type CouponDirectoryFixture,
  type CouponDirectorySetup,
  describeCouponDirectoryContract,
} from './coupon-directory-contract.js';
export {
  type CustomerDirectoryFixture,
  type CustomerDirectorySetup,
  describeCustomerDirectoryContract,
} from './customer-directory-contract.js';
export { type ApiUserSeed, seedApiUsers } from './directory-contracts/api-user-seed.js';
export { type CouponSeed, type CouponUseSeed, seedCoupons } from './directory-contracts/coupon-seed.js';
export {
  type CustomerSeed,
  type CustomFieldSeed,
  type RewardEntrySeed,
  seedCustomers,
} from './directory-contracts/customer-seed.js';
export type { FailableFixture } from './directory-contracts/failing-store.js';
export { type GeoSeed, seedGeography } from './directory-contracts/geo-seed.js';
export { seedTaxes, type TaxSeed } from './directory-contracts/tax-seed.js';
export {
  describeEventSinkContract,
  type EventSinkFixture,
  type EventSinkSetup,
  type ReceivedEvent,
  sampleOutboxEvent,
} from './event-sink-contract.js';
export { describeFraudCheckContract, type FraudCheckFixture } from './fraud-check-contract.js';
export {
  describeGeoDirectoryContract,
  type GeoDirectoryFixture,
  type GeoDirectorySetup,
} from './geo-directory-contract.js';
export { describeIdGeneratorContract, type IdGeneratorFixture } from './id-generator-contract.js';
export { createSequentialIds } from './ids.js';
export { describeLoginThrottleContract } from './login-throttle-contract.js';
export type { LoginThrottleContractLimits, LoginThrottleFixture } from './login-throttle-fixture.js';
export {
  sampleGeoZones,
  sampleGermanAddress,
  samplePaymentContext,
  sampleShippingContext,
  sampleStoreSettings,
  sampleUkAddress,
} from './method-contexts.js';
export { describeNotifierContract, type NotifierFixture, sampleEvents } from './notifier-contract.js';
export { type OrderRepositorySeed, seedOrderRepository } from './order-contract/seed.js';
export {
  sampleHistoryWrite,
  sampleOrderDraft,
  sampleOrderProduct,
  sampleOrderRecord,
} from './order-fixtures.js';
export { describeOrderPaymentsContract } from './order-payments-contract.js';
export type { OrderPaymentsFixture } from './order-payments-fixture.js';
export { describeOrderRepositoryContract } from './order-repository-contract.js';
export type { OrderRepositoryFixture, OrderRepositorySetup } from './order-repository-fixture.js';
export { describeOutboxContract, type OutboxFixture, type OutboxSetup } from './outbox-contract.js';
export { describePaymentMethodContract, type PaymentMethodFixture } from './payment-method-contract.js';
export { describePaymentProviderContract } from './payment-provider-contract.js';
export type {
  ApprovedPayment,
  ChallengeFixture,
  PaymentProviderFixture,
  WebhookFixture,
} from './payment-provider-fixture.js';
export { NO_FAILED_STORE } from './port-failures.js';
export { describeReplayGuardContract, type ReplayGuardFixture } from './replay-guard-contract.js';
export { reportingOrders } from './reporting-orders.js';
export { type SampleSessionInput, sampleSession } from './session-fixtures.js';
export { describeSessionStoreContract } from './session-store-contract.js';
export type { SessionStoreFixture } from './session-store-fixture.js';
export { describeShippingMethodContract, type ShippingMethodFixture } from './shipping-method-contract.js';
export { describeStockContract } from './stock-contract.js';
export type { StockFixture, StockSetup } from './stock-fixture.js';
export {
  describeTaxRatesContract,
  type TaxRatesFixture,
  type TaxRatesSetup,
} from './tax-rates-contract.js';
export { CaseCannotRun, cannotRun, type TestApi, type TestBody } from './test-api.js';
export * from './test-card/index.js';
export {
  describeTotalCalculatorContract,
  type TotalCalculatorFixture,
  type TotalsInput,
} from './total-calculator-contract.js';
export { samplePricedLine, sampleTotalsContext, sampleTotalsState } from './totals-samples.js';
