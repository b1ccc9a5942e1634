/**
 * Confirm, history_add and order info over a real server (seed endpoints 8 and 9), through the typed client
 * (`cartwright/client`), whose answers are typed: no casts.
 */
import { describe, expect, it } from 'vitest';
import type { CheckoutClient } from '../../src/client/index.js';
import { apiKey, clientAddress, guest, type Harness, startDemo } from './support/harness.js';

/** A typed client logged in as `demo`. */
async function loggedIn(demo: Harness): Promise<CheckoutClient> {
  const client = demo.client();
  (await client.login({ username: 'demo', key: apiKey }))._unsafeUnwrap();
  return client;
}

/** Everything up to confirm: customer, 1 × iPhone, both UK addresses, flat shipping, cash on delivery. */
async function readyToConfirm(client: CheckoutClient): Promise<void> {
  (await client.setCustomer(guest))._unsafeUnwrap();
  (await client.addProduct({ product_id: '40' }))._unsafeUnwrap();
  (await client.setPaymentAddress(clientAddress('payment_')))._unsafeUnwrap();
  (await client.setShippingAddress(clientAddress('shipping_')))._unsafeUnwrap();
  (await client.setShippingMethod({ shipping_method: { code: 'flat.flat' } }))._unsafeUnwrap();
  (await client.setPaymentMethod({ payment_method: { code: 'cod' } }))._unsafeUnwrap();
}

describe('confirm over HTTP', () => {
  it('answers the affiliate commission formatted in the session currency', async () => {
    const client = await loggedIn(await startDemo());
    await readyToConfirm(client);
    (await client.setAffiliate({ affiliate_id: 1 }))._unsafeUnwrap();
    (await client.setCurrency({ currency: 'GBP' }))._unsafeUnwrap();
    const confirmed = (await client.confirm({}))._unsafeUnwrap();
    // 5 % of the net sub-total 101.00 USD = 5.05 USD; × 0.61250001 = 3.0931… → £3.09.
    expect(confirmed.commission).toBe('£3.09');
  });

  it('answers the order id, points, commission and the cart; the order is readable by order info', async () => {
    const client = await loggedIn(await startDemo());
    await readyToConfirm(client);
    const headers = {
      'User-Agent': 'cartwright-test',
      'Accept-Language': 'en-GB',
      'X-Forwarded-For': '203.0.113.9',
    };
    const confirmed = (await client.confirm({ comment: 'Leave at the door' }, { headers }))._unsafeUnwrap();
    expect(confirmed).toMatchObject({
      success: 'Order created successfully!',
      order_id: 1,
      points: 0,
      commission: '$0.00',
      shipping_required: true,
    });
    // 101.00 + flat 5.00, VAT 20% of 106.00 = 21.20, Eco Tax 2.00 × 2 = 4.00: 131.20.
    expect(confirmed.totals).toContainEqual(
      expect.objectContaining({ code: 'total', value: 131.2, text: '$131.20' }),
    );

    const info = (await client.getOrder({ order_id: 1 }))._unsafeUnwrap();
    expect(info).toMatchObject({
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
    const client = await loggedIn(await startDemo());
    (await client.addProduct({ product_id: 40 }))._unsafeUnwrap();
    const refused = (await client.confirm({}))._unsafeUnwrapErr();
    if (refused.kind !== 'answer' || !('products' in refused.body))
      throw new Error(`not a refusal: ${refused.kind}`);
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
    expect(refused.body.products).toHaveLength(1);
    expect(refused.body.totals.length).toBeGreaterThan(0);
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

  it("keys an unknown affiliate `affiliate`, OpenCart's confirm key; the affiliate step keeps `affiliate_id`", async () => {
    const session = await (await startDemo()).login();
    await session.call('api/cart/addProduct', { form: { product_id: '40' } });
    for (const affiliate_id of ['77', 'x']) {
      const refused = await session.call('api/order&call=confirm', { form: { affiliate_id } });
      expect(refused.status, affiliate_id).toBe(422);
      expect(refused.error.affiliate, affiliate_id).toBe('Warning: Affiliate could not be found!');
      expect(refused.error, affiliate_id).not.toHaveProperty('affiliate_id');
    }
    const step = await session.call('api/order&call=affiliate', { form: { affiliate_id: '77' } });
    expect(step).toMatchObject({
      status: 422,
      body: { error: { affiliate_id: 'Warning: Affiliate could not be found!' } },
    });
  });

  it('takes GET as well, as the seed overview lists it', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await readyToConfirm(demo.client({ sessionId: session.token }));
    const confirmed = await session.call('api/order&call=confirm', { method: 'GET' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ order_id: 1 });
  });

  it('the same Idempotency-Key and payload answer the same order; another payload under it is 409', async () => {
    const client = await loggedIn(await startDemo());
    await readyToConfirm(client);
    const key = { idempotencyKey: 'k-1' };
    const first = (await client.confirm({ comment: 'a' }, key))._unsafeUnwrap();
    const again = (await client.confirm({ comment: 'a' }, key))._unsafeUnwrap();
    expect(again.order_id).toBe(first.order_id);
    const other = (await client.confirm({ comment: 'b' }, key))._unsafeUnwrapErr();
    expect(other).toMatchObject({ kind: 'answer', status: 409 });
  });

  it('an Idempotency-Key first sent on a replay of the last order is recorded: a changed cart under it is 409', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await readyToConfirm(demo.client({ sessionId: session.token }));
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
    await readyToConfirm(demo.client({ sessionId: session.token }));
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
    const client = await loggedIn(demo);
    await readyToConfirm(client);
    (await client.confirm())._unsafeUnwrap();
    const stock = async () => (await demo.app.adapters.catalog.getProducts([40]))[0]?.quantity;
    expect(await stock()).toBe(999_999); // a million iPhones, one sold
    const shipped = await client.addHistory({
      order_id: '1',
      order_status_id: '5',
      comment: 'Shipped',
      notify: 'false',
    });
    expect(shipped._unsafeUnwrap()).toEqual({ success: 'Order history added successfully!' });
    (await client.addHistory({ order_id: 1, order_status_id: 7, notify: true }))._unsafeUnwrap();
    expect(await stock()).toBe(1_000_000);
    const info = (await client.getOrder({ order_id: '1' }))._unsafeUnwrap();
    expect(info.order.history).toEqual([
      expect.objectContaining({ order_status_id: 1 }),
      expect.objectContaining({ order_status_id: 5, comment: 'Shipped', notify: false }),
      expect.objectContaining({ order_status_id: 7, notify: true }),
    ]);
  });

  it('refuses an unknown order (404), an unknown status and a malformed flag (422)', async () => {
    const client = await loggedIn(await startDemo());
    const unknown = (await client.addHistory({ order_id: 99, order_status_id: 5 }))._unsafeUnwrapErr();
    expect(unknown).toMatchObject({
      kind: 'answer',
      status: 404,
      error: { order_id: 'Warning: Order could not be found!' },
    });
    const status = (await client.addHistory({ order_id: 1, order_status_id: 999 }))._unsafeUnwrapErr();
    expect(status).toMatchObject({
      kind: 'answer',
      status: 422,
      error: { order_status_id: expect.any(String) },
    });
    const flag =
      // @ts-expect-error: the client's types refuse a flag that is no flag; the server refuses it too
      (await client.addHistory({ order_id: 1, order_status_id: 5, notify: 'maybe' }))._unsafeUnwrapErr();
    expect(flag).toMatchObject({
      kind: 'answer',
      status: 422,
      error: { notify: 'notify must be true or false!' },
    });
    expect((await client.getOrder({ order_id: 42 }))._unsafeUnwrapErr()).toMatchObject({ status: 404 });
  });
});
