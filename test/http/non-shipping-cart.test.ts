/**
 * A cart that does not ship over HTTP: the shipping steps tell it so under `warning` (the text the shipping
 * address step answers it with) and never ask it for a shipping address it does not need. A cart that ships is
 * still asked for one.
 */
import { describe, expect, it } from 'vitest';
import { guest, type Session, startDemo, ukAddress } from './support/harness.js';

const noShipping = { warning: 'Warning: There are no products that require shipping' };

/** A session with a customer, a payment address and the cart `products`, without a shipping address. */
async function sessionWith(products: readonly number[]): Promise<Session> {
  const session = await (await startDemo()).login();
  await session.call('api/order&call=customer', { form: guest });
  if (products.length > 0) {
    const added = await session.call('api/cart', {
      json: { product: products.map((product_id) => ({ product_id })) },
    });
    expect(added.status).toBe(200);
  }
  await session.call('api/order&call=payment_address', { form: ukAddress('payment_') });
  return session;
}

/** The shipping steps as a client calls them. */
async function shippingSteps(session: Session) {
  return {
    shipping_address: await session.call('api/order&call=shipping_address', { form: ukAddress('shipping_') }),
    shipping_methods: await session.call('api/order&call=shipping_methods'),
    shipping_method: await session.call('api/order&call=shipping_method', {
      form: { shipping_method: 'flat.flat' },
    }),
  };
}

describe('a cart that does not ship', () => {
  it('the MacBook and the iPod Nano (downloads): every shipping step answers only warning', async () => {
    const session = await sessionWith([43, 36]);
    expect((await session.call('api/cart/getProducts')).body).toHaveLength(2);
    for (const [step, reply] of Object.entries(await shippingSteps(session))) {
      expect(reply.status, step).toBe(422);
      expect(reply.body, step).toEqual({ error: noShipping });
    }
  });

  it('an empty cart, which ships nothing, is told the same', async () => {
    const session = await sessionWith([]);
    for (const [step, reply] of Object.entries(await shippingSteps(session))) {
      expect(reply.body, step).toEqual({ error: noShipping });
    }
  });
});

describe('a cart that ships', () => {
  it('is still asked for the shipping address before the shipping methods', async () => {
    const session = await sessionWith([40, 43]);
    const methods = await session.call('api/order&call=shipping_methods');
    expect(methods).toMatchObject({
      status: 422,
      body: { error: { shipping_address: 'Shipping address required' } },
    });
    expect(methods.error).not.toHaveProperty('warning');
    const method = await session.call('api/order&call=shipping_method', {
      form: { shipping_method: 'flat.flat' },
    });
    expect(method.body).toEqual({ error: { shipping_address: 'Shipping address required' } });
  });
});
