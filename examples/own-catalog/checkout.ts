/**
 * The checkout over the host's own catalog: cartwright's memory store for everything the host does not keep
 * (sessions, customers, geography, taxes, coupons, API users, orders), with the host's `Catalog` and `Stock`
 * over its own tables mounted over it. Mounting `stock` is what makes confirm move the host's stock: without it,
 * the order repository would move stock in its own tables, where the host's products are not.
 */
import { type Checkout, type CheckoutStore, createCheckout } from 'cartwright';
import { memoryStore, type StoreSnapshot } from 'cartwright/adapters/memory';
import type { Clock, IdGenerator, SessionStore } from 'cartwright/core';
import { createHostCatalog } from './catalog.js';
import type { HostTables } from './host-tables.js';
import { createHostStock } from './stock.js';

/** What the checkout runs on besides the host's tables. */
export interface ShopCheckoutOptions {
  /** Customers, geography, taxes, coupons, API users and orders, with the store's settings and extensions. */
  readonly data: StoreSnapshot;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** Sessions kept elsewhere (shared with another checkout); default in memory. */
  readonly sessions?: SessionStore | undefined;
}

/** The store: memory over `data`, the host's catalog and stock over its tables. */
export function createShopStore(tables: HostTables, options: Pick<ShopCheckoutOptions, 'data' | 'sessions'>) {
  const store: CheckoutStore = memoryStore(options.data).mount({
    name: 'hostCatalog',
    provides: ['catalog', 'stock'],
    open: () => ({ catalog: createHostCatalog(tables), stock: createHostStock(tables) }),
  });
  const { sessions } = options;
  if (sessions === undefined) return store;
  return store.mount({ name: 'sharedSessions', provides: ['sessions'], open: () => ({ sessions }) });
}

/** The checkout with the host's catalog and stock. */
export function createShopCheckout(tables: HostTables, options: ShopCheckoutOptions): Checkout {
  const { clock, ids } = options;
  return createCheckout({ store: createShopStore(tables, options), clock, ids });
}
