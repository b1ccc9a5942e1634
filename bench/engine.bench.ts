/**
 * Engine benchmarks: the seed's steps through `createCheckout` on the in-memory demo store, with the built-in
 * shipping, payment and total extensions. Run with `npm run bench`; results go to docs/benchmarks.md by hand.
 * Timings are measured here, never asserted in tests.
 */
import type { ResultAsync } from 'neverthrow';
import { bench, describe } from 'vitest';
import { createMemoryAdapters, demoStore } from '../src/adapters/memory/index.js';
import type { CheckoutError } from '../src/domain/errors.js';
import { createTotalCalculators } from '../src/domain/totals/builtins.js';
import type { Checkout } from '../src/engine/checkout.js';
import { createCheckout } from '../src/engine/create-checkout.js';
import { createPaymentMethods } from '../src/extensions/payment/index.js';
import { createShippingMethods } from '../src/extensions/shipping/index.js';
import { createFixedClock, createSequentialIds } from '../src/testing/index.js';

/** A fresh engine over a fresh demo store (stock is large enough for every iteration of a run). */
function engine(): Checkout {
  const { data, settings } = demoStore();
  // Stock is raised so that thousands of confirmed orders never run a product out during one run.
  for (const [id, product] of data.products) data.products.set(id, { ...product, quantity: 10_000_000 });
  const clock = createFixedClock('2026-01-01T00:00:00.000Z');
  return createCheckout(
    {
      ...createMemoryAdapters(data, { clock }),
      clock,
      ids: createSequentialIds(),
      shippingMethods: createShippingMethods(data.extensions.shipping),
      paymentMethods: createPaymentMethods(data.extensions.payment),
      totalCalculators: createTotalCalculators(data.extensions.totals),
    },
    { settings },
  );
}

const address = {
  firstname: 'John',
  lastname: 'Doe',
  address_1: '1 Market Street',
  city: 'Preston',
  postcode: 'PR1 2HJ',
  country_id: 222,
  zone_id: 3563,
};
const prefixed = (prefix: string) =>
  Object.fromEntries(Object.entries(address).map(([key, value]) => [prefix + key, value]));
const paymentAddress = prefixed('payment_');
const shippingAddress = prefixed('shipping_');

/** Unwraps an engine result, failing the benchmark loudly rather than timing an error path. */
async function must<T>(result: ResultAsync<T, CheckoutError>): Promise<T> {
  const settled = await result;
  if (settled.isErr()) throw new Error(`benchmark step failed: ${JSON.stringify(settled.error)}`);
  return settled.value;
}

/** A session with customer, product 40 ×1 and both UK addresses: ready for the method steps. */
async function readySession(checkout: Checkout): Promise<string> {
  const { sessionId } = await must(checkout.openSession({ apiUserId: 1 }));
  await must(
    checkout.setCustomer(sessionId, { firstname: 'John', lastname: 'Doe', email: 'john.doe@example.com' }),
  );
  await must(checkout.addProduct(sessionId, { product_id: 40, quantity: 1 }));
  await must(checkout.setPaymentAddress(sessionId, paymentAddress));
  await must(checkout.setShippingAddress(sessionId, shippingAddress));
  return sessionId;
}

const flowEngine = engine();
const stepEngine = engine();
const stepSession = await readySession(stepEngine);
await must(stepEngine.setShippingMethod(stepSession, { shipping_method: { code: 'flat.flat' } }));
await must(stepEngine.setPaymentMethod(stepSession, { payment_method: { code: 'cod' } }));

// A cart of 50 distinct lines (product 42 with every option value combination the demo allows, plus others):
// the cost of pricing and re-checking grows with the lines, and one catalog read serves them all.
const bigEngine = engine();
const bigSession = await readySession(bigEngine);
const bigCart = Array.from({ length: 50 }, (_, n) => ({
  product_id: 42,
  quantity: 2,
  option: {
    '218': 5 + (n % 3),
    '223': [8 + (n % 4)],
    '208': `line ${n}`,
    '217': 1 + (n % 4),
    '209': 'notes',
    '222': 'upload-code',
    '219': '2026-01-02',
    '221': '10:30',
    '220': '2026-01-02 10:30',
  },
}));
await must(bigEngine.addProducts(bigSession, { product: bigCart }));

describe('engine (memory adapters, built-in extensions)', () => {
  bench('full checkout: open → customer → cart → addresses → methods → confirm', async () => {
    const sessionId = await readySession(flowEngine);
    await must(flowEngine.getShippingMethods(sessionId));
    await must(flowEngine.setShippingMethod(sessionId, { shipping_method: { code: 'flat.flat' } }));
    await must(flowEngine.getPaymentMethods(sessionId));
    await must(flowEngine.setPaymentMethod(sessionId, { payment_method: { code: 'cod' } }));
    await must(flowEngine.confirm(sessionId, {}));
  });
  bench('one step: set the customer (load, decide, re-check, save)', async () => {
    await must(
      stepEngine.setCustomer(stepSession, {
        firstname: 'John',
        lastname: 'Doe',
        email: 'john.doe@example.com',
      }),
    );
  });
  bench('one query: getTotals of a 1-line cart', async () => {
    await must(stepEngine.getTotals(stepSession));
  });
  bench('one query: getTotals of a 50-line cart', async () => {
    await must(bigEngine.getTotals(bigSession));
  });
  bench('one step: set the payment address on a 50-line cart', async () => {
    await must(bigEngine.setPaymentAddress(bigSession, paymentAddress));
  });
});
