/**
 * history_add through the engine: each status move and its stock, a refusal when stock is short
 * that changes nothing, coupon and reward redemption and release, and the points of a session logged in by
 * e-mail debited from that account.
 */
import { describe, expect, it } from 'vitest';
import { demoCheckout, expectErr, expectOk } from './support/demo-checkout.js';
import { confirmOk, graceHopper, pointsOf, readySession, stockOf, valueStockOf } from './support/orders.js';

/** The demo's stock of iPhones (product 40) and of Canon EOS 5D cameras (30) in each colour. */
const PLENTY = 1_000_000;
/** The HP LP3065 (product 47, 400 points a unit) with its required delivery date. */
const hpMonitor = { product_id: 47, option: { '225': '2026-05-01' } };

/** A demo checkout and an order of one iPhone created in status 10 (Failed: outside processing ∪ complete). */
async function inactiveOrder() {
  const d = demoCheckout();
  const sessionId = await readySession(d);
  const { orderId } = await confirmOk(d, sessionId, { order_status_id: 10 });
  const add = (order_status_id: number, extra: Record<string, unknown> = {}) =>
    d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id, ...extra });
  const order = () => expectOk(d.checkout.getOrder(sessionId, { order_id: orderId }));
  return { d, sessionId, orderId, add, order };
}

describe('history moves', () => {
  it('into processing from an inactive status takes stock; processing → complete moves nothing; complete → canceled restores', async () => {
    const { d, add, order } = await inactiveOrder();
    expect(stockOf(d, 40)).toBe(PLENTY);
    await expectOk(add(2, { comment: 'paid' }));
    expect(stockOf(d, 40)).toBe(PLENTY - 1);
    await expectOk(add(5));
    expect(stockOf(d, 40)).toBe(PLENTY - 1);
    await expectOk(add(7, { comment: 'customer cancelled', notify: 'true' }));
    expect(stockOf(d, 40)).toBe(PLENTY);
    const stored = await order();
    expect(stored.orderStatusId).toBe(7);
    expect(stored.history.map((h) => [h.orderStatusId, h.comment, h.notify])).toEqual([
      [10, '', false],
      [2, 'paid', false],
      [5, '', false],
      [7, 'customer cancelled', true],
    ]);
  });

  it('moves option values with subtract too', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d, {
      products: [{ product_id: 30, quantity: 2, option: { 226: 15 } }],
    });
    const { orderId } = await confirmOk(d, sessionId);
    expect([stockOf(d, 30), valueStockOf(d, 30, 15)]).toEqual([PLENTY - 2, PLENTY - 2]);
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 7 }));
    expect([stockOf(d, 30), valueStockOf(d, 30, 15)]).toEqual([PLENTY, PLENTY]);
  });

  it('refuses a move into processing when stock is short, naming the product, and changes nothing', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d, {
      products: [{ product_id: 30, quantity: 2, option: { 226: 16 } }],
    });
    const { orderId } = await confirmOk(d, sessionId, { order_status_id: 10 });
    const canon = d.data.products.get(30);
    if (canon === undefined) throw new Error('no Canon');
    d.data.products.set(30, { ...canon, quantity: 1 });
    const error = await expectErr(
      d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 2 }),
    );
    expect(error).toMatchObject({
      kind: 'validation',
      fields: { product: 'Not enough stock of Canon EOS 5D: 2 needed, 1 in stock!' },
    });
    expect([stockOf(d, 30), valueStockOf(d, 30, 16)]).toEqual([1, PLENTY]);
    const order = await expectOk(d.checkout.getOrder(sessionId, { order_id: orderId }));
    expect(order).toMatchObject({ orderStatusId: 10, revision: 1 });
    expect(order.history).toHaveLength(1);
  });

  it('allows the move with config_stock_checkout on (stock may go below zero, as OpenCart)', async () => {
    const d = demoCheckout({ config: { config_stock_checkout: true } });
    const sessionId = await readySession(d, {
      products: [{ product_id: 30, quantity: 2, option: { 226: 16 } }],
    });
    const { orderId } = await confirmOk(d, sessionId, { order_status_id: 10 });
    const canon = d.data.products.get(30);
    if (canon === undefined) throw new Error('no Canon');
    d.data.products.set(30, { ...canon, quantity: 1 });
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 2 }));
    expect(stockOf(d, 30)).toBe(-1);
  });

  it('needs an existing order and a known status', async () => {
    const { d, sessionId, add } = await inactiveOrder();
    expect(
      await expectErr(d.checkout.addHistory(sessionId, { order_id: 42, order_status_id: 2 })),
    ).toMatchObject({
      kind: 'not_found',
      fields: { order_id: 'Warning: Order could not be found!' },
    });
    expect(await expectErr(add(99))).toMatchObject({
      fields: { order_status_id: 'Warning: Order status is invalid!' },
    });
  });
});

describe('redemptions', () => {
  it('records a coupon use when the order becomes active and releases it when it leaves', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    await expectOk(d.checkout.setCoupon(sessionId, { coupon: '2222' }));
    const coupon = await d.adapters.coupons.getCoupon('2222');
    const couponId = coupon?.couponId ?? 0;
    const { orderId } = await confirmOk(d, sessionId);
    expect((await d.adapters.coupons.countUses(couponId, 0)).total).toBe(1);
    expect(d.data.couponUses.map((u) => [u.orderId, u.amount])).toEqual([
      [orderId, { amount: '-10.1000', currency: 'USD' }], // 10 % of the iPhone's 101.00
    ]);
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 7 }));
    expect((await d.adapters.coupons.countUses(couponId, 0)).total).toBe(0);
  });

  it('debits the points of a session logged in by e-mail (a guest customer step) and releases them on cancel', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d, { customer: graceHopper, products: [hpMonitor] });
    expect((await d.stored(sessionId)).loggedInCustomerId).toBe(1);
    await expectOk(d.checkout.setReward(sessionId, { reward: 200 }));
    const { orderId } = await confirmOk(d, sessionId);
    const order = await expectOk(d.checkout.getOrder(sessionId, { order_id: orderId }));
    expect(order).toMatchObject({ rewardPoints: 200, loggedInCustomerId: 1, customer: { customerId: 0 } });
    expect(await pointsOf(d)).toBe(800);
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 7 }));
    expect(await pointsOf(d)).toBe(1000);
  });

  it('never lets the same points be spent twice: the balance falls with every order', async () => {
    const d = demoCheckout();
    for (let round = 0; round < 5; round += 1) {
      const sessionId = await readySession(d, { customer: graceHopper, products: [hpMonitor] });
      await expectOk(d.checkout.setReward(sessionId, { reward: 200 }));
      await confirmOk(d, sessionId);
    }
    expect(await pointsOf(d)).toBe(0);
    const sessionId = await readySession(d, { customer: graceHopper, products: [hpMonitor] });
    const error = await expectErr(d.checkout.setReward(sessionId, { reward: 200 }));
    expect(error.fields).toHaveProperty('reward');
  });
});
