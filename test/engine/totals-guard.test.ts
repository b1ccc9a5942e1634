/**
 * The totals guard: every answer with totals carries `totals_digest`; a confirm that sends back a digest of
 * lines or totals that changed since (a price, a tax rate, the shipping cost, a coupon) is refused with
 * `conflict` under `totals`, and nothing is written. Without a digest, confirm is OpenCart's.
 */
import { describe, expect, it } from 'vitest';
import type { SummaryResult } from '../../src/operations/answers.js';
import {
  type DemoCheckout,
  demoCheckout,
  everyExtensionOn,
  expectErr,
  expectOk,
} from './support/demo-checkout.js';
import { confirmOk, readySession, stockOf } from './support/orders.js';

const changedText = 'Warning: Prices have changed! Please review your order.';

/** The digest the customer was shown last: the cart's as the multi add without rows answers it. */
async function shownDigest(d: DemoCheckout, sessionId: string): Promise<string> {
  const shown = (await expectOk(d.checkout.addProducts(sessionId, {}))) as SummaryResult;
  return shown.totalsDigest;
}

/** Expects confirm with `digest` to be refused under `totals`, with no order written and no stock moved. */
async function expectRefused(d: DemoCheckout, sessionId: string, digest: string) {
  const before = stockOf(d, 40);
  const error = await expectErr(d.checkout.confirm(sessionId, { totals_digest: digest }));
  expect(error.kind).toBe('conflict');
  expect(error.fields).toEqual({ totals: changedText });
  expect(d.data.orders.size).toBe(0);
  expect(stockOf(d, 40)).toBe(before);
  expect((await d.stored(sessionId)).lastOrder).toBeNull();
}

describe('totals_digest on the answers with totals', () => {
  it('is the same on every answer of an unchanged cart, and changes with the cart', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const first = await shownDigest(d, sessionId);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
    const method = await expectOk(d.checkout.setPaymentMethod(sessionId, { payment_method: 'cod' }));
    expect(method).toMatchObject({ totalsDigest: first });
    expect((await expectOk(d.checkout.viewCart(sessionId))).totalsDigest).toBe(first);
    await expectOk(d.checkout.addProducts(sessionId, { product: [{ product_id: 40 }] }));
    expect(await shownDigest(d, sessionId)).not.toBe(first);
  });
});

describe('confirm with totals_digest', () => {
  it('places the order when nothing changed, and answers the digest of what it placed', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const digest = await shownDigest(d, sessionId);
    const placed = await confirmOk(d, sessionId, { totals_digest: digest });
    expect(placed.orderId).toBeGreaterThan(0);
    expect(placed.totalsDigest).toBe(digest);
  });

  it('refuses a price that changed', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const digest = await shownDigest(d, sessionId);
    const iphone = d.data.products.get(40);
    if (iphone === undefined) throw new Error('no iPhone');
    d.data.products.set(40, { ...iphone, price: { amount: '150.0000', currency: 'USD' } });
    await expectRefused(d, sessionId, digest);
  });

  it('refuses a tax rate that changed', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const digest = await shownDigest(d, sessionId);
    const vat = [...d.data.taxRates.values()].find((rate) => rate.type === 'P');
    if (vat === undefined) throw new Error('no percentage rate');
    d.data.taxRates.set(vat.taxRateId, { ...vat, rate: '25.0000' });
    await expectRefused(d, sessionId, digest);
  });

  it('refuses a shipping cost that changed', async () => {
    const d = demoCheckout({ config: everyExtensionOn });
    const sessionId = await readySession(d);
    const digest = await shownDigest(d, sessionId);
    await expectOk(d.checkout.getShippingMethods(sessionId));
    await expectOk(d.checkout.setShippingMethod(sessionId, { shipping_method: 'item.item' }));
    await expectOk(d.checkout.getPaymentMethods(sessionId));
    await expectOk(d.checkout.setPaymentMethod(sessionId, { payment_method: 'cod' }));
    await expectRefused(d, sessionId, digest);
  });

  it('refuses a coupon applied since', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const digest = await shownDigest(d, sessionId);
    await expectOk(d.checkout.setCoupon(sessionId, { coupon: '2222' }));
    await expectRefused(d, sessionId, digest);
  });

  it('refuses a digest the store never made, and takes none as OpenCart does', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    await expectRefused(d, sessionId, '0000000000000000');
    const placed = await confirmOk(d, sessionId, {});
    expect(placed.orderId).toBeGreaterThan(0);
  });

  it('reports missing steps before the guard', async () => {
    const d = demoCheckout();
    const sessionId = await d.open();
    const error = await expectErr(d.checkout.confirm(sessionId, { totals_digest: '0000000000000000' }));
    expect(error.kind).toBe('precondition');
    expect(error.fields).not.toHaveProperty('totals');
  });
});
