/**
 * The multi add without product rows over HTTP: OpenCart's clients send `call=cart` with no rows to refresh the
 * cart before they confirm, and get the session's cart with its totals, as `getProducts` and `getTotals` show
 * them. Nothing changes and nothing is saved. A scalar `product` is a row that is not an object.
 */
import { describe, expect, it } from 'vitest';
import { apiKey, guest, type Session, startDemo, ukAddress } from './support/harness.js';

const shown = 'Success: You have modified your shopping cart!';

/** The cart as the seed's queries answer it. */
async function cartOf(session: Session) {
  const products = (await session.call('api/cart/getProducts')).body;
  const totals = (await session.call('api/cart/getTotals')).body;
  return { products, totals };
}

describe('call=cart without product rows', () => {
  it('answers the empty cart of a new session', async () => {
    const session = await (await startDemo()).login();
    const reply = await session.call('api/order&call=cart', { method: 'POST' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: shown,
      ...(await cartOf(session)),
      shipping_required: false,
      totals_digest: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect((reply.body as { products: unknown[] }).products).toEqual([]);
  });

  it('answers the cart and totals as getProducts and getTotals show them, whatever says "no rows"', async () => {
    const session = await (await startDemo()).login();
    const added = await session.call('api/order&call=cart', {
      form: { 'product[0][product_id]': '40', 'product[0][quantity]': '2', 'product[1][product_id]': '43' },
    });
    expect(added.body).toEqual({ success: 'Products added to cart successfully!' });
    const expected = { success: shown, ...(await cartOf(session)), shipping_required: true };
    expect(expected.products).toHaveLength(2);
    const noRows = [
      { form: {} },
      { form: { product: '' } },
      { form: { customer_id: '0' } },
      { json: {} },
      { json: { product: [] } },
      { json: { product: {} } },
      { json: { product: null } },
    ];
    for (const call of noRows) {
      for (const route of ['api/order&call=cart', 'api/cart']) {
        const reply = await session.call(route, { method: 'POST', ...call });
        expect(reply, `${route} ${JSON.stringify(call)}`).toMatchObject({ status: 200, body: expected });
      }
    }
  });

  it('says whether the cart ships: a cart of downloads does not', async () => {
    const session = await (await startDemo()).login();
    // The MacBook (43) and the iPod Nano (36) do not ship.
    await session.call('api/cart', { json: { product: [{ product_id: 43 }, { product_id: 36 }] } });
    const reply = await session.call('api/order&call=cart', { method: 'POST' });
    expect(reply.body).toMatchObject({ success: shown, shipping_required: false });
    expect((reply.body as { products: unknown[] }).products).toHaveLength(2);
  });

  it('changes nothing: the session keeps its version and its chosen methods', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await session.call('api/order&call=customer', { form: guest });
    await session.call('api/cart', { form: { 'product[0][product_id]': '40' } });
    await session.call('api/order&call=payment_address', { form: ukAddress('payment_') });
    await session.call('api/order&call=shipping_address', { form: ukAddress('shipping_') });
    await session.call('api/order&call=shipping_methods');
    await session.call('api/order&call=shipping_method', { form: { shipping_method: 'flat.flat' } });
    const before = (await demo.app.checkout.getSession(session.token))._unsafeUnwrap();
    const reply = await session.call('api/order&call=cart', { method: 'POST' });
    expect(reply.body).not.toHaveProperty('dropped');
    const after = (await demo.app.checkout.getSession(session.token))._unsafeUnwrap();
    expect(after.version).toBe(before.version);
    expect(after.shippingMethod).toEqual(before.shippingMethod);
    const shipping = (reply.body as { totals: { code: string }[] }).totals.find((t) => t.code === 'shipping');
    expect(shipping).toBeDefined();
  });

  it('the typed client gets the cart from addProducts without rows', async () => {
    const demo = await startDemo();
    const client = demo.client();
    (await client.login({ username: 'demo', key: apiKey }))._unsafeUnwrap();
    const answer = (await client.addProducts({}))._unsafeUnwrap();
    expect(answer).toEqual({
      success: shown,
      products: [],
      totals: expect.any(Array),
      shipping_required: false,
      totals_digest: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });
});

describe('call=cart with a scalar product', () => {
  it('is the field error product_0_product with the summary warning, and adds nothing', async () => {
    const session = await (await startDemo()).login();
    for (const call of [{ form: { product: '5' } }, { json: { product: 5 } }, { json: { product: '40' } }]) {
      const reply = await session.call('api/order&call=cart', call);
      expect(reply.status, JSON.stringify(call)).toBe(422);
      expect(reply.body, JSON.stringify(call)).toEqual({
        error: {
          product_0_product: 'Product does not exist!',
          warning: 'Please check the cart carefully for errors!',
        },
      });
    }
    expect((await session.call('api/cart/getProducts')).body).toEqual([]);
  });
});
