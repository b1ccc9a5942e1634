/**
 * Confirm through the engine on the demo store: every error key, reported together; create;
 * update (stock given back and taken again, the original's date, client, currency and language kept); an
 * unknown order; stock refused with the products named.
 */
import { describe, expect, it } from 'vitest';
import { demoCheckout, expectErr, expectOk } from './support/demo-checkout.js';
import { confirmOk, readySession, readyToConfirm, stockOf } from './support/orders.js';

/** The demo's stock of the iPhone (40), which the ready session buys one of. */
const IPHONES = 1_000_000;

const texts = {
  customer: 'Customer data is required!',
  product: 'Cart is empty!',
  payment_address: 'Payment address is required!',
  shipping_address: 'Shipping address is required!',
  shipping_method: 'Shipping method is required!',
  payment_method: 'Payment method is required!',
};

describe('confirm errors', () => {
  it('reports every missing step of an empty session at once (an empty cart does not ship)', async () => {
    const d = demoCheckout();
    const sessionId = await d.open();
    const error = await expectErr(d.checkout.confirm(sessionId, {}));
    expect(error.kind).toBe('precondition');
    expect(error.fields).toEqual({
      customer: texts.customer,
      product: texts.product,
      payment_address: texts.payment_address,
      payment_method: texts.payment_method,
    });
    expect(d.data.orders.size).toBe(0);
  });

  it('with a shipping cart adds shipping_address and shipping_method, and the bad status and affiliate', async () => {
    const d = demoCheckout();
    const sessionId = await d.open();
    await expectOk(d.checkout.addProducts(sessionId, { product: [{ product_id: 40 }] }));
    const error = await expectErr(d.checkout.confirm(sessionId, { order_status_id: 99, affiliate_id: 77 }));
    expect(error.kind).toBe('validation');
    expect(error.fields).toEqual({
      customer: texts.customer,
      payment_address: texts.payment_address,
      shipping_address: texts.shipping_address,
      shipping_method: texts.shipping_method,
      payment_method: texts.payment_method,
      order_status_id: 'Warning: Order status is invalid!',
      affiliate: 'Warning: Affiliate could not be found!',
    });
  });

  it("keys an unknown or malformed affiliate `affiliate`, OpenCart's confirm key", async () => {
    const d = demoCheckout();
    const sessionId = await d.open();
    for (const affiliate_id of [77, 'abc']) {
      const error = await expectErr(d.checkout.confirm(sessionId, { affiliate_id } as never));
      expect(error.fields.affiliate, String(affiliate_id)).toBe('Warning: Affiliate could not be found!');
      expect(error.fields, String(affiliate_id)).not.toHaveProperty('affiliate_id');
    }
  });

  it('refuses a cart beyond the stock under product (config_stock_checkout off)', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d, {
      products: [{ product_id: 30, quantity: 3, option: { 226: 16 } }],
    });
    const canon = d.data.products.get(30);
    if (canon === undefined) throw new Error('no Canon');
    d.data.products.set(30, { ...canon, quantity: 2 });
    const error = await expectErr(d.checkout.confirm(sessionId, {}));
    expect(error.fields).toEqual({
      product: 'Warning: Products marked with *** are not available in the desired quantity or not in stock!',
    });
    expect(d.data.orders.size).toBe(0);
    expect(stockOf(d, 30)).toBe(2);
  });

  it("refuses a line under its product's minimum under product", async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const iphone = d.data.products.get(40);
    if (iphone === undefined) throw new Error('no iPhone');
    d.data.products.set(40, { ...iphone, minimum: 2 });
    const error = await expectErr(d.checkout.confirm(sessionId, {}));
    expect(error.fields).toEqual({ product: 'Minimum order amount for iPhone is 2!' });
  });

  it('answers an unknown order_id with not_found alone, hiding the other errors', async () => {
    const d = demoCheckout();
    const sessionId = await d.open();
    const error = await expectErr(d.checkout.confirm(sessionId, { order_id: 99, order_status_id: 99 }));
    expect(error).toMatchObject({
      kind: 'not_found',
      fields: { order_id: 'Warning: Order could not be found!' },
    });
  });

  it('names each product short when the stock runs out between the view and the write', async () => {
    const d = demoCheckout({
      deps: (adapters) => ({
        orders: {
          ...adapters.orders,
          // Another order takes the last Canons just before this one is written.
          create: async (draft, history, claims) => {
            const canon = d.data.products.get(30);
            if (canon !== undefined) d.data.products.set(30, { ...canon, quantity: 1 });
            return adapters.orders.create(draft, history, claims);
          },
        },
      }),
    });
    const sessionId = await readySession(d, {
      products: [{ product_id: 30, quantity: 2, option: { 226: 16 } }],
    });
    const error = await expectErr(d.checkout.confirm(sessionId, {}));
    expect(error).toMatchObject({
      kind: 'validation',
      fields: { product: 'Not enough stock of Canon EOS 5D: 2 needed, 1 in stock!' },
    });
    expect(d.data.orders.size).toBe(0);
  });
});

describe('confirm writes', () => {
  it('creates an order, takes its stock at the default status (1, a processing status)', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const result = await confirmOk(d, sessionId, { comment: 'ring twice' });
    expect(result).toMatchObject({ success: 'Order created successfully!', orderId: 1, points: 0 });
    expect(result.commission).toEqual({ amount: '0.0000', currency: 'USD' });
    expect(result.shippingRequired).toBe(true);
    const order = await expectOk(d.checkout.getOrder(sessionId, { order_id: 1 }));
    expect(order).toMatchObject({ orderStatusId: 1, comment: 'ring twice', revision: 1 });
    expect(stockOf(d, 40)).toBe(IPHONES - 1);
    expect((await d.stored(sessionId)).lastOrder).toMatchObject({ orderId: 1 });
  });

  it('an update gives the old lines back and takes the new ones; cancelling then restores the new ones', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const first = await confirmOk(d, sessionId);
    expect([stockOf(d, 40), stockOf(d, 29)]).toEqual([IPHONES - 1, 999]);
    const line = (await d.stored(sessionId)).cart[0];
    await expectOk(d.checkout.removeCartLine(sessionId, { cart_id: line?.cartId ?? '' }));
    await readyToConfirm(d, sessionId, { products: [{ product_id: 29, quantity: 3 }] });
    const updated = await confirmOk(d, sessionId, { order_id: first.orderId });
    expect(updated.orderId).toBe(first.orderId);
    expect([stockOf(d, 40), stockOf(d, 29)]).toEqual([IPHONES, 996]);
    await expectOk(d.checkout.addHistory(sessionId, { order_id: first.orderId, order_status_id: 7 }));
    expect([stockOf(d, 40), stockOf(d, 29)]).toEqual([IPHONES, 999]);
    expect(d.data.orders.size).toBe(1);
  });

  it('an update of an inactive order takes the new lines only; to an inactive status takes nothing', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const first = await confirmOk(d, sessionId, { order_status_id: 10 });
    expect(stockOf(d, 40)).toBe(IPHONES);
    await confirmOk(d, sessionId, { order_id: first.orderId, order_status_id: 16 });
    expect(stockOf(d, 40)).toBe(IPHONES);
    await confirmOk(d, sessionId, { order_id: first.orderId, order_status_id: 2 });
    expect(stockOf(d, 40)).toBe(IPHONES - 1);
  });

  it('an update refused for stock changes nothing', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d, {
      products: [{ product_id: 30, quantity: 2, option: { 226: 16 } }],
    });
    const first = await confirmOk(d, sessionId, { order_status_id: 10 });
    const canon = d.data.products.get(30);
    if (canon === undefined) throw new Error('no Canon');
    d.data.products.set(30, { ...canon, quantity: 1 });
    const error = await expectErr(
      d.checkout.confirm(sessionId, { order_id: first.orderId, order_status_id: 2 }),
    );
    expect(error.fields).toHaveProperty('product');
    expect(stockOf(d, 30)).toBe(1);
    const order = await expectOk(d.checkout.getOrder(sessionId, { order_id: first.orderId }));
    expect(order).toMatchObject({ orderStatusId: 10, revision: 1 });
  });

  it("an update keeps the original's date added, client, currency and language; dateModified moves", async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const client = {
      ip: '198.51.100.1',
      forwardedIp: '10.0.0.1',
      userAgent: 'first',
      acceptLanguage: 'en-GB',
    };
    const first = await expectOk(d.checkout.confirm(sessionId, {}, { client }));
    d.clock.advance(1_800_000);
    await expectOk(d.checkout.setCurrency(sessionId, { currency: 'EUR' }));
    const other = { ip: '203.0.113.9', forwardedIp: '', userAgent: 'second', acceptLanguage: 'fr' };
    await expectOk(
      d.checkout.confirm(sessionId, { order_id: first.orderId, comment: 'edit' }, { client: other }),
    );
    const order = await expectOk(d.checkout.getOrder(sessionId, { order_id: first.orderId }));
    expect(order).toMatchObject({
      client,
      currencyCode: 'USD',
      currencyValue: '1.00000000',
      languageCode: 'en-gb',
      dateAdded: '2026-03-02T10:00:00.000Z',
      dateModified: '2026-03-02T10:30:00.000Z',
      comment: 'edit',
    });
  });
});
