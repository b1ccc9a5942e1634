/**
 * The seed's checkout through a real server: login → customer → cart → payment address → shipping address →
 * shipping methods → shipping method → payment methods → payment method → confirm → history_add → order info,
 * with the seed's JSON shapes.
 */
import { describe, expect, it } from 'vitest';
import type { CheckoutClient } from '../../src/client/index.js';
import { apiKey, guest, type Harness, type Session, send, startDemo, ukAddress } from './support/harness.js';

/** Adds the flow's cart through the typed client. */
async function addFlowCart(client: CheckoutClient): Promise<void> {
  const rows = [
    { product_id: 40, quantity: 2 },
    { product_id: 30, option: { 226: 15 } },
  ];
  (await client.addProducts({ product: rows }))._unsafeUnwrap();
}

/** A typed client logged in as `demo` on the harness's server. */
async function clientOf(demo: Harness): Promise<CheckoutClient> {
  const client = demo.client();
  (await client.login({ username: 'demo', key: apiKey }))._unsafeUnwrap();
  return client;
}

/** The cart of the flow, the seed's happy cart: 2 × iPhone (101.00) and a red Canon EOS 5D (100.00). */
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

/** A total line as answered. */
const line = (code: string, title: string, value: number, text: string, sortOrder: number) => ({
  code,
  title,
  value,
  text,
  sort_order: sortOrder,
});

/**
 * The totals of the flow's order, the seed's happy cart to Lancashire: 2 × iPhone (101.00) + the red Canon EOS
 * 5D (100.00, red adds nothing) = 302.00; flat shipping 5.00; VAT 20% of 307.00 = 61.40; Eco Tax 2.00 per unit
 * (3) and on the shipping = 8.00; 302 + 5 + 61.40 + 8 = 376.40.
 */
const orderTotals = [
  line('sub_total', 'Sub-Total', 302, '$302.00', 1),
  line('shipping', 'Flat Shipping Rate', 5, '$5.00', 3),
  line('tax', 'VAT (20%)', 61.4, '$61.40', 5),
  line('tax', 'Eco Tax (-2.00)', 8, '$8.00', 5),
  line('total', 'Total', 376.4, '$376.40', 9),
];

describe('the whole seed flow in one run', () => {
  it('login → customer → cart → addresses → methods → confirm → history_add ×2 → order info', async () => {
    const demo = await startDemo();
    const login = await send(demo.origin, 'api/account/login', { form: { username: 'demo', key: apiKey } });
    expect(login.status).toBe(200);
    const { success, api_token: token } = login.body as { success: string; api_token: string };
    expect(success).toBe('Success: API session successfully started!');
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toBe(`OCSESSID=${token}`);
    const call = (route: string, options: Parameters<Session['call']>[1] = {}) =>
      send(demo.origin, route, { ...options, headers: { cookie, ...options.headers } });

    expect(await call('api/order&call=customer', { form: guest })).toMatchObject({
      status: 200,
      body: { success: 'Customer data set successfully!' },
    });
    expect(await call('api/order&call=cart', { form: cart })).toMatchObject({
      status: 200,
      body: { success: 'Products added to cart successfully!' },
    });
    expect(await call('api/order&call=payment_address', { form: ukAddress('payment_') })).toMatchObject({
      status: 200,
      body: { success: 'Payment address set successfully!' },
    });
    expect(await call('api/order&call=shipping_address', { form: ukAddress('shipping_') })).toMatchObject({
      status: 200,
      body: { success: 'Shipping address set successfully!' },
    });

    const methods = await call('api/order&call=shipping_methods');
    expect(methods.status).toBe(200);
    const offered = (methods.body as { shipping_methods: Record<string, unknown> }).shipping_methods;
    // OpenCart's offers: flat shipping alone.
    expect(Object.keys(offered)).toEqual(['flat']);
    expect(offered.flat).toEqual({
      code: 'flat',
      name: 'Flat Rate',
      title: 'Flat Rate',
      quote: {
        flat: { code: 'flat.flat', name: 'Flat Shipping Rate', cost: 5, tax_class_id: 9, text: '$8.00' },
      },
      sort_order: 1,
      error: false,
    });

    const shipping = await call('api/order&call=shipping_method', {
      form: { 'shipping_method.code': 'flat.flat', 'shipping_method.cost': '0.01' },
    });
    expect(shipping.status).toBe(200);
    expect(shipping.body).toMatchObject({
      success: 'Shipping method set successfully!',
      totals: orderTotals,
      shipping_required: true,
    });

    const payments = await call('api/order&call=payment_methods');
    expect(payments.status).toBe(200);
    expect(Object.keys((payments.body as { payment_methods: object }).payment_methods)).toEqual([
      'cod',
      'cheque',
    ]);
    const payment = await call('api/order&call=payment_method', { form: { 'payment_method.code': 'cod' } });
    expect(payment.status).toBe(200);
    expect(payment.body).toMatchObject({
      success: 'Payment method set successfully!',
      totals: orderTotals,
      shipping_required: true,
    });

    const confirm = await call('api/order&call=confirm', {
      form: { comment: 'Leave at the door' },
      headers: { 'Idempotency-Key': 'flow-1', 'User-Agent': 'flow-test' },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({
      success: 'Order created successfully!',
      order_id: 1,
      points: 200, // the reward the Canon EOS 5D earns group 1; the iPhone earns none
      commission: '$0.00',
      totals: orderTotals,
      shipping_required: true,
    });
    const confirmed = confirm.body as { products: { product_id: number; quantity: number; total: number }[] };
    expect(confirmed.products.map((p) => [p.product_id, p.quantity, p.total])).toEqual([
      [40, 2, 202],
      [30, 1, 100],
    ]);

    for (const entry of [
      { order_id: '1', order_status_id: '2', comment: 'Packed', notify: '0' },
      { order_id: '1', order_status_id: '3', comment: 'Shipped', notify: 'true' },
    ]) {
      expect(await call('api/order&call=history_add', { form: entry })).toMatchObject({
        status: 200,
        body: { success: 'Order history added successfully!' },
      });
    }

    const info = await call('api/order/info', { query: { order_id: '1' } });
    expect(info.status).toBe(200);
    const { order } = info.body as { order: Record<string, unknown> };
    expect(order).toMatchObject({
      order_id: 1,
      order_status_id: 3,
      customer: { customer_id: 0, firstname: 'Jane', lastname: 'Smith', email: 'jane@example.com' },
      payment_address: {
        address_1: '1 Market Street',
        city: 'Preston',
        zone: 'Lancashire',
        iso_code_2: 'GB',
      },
      shipping_address: { postcode: 'PR1 2HJ', country: 'United Kingdom' },
      shipping_method: { code: 'flat.flat', name: 'Flat Shipping Rate', cost: 5, tax_class_id: 9 },
      payment_method: { code: 'cod', name: 'Cash On Delivery' },
      totals: orderTotals,
      taxes: [
        { tax_rate_id: 86, name: 'VAT (20%)', amount: 61.4 },
        { tax_rate_id: 87, name: 'Eco Tax (-2.00)', amount: 8 },
      ],
      total: 376.4,
      comment: 'Leave at the door',
      currency_code: 'USD',
      ip: '127.0.0.1',
      user_agent: 'flow-test',
    });
    expect((order.products as { product_id: number; quantity: number }[]).map((p) => p.product_id)).toEqual([
      40, 30,
    ]);
    expect(
      (order.history as { order_status_id: number; comment: string; notify: boolean }[]).map((h) => [
        h.order_status_id,
        h.comment,
        h.notify,
      ]),
    ).toEqual([
      [1, 'Leave at the door', false],
      [2, 'Packed', false],
      [3, 'Shipped', true],
    ]);
    // Stock moved once, at confirm (status 1 is a processing status), not again for 2 and 3: the demo has a
    // million of each.
    const stock = await demo.app.adapters.catalog.getProducts([40, 30]);
    expect(stock.map((product) => [product.productId, product.quantity])).toEqual([
      [40, 999_998],
      [30, 999_999],
    ]);
  });
});

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
    const client = await clientOf(await startDemo());
    await addFlowCart(client);
    const lines = (await client.getProducts())._unsafeUnwrap();
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
      price: 101,
      total: 202,
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
    const client = await clientOf(await startDemo());
    (await client.addProduct({ product_id: 41, subscription_plan_id: 2 }))._unsafeUnwrap();
    const [line] = (await client.getProducts())._unsafeUnwrap();
    expect(line?.subscription).toMatchObject({
      subscription_plan_id: 2,
      name: 'Weekly',
      trial_status: false,
      trial_price: 0,
      trial_price_text: '$0.00',
      price: 25,
      price_text: '$25.00',
      frequency: 'month',
      duration: 10,
    });
  });

  it('answers totals as numbers rounded in the session currency, with formatted texts', async () => {
    const client = await clientOf(await startDemo());
    await addFlowCart(client);
    const usd = (await client.getTotals())._unsafeUnwrap();
    expect(usd[0]).toEqual({
      code: 'sub_total',
      title: 'Sub-Total',
      value: 302,
      text: '$302.00',
      sort_order: 1,
    });
    expect((await client.setCurrency({ currency: 'eur' }))._unsafeUnwrap().success).toBeTypeOf('string');
    const eur = (await client.getTotals())._unsafeUnwrap();
    // Each line as shown: the iPhone 101 × 0.78460002 = 79.2446… → 79.24 a unit, its line 2 × 79.24 = 158.48;
    // the Canon 100 → 78.460002 → 78.46. The sub-total is their sum, 236.94 (the exact 302 × 0.78460002 =
    // 236.9492… would show 236.95, a cent no client adding the lines reaches).
    expect(eur[0]).toMatchObject({ code: 'sub_total', value: 236.94, text: '236.94€' });
    const [line] = (await client.getProducts())._unsafeUnwrap();
    expect(line).toMatchObject({ price: 79.24, total: 158.48 });
  });
});

describe('stale selections over HTTP', () => {
  it('says which chosen method a change dropped', async () => {
    const demo = await startDemo({ config: { shipping_weight_status: true } });
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
