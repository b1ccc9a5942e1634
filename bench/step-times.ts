/**
 * Where a full checkout's time goes, step by step (a quick look, not a benchmark: no figures are kept).
 * `node --import tsx bench/step-times.ts [flows]`.
 */
import { performance } from 'node:perf_hooks';
import { benchCheckout as engine, graceHopper, must, prefixedAddress } from './support.js';

const paymentAddress = prefixedAddress('payment_');
const shippingAddress = prefixedAddress('shipping_');
const [flows = 5000] = process.argv.slice(2).map(Number);
const checkout = engine();
const spent = new Map<string, number>();

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const value = await run();
  spent.set(label, (spent.get(label) ?? 0) + performance.now() - start);
  return value;
}

async function flow() {
  const { sessionId } = await timed('openSession', () => must(checkout.openSession({ apiUserId: 1 })));
  await timed('setCustomer', () => must(checkout.setCustomer(sessionId, graceHopper)));
  await timed('addProduct', () => must(checkout.addProduct(sessionId, { product_id: 40, quantity: 1 })));
  await timed('setPaymentAddress', () => must(checkout.setPaymentAddress(sessionId, paymentAddress)));
  await timed('setShippingAddress', () => must(checkout.setShippingAddress(sessionId, shippingAddress)));
  await timed('getShippingMethods', () => must(checkout.getShippingMethods(sessionId)));
  await timed('setShippingMethod', () =>
    must(checkout.setShippingMethod(sessionId, { shipping_method: { code: 'flat.flat' } })),
  );
  await timed('getPaymentMethods', () => must(checkout.getPaymentMethods(sessionId)));
  await timed('setPaymentMethod', () =>
    must(checkout.setPaymentMethod(sessionId, { payment_method: { code: 'cod' } })),
  );
  await timed('confirm', () => must(checkout.confirm(sessionId, {})));
}

for (let i = 0; i < flows / 5; i++) await flow();
spent.clear();
const start = performance.now();
const cpu = process.cpuUsage();
for (let i = 0; i < flows; i++) await flow();
const total = performance.now() - start;
const used = process.cpuUsage(cpu);
const cpuEach = (used.user + used.system) / flows;
console.log(`flow: ${((total / flows) * 1000).toFixed(1)} µs (cpu ${cpuEach.toFixed(1)} µs)`);
for (const [label, ms] of spent) console.log(`  ${label}: ${((ms / flows) * 1000).toFixed(1)} µs`);
