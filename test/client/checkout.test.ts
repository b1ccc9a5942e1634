/**
 * The typed client against a real server: a whole checkout with the session in `api_token` and in the cookie,
 * the idempotency key on confirm, and failures as typed values (a refused step, a refused confirm with its cart,
 * a throttled login, no server at all). Every answer is also checked against the OpenAPI document.
 */
import { describe, expect, it } from 'vitest';
import type { CheckoutClient } from '../../src/client/index.js';
import { apiKey, clientAddress, guest, startDemo } from '../http/support/harness.js';

/** Builds the flow's order up to the chosen payment method. */
async function buildOrder(client: CheckoutClient) {
  expect((await client.setCustomer(guest))._unsafeUnwrap()).toEqual({
    success: 'Customer data set successfully!',
  });
  const added = await client.addProducts({
    product: [
      { product_id: 40, quantity: 2 },
      { product_id: '30', option: { 226: '15' } },
    ],
  });
  expect(added._unsafeUnwrap().success).toBe('Products added to cart successfully!');
  (await client.setPaymentAddress(clientAddress('payment_')))._unsafeUnwrap();
  (await client.setShippingAddress(clientAddress('shipping_')))._unsafeUnwrap();
  const quotes = (await client.getShippingMethods())._unsafeUnwrap();
  expect(Object.keys(quotes.shipping_methods)).toContain('flat');
  (await client.setShippingMethod({ shipping_method: 'flat.flat' }))._unsafeUnwrap();
  const payments = (await client.getPaymentMethods())._unsafeUnwrap();
  expect(payments.payment_methods.cod?.name).toBe('Cash On Delivery');
  return (await client.setPaymentMethod({ payment_method: 'cod' }))._unsafeUnwrap();
}

describe('the typed client', () => {
  for (const session of ['api_token', 'cookie'] as const) {
    it(`checks out with the session in ${session === 'cookie' ? 'the cookie' : 'api_token'}`, async () => {
      const demo = await startDemo();
      const client = demo.client({ session });
      const login = await client.login({ username: 'demo', key: apiKey });
      expect(login._unsafeUnwrap().api_token).toBe(client.sessionId);
      const chosen = await buildOrder(client);
      expect(chosen.totals.at(-1)).toEqual({
        code: 'total',
        title: 'Total',
        value: 376.4,
        text: '$376.40',
        sort_order: 9,
      });

      const confirmed = (
        await client.confirm({ comment: 'At the door' }, { idempotencyKey: 'client-1' })
      )._unsafeUnwrap();
      expect(confirmed).toMatchObject({
        success: 'Order created successfully!',
        order_id: 1,
        shipping_required: true,
      });
      // The same key on the same unchanged session answers the same order.
      const again = (
        await client.confirm({ comment: 'At the door' }, { idempotencyKey: 'client-1' })
      )._unsafeUnwrap();
      expect(again.order_id).toBe(1);

      (
        await client.addHistory({ order_id: confirmed.order_id, order_status_id: 2, notify: false })
      )._unsafeUnwrap();
      const { order } = (await client.getOrder({ order_id: confirmed.order_id }))._unsafeUnwrap();
      expect(order.history.map((entry) => entry.order_status_id)).toEqual([1, 2]);
      expect(order.comment).toBe('At the door');

      expect((await client.logout())._unsafeUnwrap().success).toBe('Success: API session ended!');
      expect(client.sessionId).toBeUndefined();
      const after = await client.getProducts();
      expect(after._unsafeUnwrapErr()).toMatchObject({ kind: 'answer', status: 401 });
    });
  }

  it('keeps the totals digest it was last shown, from a step or from getTotals, for a guarded confirm', async () => {
    const demo = await startDemo();
    const client = demo.client();
    (await client.login({ username: 'demo', key: apiKey }))._unsafeUnwrap();
    expect(client.totalsDigest).toBeUndefined();
    const chosen = await buildOrder(client);
    expect(client.totalsDigest).toBe(chosen.totals_digest);
    const iphone = demo.app.data.products.get(40);
    if (iphone === undefined) throw new Error('no iPhone');
    demo.app.data.products.set(40, { ...iphone, price: { amount: '150.0000', currency: 'USD' } });
    // getTotals answers OpenCart's bare list; its header carries the digest of the totals now shown.
    expect(Array.isArray((await client.getTotals())._unsafeUnwrap())).toBe(true);
    const current = client.totalsDigest;
    expect(current).toMatch(/^[0-9a-f]{16}$/);
    expect(current).not.toBe(chosen.totals_digest);
    // The digest of before the change is refused, and the refusal carries the current one.
    const refused = (await client.confirm({ totals_digest: chosen.totals_digest }))._unsafeUnwrapErr();
    expect(refused).toMatchObject({ kind: 'answer', status: 409 });
    expect(client.totalsDigest).toBe(current);
    const placed = await client.confirm({ totals_digest: current ?? '' });
    expect(placed._unsafeUnwrap().order_id).toBe(1);
  });

  it('answers a refused step as a typed error value, keyed by field', async () => {
    const demo = await startDemo();
    const client = demo.client();
    (await client.login({ username: 'demo', key: apiKey }))._unsafeUnwrap();
    const refused = (await client.setCustomer({ ...guest, email: 'not an e-mail' }))._unsafeUnwrapErr();
    expect(refused).toMatchObject({
      kind: 'answer',
      status: 422,
      error: { email: 'E-Mail address does not appear to be valid!' },
    });
  });

  it('answers a refused confirm with the cart it could not buy', async () => {
    const demo = await startDemo();
    const client = demo.client();
    (await client.login({ username: 'demo', key: apiKey }))._unsafeUnwrap();
    (await client.addProduct({ product_id: 40 }))._unsafeUnwrap();
    const refused = (await client.confirm())._unsafeUnwrapErr();
    if (refused.kind !== 'answer') throw new Error(`expected an answer, got ${refused.kind}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      products: [{ product_id: 40, quantity: 1 }],
      shipping_required: true,
    });
  });

  it('answers a throttled login with its Retry-After', async () => {
    const demo = await startDemo();
    const client = demo.client();
    let last = await client.login({ username: 'demo', key: 'wrong' });
    for (
      let attempt = 0;
      attempt < 20 && last.isErr() && last.error.kind === 'answer' && last.error.status === 401;
      attempt++
    ) {
      last = await client.login({ username: 'demo', key: 'wrong' });
    }
    const throttled = last._unsafeUnwrapErr();
    expect(throttled).toMatchObject({ kind: 'answer', status: 429 });
    expect(throttled.kind === 'answer' && (throttled.retryAfter ?? 0) > 0).toBe(true);
  });

  it('answers no server as a network error, never a throw', async () => {
    const demo = await startDemo();
    const client = demo.client();
    const closed = new URL(demo.origin);
    closed.port = '1';
    const unreachable = (await import('../../src/client/index.js')).createClient({
      baseUrl: `${closed.origin}/index.php`,
    });
    const failed = await unreachable.getProducts();
    expect(failed._unsafeUnwrapErr().kind).toBe('network');
    expect(client.sessionId).toBeUndefined();
  });
});
