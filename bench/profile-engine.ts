/**
 * A CPU profile of the engine's hot paths, to see where time goes (not a benchmark: no figures are read from it).
 * `node --cpu-prof --cpu-prof-dir=.tmp/prof --import tsx bench/profile-engine.ts [flows] [steps] [totals]`.
 */
import { performance } from 'node:perf_hooks';
import { benchCheckout as engine, graceHopper, must, prefixedAddress } from './support.js';

const paymentAddress = prefixedAddress('payment_');
const shippingAddress = prefixedAddress('shipping_');
const [flows = 2000, steps = 20000, totals = 20000] = process.argv.slice(2).map(Number);

const checkout = engine();

async function flow() {
  const { sessionId } = await must(checkout.openSession({ apiUserId: 1 }));
  await must(checkout.setCustomer(sessionId, graceHopper));
  await must(checkout.addProduct(sessionId, { product_id: 40, quantity: 1 }));
  await must(checkout.setPaymentAddress(sessionId, paymentAddress));
  await must(checkout.setShippingAddress(sessionId, shippingAddress));
  await must(checkout.getShippingMethods(sessionId));
  await must(checkout.setShippingMethod(sessionId, { shipping_method: { code: 'flat.flat' } }));
  await must(checkout.getPaymentMethods(sessionId));
  await must(checkout.setPaymentMethod(sessionId, { payment_method: { code: 'cod' } }));
  await must(checkout.confirm(sessionId, {}));
  return sessionId;
}

async function time(label: string, n: number, run: () => Promise<unknown>) {
  const start = performance.now();
  for (let i = 0; i < n; i++) await run();
  const each = (performance.now() - start) / n;
  console.log(`${label}: ${(each * 1000).toFixed(1)} µs`);
}

await time('flow', flows, flow);
const { sessionId } = await must(checkout.openSession({ apiUserId: 1 }));
await must(checkout.addProduct(sessionId, { product_id: 40, quantity: 1 }));
await time('setCustomer', steps, () => must(checkout.setCustomer(sessionId, graceHopper)));
await time('getTotals', totals, () => must(checkout.getTotals(sessionId)));
