/**
 * A whole checkout by an unmodified OpenCart 4.1 client through a real server: every call signed, every call
 * POSTed (reads included), no login; the session comes from the first answer's cookie and carries the order
 * through to confirm. The answers carry what such a client reads: shipping groups with `code` and `name`,
 * payment methods with their `option` map.
 */
import { describe, expect, it } from 'vitest';
import { apiKey, guest, type Harness, startDemo, ukAddress } from '../support/harness.js';
import { createSigningClient, type SigningClient } from '../support/signing-client.js';

/** The demo with `demo` signing, and a client signing as `demo`. */
async function signingDemo(): Promise<{ demo: Harness; client: SigningClient }> {
  const demo = await startDemo({ apiSigning: 'opencart' });
  const client = createSigningClient({
    origin: demo.origin,
    username: 'demo',
    secret: apiKey,
    clock: demo.clock,
  });
  return { demo, client };
}

describe('an OpenCart 4.1 client, signing every request', () => {
  it('checks out with signatures alone: customer → cart → addresses → methods → confirm → order info', async () => {
    const { demo, client } = await signingDemo();

    const customer = await client.call('customer', { customer_id: 0, customer_group_id: 1, ...guest });
    expect([customer.status, customer.body]).toEqual([200, { success: 'Customer data set successfully!' }]);
    const session = client.cookie;
    expect(session).toMatch(/^OCSESSID=.+/);

    const cart = await client.call('cart', {
      product: [
        { product_id: 40, quantity: 2 },
        { product_id: 30, quantity: 1, option: { 226: 15 } },
      ],
    });
    expect([cart.status, cart.body]).toEqual([200, { success: 'Products added to cart successfully!' }]);
    expect((await client.call('payment_address', ukAddress('payment_'))).body).toEqual({
      success: 'Payment address set successfully!',
    });
    expect((await client.call('shipping_address', ukAddress('shipping_'))).body).toEqual({
      success: 'Shipping address set successfully!',
    });

    const shippingMethods = await client.call('shipping_methods');
    expect(shippingMethods.status).toBe(200);
    const groups = (shippingMethods.body as { shipping_methods: Record<string, Record<string, unknown>> })
      .shipping_methods;
    expect(groups.flat).toMatchObject({ code: 'flat', name: 'Flat Rate', title: 'Flat Rate' });
    const quotes = groups.flat?.quote as Record<string, { code: string; name: string }> | undefined;
    const flat = quotes?.flat;
    expect(flat?.code).toBe('flat.flat');

    // As OpenCart 4.1's clients send it: the whole quote; cartwright takes the code and prices it itself.
    const shippingMethod = await client.call('shipping_method', {
      shipping_method: { name: flat?.name ?? '', code: 'flat.flat', cost: '5.00', tax_class_id: 9 },
    });
    expect(shippingMethod.body).toMatchObject({ success: 'Shipping method set successfully!' });

    const paymentMethods = await client.call('payment_methods');
    const cod = (paymentMethods.body as { payment_methods: Record<string, unknown> }).payment_methods.cod;
    expect(cod).toEqual({
      code: 'cod',
      name: 'Cash On Delivery',
      option: { cod: { code: 'cod.cod', name: 'Cash On Delivery' } },
      sort_order: 5,
    });
    const paymentMethod = await client.call('payment_method', {
      payment_method: { name: 'Cash On Delivery', code: 'cod.cod' },
    });
    expect(paymentMethod.body).toMatchObject({ success: 'Payment method set successfully!' });

    const confirm = await client.call('confirm', {
      order_status_id: 1,
      comment: 'Signed, not logged in',
      order_id: 0,
    });
    expect(confirm.status).toBe(200);
    const confirmed = confirm.body as {
      success: string;
      order_id: number;
      totals: { code: string; value: number }[];
    };
    expect(confirmed.success).toBe('Order created successfully!');
    expect(confirmed.order_id).toBeGreaterThan(0);
    // One session all along: the first answer opened it, every later call came back to it.
    expect(client.cookie).toBe(session);

    const info = await client.call('', { order_id: confirmed.order_id }, { route: 'api/order/info' });
    expect(info.status).toBe(200);
    const { order } = info.body as { order: Record<string, unknown> };
    expect(order).toMatchObject({
      order_id: confirmed.order_id,
      comment: 'Signed, not logged in',
      customer: { email: guest.email },
      shipping_method: { code: 'flat.flat' },
      payment_method: { code: 'cod' },
      totals: confirmed.totals,
    });
    const stored = await demo.app.adapters.orders.get(confirmed.order_id);
    expect(stored?.apiUserId).toBe(1);
  });

  it('opens a new session for each call of a client that keeps no cookie, as OpenCart does', async () => {
    const { client } = await signingDemo();
    expect((await client.call('customer', guest)).status).toBe(200);
    const first = client.cookie;
    client.forgetCookie();
    const products = await client.call('', {}, { route: 'api/cart/getProducts' });
    expect([products.status, products.body]).toEqual([200, []]);
    expect(client.cookie).not.toBe(first);
  });
});
