/**
 * Confirm, history_add and order info over a real server (seed endpoints 8 and 9), through the typed client
 * (`cartwright/client`), whose answers are typed: no casts.
 */
import { describe, expect, it } from 'vitest';
import type { CheckoutClient } from '../../src/client/index.js';
import { apiKey, guest, type Harness, startDemo, ukAddress } from './support/harness.js';

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
  (await client.setPaymentAddress(ukAddress('payment_')))._unsafeUnwrap();
  (await client.setShippingAddress(ukAddress('shipping_')))._unsafeUnwrap();
  (await client.setShippingMethod({ shipping_method: { code: 'flat.flat' } }))._unsafeUnwrap();
  (await client.setPaymentMethod({ payment_method: { code: 'cod' } }))._unsafeUnwrap();
}

describe('confirm over HTTP', () => {
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
    // 100.00 + flat 5.00, VAT 20% of 105.00 = 21.00, Eco Tax 2.00 × 2 = 4.00: 130.00.
    expect(confirmed.totals).toContainEqual(
      expect.objectContaining({ code: 'total', value: 130, text: '$130.00' }),
    );

    const info = (await client.getOrder({ order_id: 1 }))._unsafeUnwrap();
    expect(info).toMatchObject({
      order: {
        order_id: 1,
        order_status_id: 1,
        comment: 'Leave at the door',
        total: 130,
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
});

describe('history_add and order info over HTTP', () => {
  it('appends entries with booleans parsed as booleans, and restores stock on cancel', async () => {
    const demo = await startDemo();
    const client = await loggedIn(demo);
    await readyToConfirm(client);
    (await client.confirm())._unsafeUnwrap();
    const stock = async () => (await demo.app.adapters.catalog.getProducts([40]))[0]?.quantity;
    expect(await stock()).toBe(969);
    const shipped = await client.addHistory({
      order_id: '1',
      order_status_id: '5',
      comment: 'Shipped',
      notify: 'false',
    });
    expect(shipped._unsafeUnwrap()).toEqual({ success: 'Order history added successfully!' });
    (await client.addHistory({ order_id: 1, order_status_id: 7, notify: true }))._unsafeUnwrap();
    expect(await stock()).toBe(970);
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
    const flag = (
      await client.addHistory({ order_id: 1, order_status_id: 5, notify: 'maybe' })
    )._unsafeUnwrapErr();
    expect(flag).toMatchObject({
      kind: 'answer',
      status: 422,
      error: { notify: 'notify must be true or false!' },
    });
    expect((await client.getOrder({ order_id: 42 }))._unsafeUnwrapErr()).toMatchObject({ status: 404 });
  });
});
