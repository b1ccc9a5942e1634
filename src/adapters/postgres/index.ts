/**
 * `cartwright/adapters/postgres`: the catalog, the directories and the order repository in PostgreSQL, the
 * migrations that create their tables, and a loader for the demo store. The host passes its own `pg.Pool`
 * (any object of the {@link PgPoolLike} shape); cartwright imports no driver.
 * @module
 */
export { createPostgresApiUserDirectory } from './api-user-directory.js';
export { createPostgresCatalog } from './catalog.js';
export { createPostgresCouponDirectory } from './coupon-directory.js';
export { createPostgresAdapters, type PostgresAdapters } from './create-postgres-adapters.js';
export { createPostgresCustomerDirectory } from './customer-directory.js';
export { createPostgresGeoDirectory } from './geo-directory.js';
export { type LoadDemoStoreOptions, loadDemoStore, loadSnapshot } from './load-demo.js';
export { type MigrateOptions, type MigrateResult, migrate } from './migrate.js';
export type { PostgresAdapterOptions } from './options.js';
export { createPostgresOrderRepository } from './order-repository.js';
export type {
  PgClientLike,
  PgListenClientLike,
  PgListenPoolLike,
  PgNotificationLike,
  PgPoolLike,
  QueryResultLike,
} from './pool.js';
export { type PostgresStoreOptions, postgresStore } from './postgres-store.js';
export {
  createPostgresReferenceCache,
  type PostgresReferenceCache,
  type PostgresReferenceCacheOptions,
} from './reference-cache.js';
export { type SaveApiUserOptions, saveApiUser } from './save-api-user.js';
export { createPostgresStock } from './stock.js';
export { createPostgresTaxRates } from './tax-rates.js';
