/**
 * Every memory port over one data object, in one call.
 * @module
 */

import type { MemoryStoreData } from '../../demo/store-data.js';
import type { ApiUserDirectory } from '../../ports/api-user-directory.js';
import type { Catalog } from '../../ports/catalog.js';
import type { Clock } from '../../ports/clock.js';
import type { CouponDirectory } from '../../ports/coupon-directory.js';
import type { CustomerDirectory } from '../../ports/customer-directory.js';
import type { GeoDirectory } from '../../ports/geo-directory.js';
import type { LoginThrottle } from '../../ports/login-throttle.js';
import type { OrderPayments } from '../../ports/order-payments.js';
import type { OrderRepository } from '../../ports/order-repository.js';
import type { ReplayGuard } from '../../ports/replay-guard.js';
import type { SessionStore } from '../../ports/session-store.js';
import type { TaxRates } from '../../ports/tax-rates.js';
import { createMemoryApiUserDirectory } from './api-user-directory.js';
import { createMemoryCatalog } from './catalog.js';
import { createMemoryCouponDirectory } from './coupon-directory.js';
import { createMemoryCustomerDirectory } from './customer-directory.js';
import { createMemoryGeoDirectory } from './geo-directory.js';
import { createMemoryLoginThrottle } from './login-throttle.js';
import { createMemoryNotifier, type MemoryNotifier } from './notifier.js';
import { createMemoryOrderRepository, type MemoryOrderRepositoryOptions } from './order-repository.js';
import { createMemoryReplayGuard } from './replay-guard.js';
import { createMemorySessionStore } from './session-store.js';
import { createMemoryTaxRates } from './tax-rates.js';

/** Options of {@link createMemoryAdapters}. */
export interface MemoryAdaptersOptions {
  /** The clock of the session store, the login throttle, the replay guard and the catalog's stock holds. */
  readonly clock: Clock;
  /** See `MemorySessionStoreOptions.retentionSeconds`. */
  readonly sessionRetentionSeconds?: number | undefined;
  /** See `LoginThrottleLimits.maxFailures`. */
  readonly maxLoginFailures?: number | undefined;
  /** See `LoginThrottleLimits.maxFailuresPerIp`. */
  readonly maxLoginFailuresPerIp?: number | undefined;
  /** See `LoginThrottleLimits.windowSeconds`. */
  readonly loginWindowSeconds?: number | undefined;
  /** Passed to the order repository (its test hook). */
  readonly orders?: MemoryOrderRepositoryOptions | undefined;
}

/** Every memory port, wired over one {@link MemoryStoreData}. */
export interface MemoryAdapters {
  readonly sessions: SessionStore;
  readonly catalog: Catalog;
  readonly customers: CustomerDirectory;
  readonly geo: GeoDirectory;
  readonly taxes: TaxRates;
  readonly coupons: CouponDirectory;
  /** Orders with their history, and their payments and stock holds. */
  readonly orders: OrderRepository & OrderPayments;
  readonly notifier: MemoryNotifier;
  readonly apiUsers: ApiUserDirectory;
  readonly loginThrottle: LoginThrottle;
  /** Remembers accepted signed requests (see `FetchHandlerOptions.signedRequests`). */
  readonly replayGuard: ReplayGuard;
}

/**
 * Creates every memory adapter over `data`, so they share it: stock and ledgers the order repository writes
 * are what the catalog and the directories read next. Sessions, login failures and accepted signatures live in
 * their own adapters, not in `data`.
 */
export function createMemoryAdapters(data: MemoryStoreData, options: MemoryAdaptersOptions): MemoryAdapters {
  const { clock } = options;
  return {
    sessions: createMemorySessionStore({ clock, retentionSeconds: options.sessionRetentionSeconds }),
    catalog: createMemoryCatalog(data, { clock }),
    customers: createMemoryCustomerDirectory(data),
    geo: createMemoryGeoDirectory(data),
    taxes: createMemoryTaxRates(data),
    coupons: createMemoryCouponDirectory(data),
    orders: createMemoryOrderRepository(data, options.orders),
    notifier: createMemoryNotifier(),
    apiUsers: createMemoryApiUserDirectory(data),
    loginThrottle: createMemoryLoginThrottle({
      clock,
      maxFailures: options.maxLoginFailures,
      maxFailuresPerIp: options.maxLoginFailuresPerIp,
      windowSeconds: options.loginWindowSeconds,
    }),
    replayGuard: createMemoryReplayGuard({ clock }),
  };
}
