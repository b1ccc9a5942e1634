/**
 * What the benchmarks share: an engine over a fresh in-memory demo store with the built-in extensions, and the
 * demo's UK checkout data. Stock is raised so that thousands of orders never run a product out in one run.
 */
import type { ResultAsync } from 'neverthrow';
import { createMemoryAdapters, demoStore } from '../src/adapters/memory/index.js';
import type { CheckoutError } from '../src/domain/errors.js';
import { createTotalCalculators } from '../src/domain/pricing/totals/builtins.js';
import type { Checkout } from '../src/engine/checkout.js';
import { createCheckout } from '../src/engine/create-checkout.js';
import { createPaymentMethods } from '../src/extensions/payment/index.js';
import { createShippingMethods } from '../src/extensions/shipping/index.js';
import { createFixedClock, createSequentialIds } from '../src/testing/index.js';

/**
 * A fresh engine over a fresh demo store whose products all have ten million units. With `freshRecords`, its
 * catalog answers a fresh (frozen) copy of each record on every read, as a store that reads them anew for every
 * request does: nothing priced by one command can be reused by the next (that needs the very same records).
 */
export function benchCheckout(options: { readonly freshRecords?: boolean } = {}): Checkout {
  const { data, settings } = demoStore();
  for (const [id, product] of data.products) data.products.set(id, { ...product, quantity: 10_000_000 });
  const clock = createFixedClock('2026-01-01T00:00:00.000Z');
  const adapters = createMemoryAdapters(data, { clock });
  const { catalog } = adapters;
  return createCheckout(
    {
      ...adapters,
      ...(options.freshRecords === true
        ? {
            catalog: {
              ...catalog,
              getProducts: async (ids: readonly number[]) =>
                (await catalog.getProducts(ids)).map((product) => Object.freeze({ ...product })),
            },
          }
        : {}),
      clock,
      ids: createSequentialIds(),
      shippingMethods: createShippingMethods(data.extensions.shipping),
      paymentMethods: createPaymentMethods(data.extensions.payment),
      totalCalculators: createTotalCalculators(data.extensions.totals),
    },
    { settings },
  );
}

/** Grace Hopper's address in Preston, Lancashire: in the demo's VAT and shipping zones. */
const address = {
  firstname: 'Grace',
  lastname: 'Hopper',
  address_1: '1 Market Street',
  city: 'Preston',
  postcode: 'PR1 2HJ',
  country_id: 222,
  zone_id: 3563,
};

/** The address with the seed's `payment_` or `shipping_` prefix on every key. */
export function prefixedAddress(prefix: 'payment_' | 'shipping_'): Record<string, string | number> {
  return Object.fromEntries(Object.entries(address).map(([key, value]) => [prefix + key, value]));
}

/**
 * The customer step's fields for Grace Hopper (a customer step with them logs the session in by e-mail), with the
 * telephone the demo requires.
 */
export const graceHopper = {
  firstname: 'Grace',
  lastname: 'Hopper',
  email: 'grace@example.com',
  telephone: '+44 1632 960001',
};

/** Unwraps an engine result, failing the benchmark loudly rather than timing an error path. */
export async function must<T>(result: ResultAsync<T, CheckoutError>): Promise<T> {
  const settled = await result;
  if (settled.isErr()) throw new Error(`benchmark step failed: ${JSON.stringify(settled.error)}`);
  return settled.value;
}
