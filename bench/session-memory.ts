/**
 * Memory of sessions: how large a typical session is as stored JSON (what Redis holds per session) and how much
 * heap the in-memory session store takes per session. Run with `npm run bench:memory`; results go to
 * docs/benchmarks.md by hand. Measured here, never asserted in tests.
 *
 * Each session is a ready-to-confirm checkout: customer, a cart of `LINES` lines (product 42 with all its
 * options, and plain products), both addresses, quoted shipping and offered payment methods, both chosen.
 */
import { benchCheckout, graceHopper, must, prefixedAddress } from './support.js';

const SESSIONS = Number(process.env.SESSIONS ?? 5_000);
const LINES = Number(process.env.LINES ?? 5);
const checkout = benchCheckout();

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

async function readySession(): Promise<string> {
  const { sessionId } = await must(checkout.openSession({ apiUserId: 1 }));
  await must(checkout.setCustomer(sessionId, graceHopper));
  await must(checkout.addProducts(sessionId, { product: lines }));
  await must(checkout.setPaymentAddress(sessionId, prefixedAddress('payment_')));
  await must(checkout.setShippingAddress(sessionId, prefixedAddress('shipping_')));
  await must(checkout.getShippingMethods(sessionId));
  await must(checkout.setShippingMethod(sessionId, { shipping_method: { code: 'flat.flat' } }));
  await must(checkout.getPaymentMethods(sessionId));
  await must(checkout.setPaymentMethod(sessionId, { payment_method: { code: 'cod' } }));
  return sessionId;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc (npm run bench:memory does)');

const first = await readySession();
const json = JSON.stringify(await must(checkout.getSession(first)));
gc();
const before = process.memoryUsage().heapUsed;
for (let i = 1; i < SESSIONS; i += 1) await readySession();
gc();
const after = process.memoryUsage().heapUsed;

console.log(`sessions: ${SESSIONS}, cart lines each: ${LINES}`);
console.log(`stored JSON of one session: ${json.length} bytes`);
console.log(`heap per session in the memory store: ${Math.round((after - before) / (SESSIONS - 1))} bytes`);
