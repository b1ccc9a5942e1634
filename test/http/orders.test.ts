/**
 * Confirm, history_add and order info over a real server (seed endpoints 8 and 9, DECISIONS 26, 27, 35, 36).
 */
import { describe, expect, it } from 'vitest';
import { guest, type Session, startDemo, ukAddress } from './support/harness.js';

/** Everything up to confirm: customer, 1 × iPhone, both UK addresses, flat shipping, cash on delivery. */
async function readyToConfirm(session: Session): Promise<void> {
  const steps: [string, Record<string, string>][] = [
    ['api/order&call=customer', guest],
    ['api/cart/addProduct', { product_id: '40' }],
    ['api/order&call=payment_address', ukAddress('payment_')],
    ['api/order&call=shipping_address', ukAddress('shipping_')],
    ['api/order&call=shipping_method', { 'shipping_method.code': 'flat.flat' }],
    ['api/order&call=payment_method', { 'payment_method.code': 'cod' }],
  ];
  for (const [route, form] of steps) expect((await session.call(route, { form })).status).toBe(200);
}

describe('confirm over HTTP', () => {
  it('answers the order id, points, commission and the cart; the order is readable by order info', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await readyToConfirm(session);
    const confirmed = await session.call('api/order&call=confirm', {
      form: { comment: 'Leave at the door' },
      headers: {
        'User-Agent': 'cartwright-test',
        'Accept-Language': 'en-GB',
        'X-Forwarded-For': '203.0.113.9',
      },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      success: 'Order created successfully!',
      order_id: 1,
      points: 0,
      commission: '$0.00',
      shipping_required: true,
    });
    // 101.00 + flat 5.00, VAT 20% of 106.00 = 21.20, Eco Tax 2.00 × 2 = 4.00: 131.20.
    expect((confirmed.body as { totals: unknown[] }).totals).toContainEqual(
      expect.objectContaining({ code: 'total', value: 131.2, text: '$131.20' }),
    );

    const info = await session.call('api/order/info', { method: 'GET', query: { order_id: '1' } });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      order: {
        order_id: 1,
        order_status_id: 1,
        comment: 'Leave at the door',
        total: 131.2,
        user_agent: 'cartwright-test',
        accept_language: 'en-GB',
        forwarded_ip: '203.0.113.9',
        currency_code: 'USD',
        shipping_method: { code: 'flat.flat', cost: 5 },
        payment_method: { code: 'cod', name: 'Cash On Delivery' },
        history: [expect.objectContaining({ order_status_id: 1, comment: 'Leave at the door' })],
      },
    });
  });

  it('answers the seed failure shape: error with products, totals and shipping_required', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await session.call('api/cart/addProduct', { form: { product_id: '40' } });
    const refused = await session.call('api/order&call=confirm', { form: {} });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: {
        customer: 'Customer data is required!',
        payment_address: 'Payment address is required!',
        shipping_address: 'Shipping address is required!',
        shipping_method: 'Shipping method is required!',
        payment_method: 'Payment method is required!',
      },
      shipping_required: true,
    });
    expect((refused.body as { products: unknown[] }).products).toHaveLength(1);
    expect((refused.body as { totals: unknown[] }).totals.length).toBeGreaterThan(0);
  });

  it('a refused confirm keeps the session as it was: the cart it answers does not slide the expiry', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await session.call('api/cart/addProduct', { form: { product_id: '40' } });
    const stored = async () => {
      const lookup = await demo.app.adapters.sessions.get(session.token);
      return lookup.status === 'found' ? lookup.session : lookup.status;
    };
    const before = await stored();
    demo.clock.advanceSeconds(60);
    const refused = await session.call('api/order&call=confirm', { form: {} });
    expect(refused.status).toBe(422);
    expect((refused.body as { products: unknown[] }).products).toHaveLength(1);
    expect(await stored()).toEqual(before);
  });

  it('takes GET as well, as the seed overview lists it', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await readyToConfirm(session);
    const confirmed = await session.call('api/order&call=confirm', { method: 'GET' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ order_id: 1 });
  });

  it('the same Idempotency-Key and payload answer the same order; another payload under it is 409', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await readyToConfirm(session);
    const headers = { 'Idempotency-Key': 'k-1' };
    const first = await session.call('api/order&call=confirm', { form: { comment: 'a' }, headers });
    const again = await session.call('api/order&call=confirm', { form: { comment: 'a' }, headers });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect((again.body as { order_id: number }).order_id).toBe((first.body as { order_id: number }).order_id);
    const other = await session.call('api/order&call=confirm', { form: { comment: 'b' }, headers });
    expect(other.status).toBe(409);
  });

  it('an Idempotency-Key first sent on a replay of the last order is recorded: a changed cart under it is 409', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await readyToConfirm(session);
    const confirm = (headers: Record<string, string> = {}) =>
      session.call('api/order&call=confirm', { form: {}, headers });
    const first = await confirm();
    const replayed = await confirm({ 'Idempotency-Key': 'K' });
    expect([first.status, replayed.status]).toEqual([200, 200]);
    expect((replayed.body as { order_id: number }).order_id).toBe(1);
    expect((await session.call('api/cart/addProduct', { form: { product_id: '40' } })).status).toBe(200);
    const changed = await confirm({ 'Idempotency-Key': 'K' });
    expect([changed.status, changed.error]).toEqual([
      409,
      { warning: 'Warning: This Idempotency-Key was already used for a different order!' },
    ]);
    expect(demo.app.data.orders.size).toBe(1);
  });

  it('an Idempotency-Key that is not 1 to 255 visible ASCII characters is 400 with the JSON error, never cut', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await readyToConfirm(session);
    const refusal = {
      error: { warning: 'Warning: Idempotency-Key must be 1 to 255 visible ASCII characters!' },
    };
    for (const key of ['', 'a b', 'k'.repeat(256), 'k'.repeat(300), 'caf\u00e9', 'a\tb']) {
      const reply = await session.call('api/order&call=confirm', {
        form: {},
        headers: { 'Idempotency-Key': key },
      });
      expect([key, reply.status, reply.body]).toEqual([key, 400, refusal]);
    }
    expect(demo.app.data.orders.size).toBe(0);
    const longest = { 'Idempotency-Key': `${'k'.repeat(254)}~` };
    const accepted = await session.call('api/order&call=confirm', { form: {}, headers: longest });
    expect(accepted.status).toBe(200);
    // The key was recorded as sent, all 255 characters: under it a changed cart is a conflict.
    await session.call('api/cart/addProduct', { form: { product_id: '40' } });
    expect((await session.call('api/order&call=confirm', { form: {}, headers: longest })).status).toBe(409);
  });
});

describe('history_add and order info over HTTP', () => {
  it('appends entries with booleans parsed as booleans, and restores stock on cancel', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await readyToConfirm(session);
    await session.call('api/order&call=confirm', { form: {} });
    const stock = async () => (await demo.app.adapters.catalog.getProducts([40]))[0]?.quantity;
    expect(await stock()).toBe(999_999); // a million iPhones, one sold
    const shipped = await session.call('api/order&call=history_add', {
      form: { order_id: '1', order_status_id: '5', comment: 'Shipped', notify: 'false' },
    });
    expect(shipped.body).toEqual({ success: 'Order history added successfully!' });
    const canceled = await session.call('api/order&call=history_add', {
      json: { order_id: 1, order_status_id: 7, notify: true },
    });
    expect(canceled.status).toBe(200);
    expect(await stock()).toBe(1_000_000);
    const info = await session.call('api/order/info', { method: 'GET', query: { order_id: '1' } });
    expect((info.body as { order: { history: unknown[] } }).order.history).toEqual([
      expect.objectContaining({ order_status_id: 1 }),
      expect.objectContaining({ order_status_id: 5, comment: 'Shipped', notify: false }),
      expect.objectContaining({ order_status_id: 7, notify: true }),
    ]);
  });

  it('refuses an unknown order (404), an unknown status and a malformed flag (422)', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    const unknown = await session.call('api/order&call=history_add', {
      form: { order_id: '99', order_status_id: '5' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toEqual({ order_id: 'Warning: Order could not be found!' });
    const status = await session.call('api/order&call=history_add', {
      form: { order_id: '1', order_status_id: '999' },
    });
    expect(status.status).toBe(422);
    expect(status.error).toHaveProperty('order_status_id');
    const flag = await session.call('api/order&call=history_add', {
      form: { order_id: '1', order_status_id: '5', notify: 'maybe' },
    });
    expect(flag.status).toBe(422);
    expect(flag.error).toEqual({ notify: 'notify must be true or false!' });
    const info = await session.call('api/order/info', { method: 'GET', query: { order_id: '42' } });
    expect(info.status).toBe(404);
  });
});
