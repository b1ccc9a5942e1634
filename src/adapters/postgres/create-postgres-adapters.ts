/**
 * Every PostgreSQL port over one pool and schema, in one call.
 * @module
 */

import type { ApiUserDirectory } from '../../ports/api-user-directory.js';
import type { Catalog } from '../../ports/catalog.js';
import type { CouponDirectory } from '../../ports/coupon-directory.js';
import type { CustomerDirectory } from '../../ports/customer-directory.js';
import type { GeoDirectory } from '../../ports/geo-directory.js';
import type { OrderPayments } from '../../ports/order-payments.js';
import type { OrderRepository } from '../../ports/order-repository.js';
import type { Outbox } from '../../ports/outbox.js';
import type { TaxRates } from '../../ports/tax-rates.js';
import { createPostgresApiUserDirectory } from './api-user-directory.js';
import { createPostgresCatalog } from './catalog.js';
import { createPostgresCouponDirectory } from './coupon-directory.js';
import { createPostgresCustomerDirectory } from './customer-directory.js';
import { createPostgresGeoDirectory } from './geo-directory.js';
import type { PostgresAdapterOptions } from './options.js';
import { createPostgresOrderRepository } from './order-repository.js';
import { createPostgresOutbox } from './outbox.js';
import type { PostgresReferenceCache } from './reference-cache.js';
import { createPostgresTaxRates } from './tax-rates.js';

/** Every port cartwright keeps in PostgreSQL, over one pool and schema. */
export interface PostgresAdapters {
  /** Products, manufacturers and categories; stock as the order repository last wrote it. */
  readonly catalog: Catalog;
  /** Customers, groups, custom fields, reward balances and affiliates. */
  readonly customers: CustomerDirectory;
  /** Countries with their zones, and geo zones. */
  readonly geo: GeoDirectory;
  /** Tax rules and rates. */
  readonly taxes: TaxRates;
  /** Coupons and their recorded uses. */
  readonly coupons: CouponDirectory;
  /** The API users. */
  readonly apiUsers: ApiUserDirectory;
  /** Orders with their history, stock moves and ledgers, and their payments and stock holds. */
  readonly orders: OrderRepository & OrderPayments;
  /** The events the order writes stored, for a dispatcher to deliver. */
  readonly outbox: Outbox;
}

/**
 * Creates the catalog, the customer, geography, coupon and API-user directories, the tax rates and the order
 * repository over one pool and schema: stock and ledgers the repository writes are what the catalog and the
 * directories read next. Sessions, the notifier, the clock and the login throttle come from elsewhere (memory,
 * Redis, system).
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * import { createPostgresAdapters, migrate } from 'cartwright/adapters/postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * await migrate(pool, { schema: 'shop' });
 * const ports = createPostgresAdapters({ pool, schema: 'shop', currency: settings.currency });
 * ```
 *
 * With `cache` (a {@link PostgresReferenceCache} for the same pool and schema), the catalog, the geography, the
 * tax rates, customer groups, custom fields and API users come from memory while its connection listens for
 * change notices, and the order repository's stock changes are forgotten from it as they are written.
 */
export function createPostgresAdapters(options: PostgresAdapterOptions): PostgresAdapters {
  return {
    catalog: createPostgresCatalog(options),
    customers: createPostgresCustomerDirectory(options),
    geo: createPostgresGeoDirectory(options),
    taxes: createPostgresTaxRates(options),
    coupons: createPostgresCouponDirectory(options),
    apiUsers: createPostgresApiUserDirectory(options),
    orders: createPostgresOrderRepository(options),
    outbox: createPostgresOutbox(options),
  };
}
