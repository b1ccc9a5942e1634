/**
 * Engine benchmarks: the seed's steps through `createCheckout` on the in-memory demo store, with the built-in
 * shipping, payment and total extensions. Run with `npm run bench`; results go to docs/benchmarks.md by hand.
 * Timings are measured here, never asserted in tests.
 */
import { bench, describe } from 'vitest';
import type { Checkout } from '../src/engine/checkout.js';
import { benchCheckout as engine, graceHopper, must, prefixedAddress } from './support.js';

const paymentAddress = prefixedAddress('payment_');
const shippingAddress = prefixedAddress('shipping_');

/** A session with customer, product 40 ×1 and both UK addresses: ready for the method steps. */
async function readySession(checkout: Checkout): Promise<string> {
  const { sessionId } = await must(checkout.openSession({ apiUserId: 1 }));
  await must(checkout.setCustomer(sessionId, graceHopper));
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

// Carts of 50, 100 and 1,000 distinct lines (product 42 with every option value combination the demo allows, each
// line told apart by its text option): the cost of pricing and re-checking grows with the lines, and one catalog
// read serves them all. 100 and 1,000 show whether it grows linearly.
function bigCart(lines: number) {
  return Array.from({ length: lines }, (_, n) => ({
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
}

/** An engine whose catalog answers fresh records on every read, so every read prices its cart afresh. */
const coldEngine = () => engine({ freshRecords: true });

/** An engine (`engine()` unless given) and a ready session whose cart has `lines` lines. */
async function bigSession(
  lines: number,
  checkout = engine(),
): Promise<{ checkout: Checkout; sessionId: string }> {
  const sessionId = await readySession(checkout);
  const cart = bigCart(lines);
  // A request adds at most 100 products.
  for (let start = 0; start < lines; start += 100) {
    await must(checkout.addProducts(sessionId, { product: cart.slice(start, start + 100) }));
  }
  return { checkout, sessionId };
}

const big = await bigSession(50);
const hundred = await bigSession(100);
const thousand = await bigSession(1000);
const coldEngineOne = coldEngine();
const coldOne = { checkout: coldEngineOne, sessionId: await readySession(coldEngineOne) };
await must(coldEngineOne.setShippingMethod(coldOne.sessionId, { shipping_method: { code: 'flat.flat' } }));
await must(coldEngineOne.setPaymentMethod(coldOne.sessionId, { payment_method: { code: 'cod' } }));
const coldBig = await bigSession(50, coldEngine());
const coldHundred = await bigSession(100, coldEngine());
// No 1,000-line row of its own: carts past 200 lines are never reused, so the 1,000-line row prices every time
// (and a second 1,000-line session in this process would slow every row after it with its heap).

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
        firstname: 'Grace',
        lastname: 'Hopper',
        email: 'grace@example.com',
        telephone: '+44 1632 960001',
      }),
    );
  });
  bench('one query: getTotals of a 1-line cart', async () => {
    await must(stepEngine.getTotals(stepSession));
  });
  bench('one query: getTotals of a 50-line cart', async () => {
    await must(big.checkout.getTotals(big.sessionId));
  });
  bench('one query: getTotals of a 100-line cart', async () => {
    await must(hundred.checkout.getTotals(hundred.sessionId));
  });
  bench('one query: getTotals of a 1,000-line cart', async () => {
    await must(thousand.checkout.getTotals(thousand.sessionId));
  });
  bench('one query: getTotals of a 1-line cart, nothing reused (fresh records on every read)', async () => {
    await must(coldOne.checkout.getTotals(coldOne.sessionId));
  });
  bench('one query: getTotals of a 50-line cart, nothing reused', async () => {
    await must(coldBig.checkout.getTotals(coldBig.sessionId));
  });
  bench('one query: getTotals of a 100-line cart, nothing reused', async () => {
    await must(coldHundred.checkout.getTotals(coldHundred.sessionId));
  });
  bench('one step: set the payment address on a 50-line cart', async () => {
    await must(big.checkout.setPaymentAddress(big.sessionId, paymentAddress));
  });
});
