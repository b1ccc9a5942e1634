/**
 * The checkout over the host's own catalog: cartwright's memory adapters for everything the host does not keep
 * (sessions, customers, geography, taxes, coupons, orders), and the host's `Catalog` and `Stock` over its own
 * tables. Passing `stock` is what makes confirm move the host's stock: without it, the order repository would
 * move stock in its own tables, where the host's products are not.
 */
import {
  type Checkout,
  type Clock,
  createCheckout,
  createPaymentMethods,
  createShippingMethods,
  createTotalCalculators,
  type IdGenerator,
} from 'cartwright';
import { createMemoryAdapters, type MemoryAdapters, type MemoryStoreData } from 'cartwright/adapters/memory';
import { createHostCatalog } from './catalog.js';
import type { HostTables } from './host-tables.js';
import { createHostStock } from './stock.js';

/** What the checkout runs on besides the host's tables. */
export interface ShopCheckoutOptions {
  /** Customers, geography, taxes, coupons, API users and orders, with the store's settings and extensions. */
  readonly data: MemoryStoreData;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/** The checkout, and the memory adapters it runs on beside the host's catalog and stock. */
export interface ShopCheckout {
  readonly checkout: Checkout;
  readonly adapters: MemoryAdapters;
}

/** The checkout engine with the host's catalog and stock. */
export function createShopCheckout(tables: HostTables, options: ShopCheckoutOptions): ShopCheckout {
  const { data, clock, ids } = options;
  const adapters = createMemoryAdapters(data, { clock });
  const checkout = createCheckout(
    {
      ...adapters,
      catalog: createHostCatalog(tables),
      stock: createHostStock(tables),
      clock,
      ids,
      shippingMethods: createShippingMethods(data.extensions.shipping),
      paymentMethods: createPaymentMethods(data.extensions.payment),
      totalCalculators: createTotalCalculators(data.extensions.totals),
    },
    { settings: data.settings },
  );
  return { checkout, adapters };
}
