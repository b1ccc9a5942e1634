/**
 * The seed's checkout through a real server: login → customer → cart → payment address → shipping address →
 * shipping methods → shipping method → payment methods → payment method, with the seed's JSON shapes.
 */
import { describe, expect, it } from 'vitest';
import { guest, type Session, startDemo, ukAddress } from './support/harness.js';

/** The cart of the flow: 2 × iPhone (100.00) and a red Canon EOS 5D (80.00 special, +option). */
const cart = {
  'product[0][product_id]': '40',
  'product[0][quantity]': '2',
  'product[1][product_id]': '30',
  'product[1][option][226]': '15',
};

async function fillCart(session: Session) {
  expect((await session.call('api/order&call=customer', { form: guest })).body).toEqual({
    success: 'Customer data set successfully!',
  });
  expect((await session.call('api/order&call=cart', { form: cart })).body).toEqual({
    success: 'Products added to cart successfully!',
  });
}

describe('the checkout flow over HTTP', () => {
  it('runs every step in the seed order and answers the seed shapes', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await fillCart(session);
    const payment = await session.call('api/order&call=payment_address', { form: ukAddress('payment_') });
    expect(payment.body).toEqual({ success: 'Payment address set successfully!' });
    const shipping = await session.call('api/order&call=shipping_address', { json: ukAddress('shipping_') });
    expect(shipping.body).toEqual({ success: 'Shipping address set successfully!' });

    const methods = await session.call('api/order&call=shipping_methods');
    expect(methods.status).toBe(200);
    expect(methods.body).toMatchObject({
      shipping_methods: {
        flat: {
          title: 'Flat Rate',
          sort_order: 1,
          error: false,
          quote: {
            flat: { code: 'flat.flat', name: 'Flat Shipping Rate', cost: 5, tax_class_id: 9, text: '$8.00' },
          },
        },
      },
    });

    const chosen = await session.call('api/order&call=shipping_method', {
      form: { 'shipping_method.code': 'flat.flat', 'shipping_method.cost': '0.01' },
    });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({
      success: 'Shipping method set successfully!',
      shipping_required: true,
    });
    const totals = (chosen.body as { totals: unknown[] }).totals;
    expect(totals).toContainEqual({
      code: 'shipping',
      title: 'Flat Shipping Rate',
      value: 5,
      text: '$5.00',
      sort_order: 3,
    });

    const payments = await session.call('api/order&call=payment_methods');
    expect(payments.body).toMatchObject({
      payment_methods: {
        cod: {
          code: 'cod',
          name: 'Cash On Delivery',
          sort_order: 5,
          option: { cod: { code: 'cod.cod', name: 'Cash On Delivery' } },
        },
      },
    });
    const paid = await session.call('api/order&call=payment_method', {
      json: { payment_method: { code: 'cod' } },
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ success: 'Payment method set successfully!', shipping_required: true });
    expect((paid.body as { products: unknown[] }).products).toHaveLength(2);
  });

  it('answers cart lines with integer ids, boolean flags and money numbers', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await fillCart(session);
    const lines = (await session.call('api/cart/getProducts')).body as Record<string, unknown>[];
    expect(lines).toHaveLength(2);
    const [iphone, canon] = lines;
    expect(iphone).toMatchObject({
      product_id: 40,
      name: 'iPhone',
      option: [],
      subscription: null,
      subscription_plan_id: 0,
      quantity: 2,
      minimum: 1,
      maximum: 0,
      stock: true,
      subtract: true,
      price: 100,
      total: 200,
      tax_class_id: 9,
      recurring: '',
    });
    expect(typeof iphone?.cart_id).toBe('string');
    expect(typeof iphone?.weight).toBe('number');
    expect(canon?.option).toEqual([
      expect.objectContaining({ product_option_id: 226, product_option_value_id: 15, type: 'select' }),
    ]);
    for (const line of lines) {
      expect(Object.keys(line).some((key) => /[A-Z]/.test(key))).toBe(false);
      expect(line).not.toHaveProperty('shipping');
    }
  });

  it('answers subscription lines with numbers and formatted texts', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await session.call('api/cart/addProduct', { form: { product_id: '48', subscription_plan_id: '2' } });
    const [line] = (await session.call('api/cart/getProducts')).body as { subscription: unknown }[];
    expect(line?.subscription).toMatchObject({
      subscription_plan_id: 2,
      trial_status: true,
      trial_price: 1,
      trial_price_text: '$1.00',
      price: 10,
      price_text: '$10.00',
      duration: 10,
    });
  });

  it('answers totals as numbers rounded in the session currency, with formatted texts', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await fillCart(session);
    const usd = (await session.call('api/cart/getTotals')).body as {
      code: string;
      value: number;
      text: string;
    }[];
    expect(usd[0]).toEqual({
      code: 'sub_total',
      title: 'Sub-Total',
      value: 280,
      text: '$280.00',
      sort_order: 1,
    });
    const switched = await session.call('api/currency', { form: { currency: 'EUR' } });
    expect(switched.status).toBe(200);
    const eur = (await session.call('api/cart/getTotals')).body as {
      code: string;
      value: number;
      text: string;
    }[];
    expect(eur[0]).toMatchObject({ code: 'sub_total', value: 219.69, text: '219.69€' });
    const [line] = (await session.call('api/cart/getProducts')).body as { price: number; total: number }[];
    expect(line).toMatchObject({ price: 78.46, total: 156.92 });
  });
});

describe('stale selections over HTTP', () => {
  it('says which chosen method a change dropped', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await fillCart(session);
    await session.call('api/order&call=shipping_address', { form: ukAddress('shipping_') });
    await session.call('api/order&call=shipping_methods');
    const weight = await session.call('api/order&call=shipping_method', {
      form: { shipping_method: 'weight.weight_4' },
    });
    expect(weight.status).toBe(200);
    const moved = await session.call('api/order&call=shipping_address', {
      form: {
        ...ukAddress('shipping_'),
        shipping_country_id: '223',
        shipping_zone_id: '3624',
        shipping_postcode: '',
      },
    });
    expect(moved.body).toEqual({
      success: 'Shipping address set successfully!',
      dropped: ['shipping_method'],
    });
  });
});
