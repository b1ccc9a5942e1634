/**
 * Memory of sessions: how large a typical session is as stored JSON (what Redis holds per session) and how much
 * heap the in-memory session store takes per session. Run with `npm run bench:memory`; results go to
 * docs/benchmarks.md by hand. Measured here, never asserted in tests.
 *
 * Each session is a ready-to-confirm checkout: customer, a cart of `LINES` lines (product 42 with all its
 * options, and plain products), both addresses, quoted shipping and offered payment methods, both chosen.
 */
import { createMemoryAdapters, demoStore } from '../src/adapters/memory/index.js';
import { createTotalCalculators } from '../src/domain/totals/builtins.js';
import { createCheckout } from '../src/engine/create-checkout.js';
import { createPaymentMethods } from '../src/extensions/payment/index.js';
import { createShippingMethods } from '../src/extensions/shipping/index.js';
import { createFixedClock, createSequentialIds } from '../src/testing/index.js';

const SESSIONS = Number(process.env.SESSIONS ?? 5_000);
const LINES = Number(process.env.LINES ?? 5);

const { data, settings } = demoStore();
const clock = createFixedClock('2026-01-01T00:00:00.000Z');
const adapters = createMemoryAdapters(data, { clock });
const checkout = createCheckout(
  {
    ...adapters,
    clock,
    ids: createSequentialIds(),
    shippingMethods: createShippingMethods(data.extensions.shipping),
    paymentMethods: createPaymentMethods(data.extensions.payment),
    totalCalculators: createTotalCalculators(data.extensions.totals),
  },
  { settings },
);

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
const lines = Array.from({ length: LINES }, (_, n) =>
  n % 2 === 0
    ? {
        product_id: 42,
        quantity: 2,
        option: {
          '218': 5 + (n % 3),
          '223': [8, 9],
          '208': `line ${n}`,
          '217': 1 + (n % 4),
          '209': 'Please leave it with the neighbour.',
          '222': 'upload-code',
          '219': '2026-01-02',
          '221': '10:30',
          '220': '2026-01-02 10:30',
        },
      }
    : { product_id: [28, 29, 40][n % 3] ?? 40, quantity: 1 },
);

/** Fails loudly: a measurement of error paths would be meaningless. */
function must<T>(result: { isErr(): boolean; _unsafeUnwrap(): T }, step: string): T {
  if (result.isErr()) throw new Error(`${step} failed: ${JSON.stringify(result)}`);
  return result._unsafeUnwrap();
}

async function readySession(): Promise<string> {
  const { sessionId } = must(await checkout.openSession({ apiUserId: 1 }), 'open');
  must(
    await checkout.setCustomer(sessionId, {
      firstname: 'John',
      lastname: 'Doe',
      email: 'john.doe@example.com',
    }),
    'customer',
  );
  must(await checkout.addProducts(sessionId, { product: lines }), 'cart');
  must(await checkout.setPaymentAddress(sessionId, prefixed('payment_')), 'payment address');
  must(await checkout.setShippingAddress(sessionId, prefixed('shipping_')), 'shipping address');
  must(await checkout.getShippingMethods(sessionId), 'shipping methods');
  must(await checkout.setShippingMethod(sessionId, { shipping_method: { code: 'flat.flat' } }), 'shipping');
  must(await checkout.getPaymentMethods(sessionId), 'payment methods');
  must(await checkout.setPaymentMethod(sessionId, { payment_method: { code: 'cod' } }), 'payment');
  return sessionId;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc (npm run bench:memory does)');
// Product 42 has 990 units: raise stock so thousands of carts are all accepted.
for (const [id, product] of data.products) data.products.set(id, { ...product, quantity: 10_000_000 });

const first = await readySession();
const json = JSON.stringify(must(await checkout.getSession(first), 'get'));
gc();
const before = process.memoryUsage().heapUsed;
for (let i = 1; i < SESSIONS; i += 1) await readySession();
gc();
const after = process.memoryUsage().heapUsed;

console.log(`sessions: ${SESSIONS}, cart lines each: ${LINES}`);
console.log(`stored JSON of one session: ${json.length} bytes`);
console.log(`heap per session in the memory store: ${Math.round((after - before) / (SESSIONS - 1))} bytes`);
