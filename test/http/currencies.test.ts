/**
 * Money in a session currency other than the store's (GBP 0.61250001 and EUR 0.78460002 against USD): a cart
 * line's `total` is its `price` as shown times its quantity, the sub-total the sum of the lines shown and the
 * total the sum of the total lines; order info answers an order in its own currency at the rate it was
 * confirmed with.
 */
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../src/http/index.js';
import { guest, type Session, startDemo, ukAddress } from './support/harness.js';

interface Line {
  readonly product_id: number;
  readonly price: number;
  readonly quantity: number;
  readonly total: number;
}
interface Total {
  readonly code: string;
  readonly value: number;
  readonly text: string;
}

/** An amount of two decimals in hundredths, an integer (JSON numbers are floats). */
const cents = (value: number) => Math.round(value * 100);

/** The lines and totals a session shows. */
async function cartOf(session: Session): Promise<{ lines: Line[]; totals: Total[] }> {
  const lines = (await session.call('api/cart/getProducts')).body as Line[];
  const totals = (await session.call('api/cart/getTotals')).body as Total[];
  return { lines, totals };
}

/** Asserts that the lines and totals add up as shown, in hundredths. */
function expectAddsUp(lines: readonly Line[], totals: readonly Total[], what: string): void {
  for (const line of lines) {
    expect(cents(line.total), `${what}: product ${line.product_id} × ${line.quantity}`).toBe(
      cents(line.price) * line.quantity,
    );
  }
  const lineSum = lines.reduce((sum, line) => sum + cents(line.total), 0);
  expect(cents(totals.find((t) => t.code === 'sub_total')?.value ?? Number.NaN), `${what}: sub-total`).toBe(
    lineSum,
  );
  const others = totals.filter((t) => t.code !== 'total').reduce((sum, t) => sum + cents(t.value), 0);
  expect(cents(totals.find((t) => t.code === 'total')?.value ?? Number.NaN), `${what}: total`).toBe(others);
}

describe('cart lines in a converted currency', () => {
  it('a line total is price × quantity and the sub-total their sum, in GBP, EUR and USD', async () => {
    const demo = await startDemo();
    for (const currency of ['GBP', 'EUR', 'USD']) {
      const session = await demo.login();
      expect((await session.call('api/currency', { form: { currency } })).status).toBe(200);
      const adds: readonly (readonly [string, string])[] = [
        ['29', '3'],
        ['43', '7'],
        ['40', '11'],
        ['32', '13'],
      ];
      for (const [product_id, quantity] of adds) {
        const added = await session.call('api/cart/addProduct', { form: { product_id, quantity } });
        expect(added.status).toBe(200);
      }
      const { lines, totals } = await cartOf(session);
      expect(lines).toHaveLength(4);
      expectAddsUp(lines, totals, currency);
    }
  });
});

describe('shipping quotes in a converted currency', () => {
  it('answers the quote cost converted and its text with tax formatted in pounds', async () => {
    const session = await (await startDemo()).login();
    const steps: [string, Record<string, string>][] = [
      ['api/currency', { currency: 'GBP' }],
      ['api/order&call=customer', guest],
      ['api/cart/addProduct', { product_id: '40', quantity: '1' }],
      ['api/order&call=shipping_address', ukAddress('shipping_')],
    ];
    for (const [route, form] of steps) expect((await session.call(route, { form })).status).toBe(200);
    const methods = await session.call('api/order&call=shipping_methods');
    const { shipping_methods } = methods.body as {
      shipping_methods: { flat: { quote: { flat: Record<string, unknown> } } };
    };
    // 5.00 USD × 0.61250001 = 3.0625… → 3.06; shown with VAT 1.00 and Eco Tax 2.00: 8.00 USD → £4.90.
    expect(shipping_methods.flat.quote.flat).toEqual({
      code: 'flat.flat',
      name: 'Flat Shipping Rate',
      cost: 3.06,
      tax_class_id: 9,
      text: '£4.90',
    });
  });
});

/** Everything up to confirm, in GBP: John's guest details, 3 × Palm Treo Pro, UK addresses, flat, COD. */
async function readyInPounds(session: Session): Promise<void> {
  const steps: [string, Record<string, string>][] = [
    ['api/currency', { currency: 'GBP' }],
    ['api/order&call=customer', guest],
    ['api/cart/addProduct', { product_id: '29', quantity: '3' }],
    ['api/order&call=payment_address', ukAddress('payment_')],
    ['api/order&call=shipping_address', ukAddress('shipping_')],
    ['api/order&call=shipping_method', { 'shipping_method.code': 'flat.flat' }],
    ['api/order&call=payment_method', { 'payment_method.code': 'cod' }],
  ];
  for (const [route, form] of steps) expect((await session.call(route, { form })).status).toBe(200);
}

interface OrderJson {
  readonly currency_code: string;
  readonly currency_value: number;
  readonly total: number;
  readonly products: Line[];
  readonly totals: Total[];
  readonly shipping_method: { readonly cost: number };
}

describe('order info', () => {
  it('answers an order confirmed in GBP in pounds, as confirm did, and its lines add up', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await readyInPounds(session);
    const confirmed = await session.call('api/order&call=confirm', { form: {} });
    expect(confirmed.status).toBe(200);
    const answer = confirmed.body as { totals: Total[]; products: Line[] };
    const info = await session.call('api/order/info', { query: { order_id: '1' } });
    const order = (info.body as { order: OrderJson }).order;
    expect([order.currency_code, order.currency_value]).toEqual(['GBP', 0.61250001]);
    for (const line of order.totals) expect(line.text, line.code).toMatch(/^£/);
    expect(order.products.map((line) => [line.price, line.total])).toEqual(
      answer.products.map((line) => [line.price, line.total]),
    );
    expect(order.totals.map((line) => [line.code, line.value])).toEqual(
      answer.totals.map((line) => [line.code, line.value]),
    );
    expect(order.total).toBe(order.totals.find((line) => line.code === 'total')?.value);
    expectAddsUp(order.products, order.totals, 'order info');
  });

  it('uses the rate the order was confirmed with, not the store’s rate now', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    await readyInPounds(session);
    expect((await session.call('api/order&call=confirm', { form: {} })).status).toBe(200);
    const before = await session.call('api/order/info', { query: { order_id: '1' } });
    // The same store a day later, the pound now at 0.9 dollars.
    const { settings } = demo.app;
    const currencies = settings.currencies.map((c) => (c.code === 'GBP' ? { ...c, value: '0.90000000' } : c));
    const later = createFetchHandler(demo.app.checkout, {
      ...demo.app.handlerOptions,
      settings: { ...settings, currencies },
    });
    const request = new Request('http://x/index.php?route=api/order/info&order_id=1', {
      headers: { cookie: session.cookie },
    });
    const response = await later(request, { ip: '127.0.0.1' });
    expect([response.status, await response.json()]).toEqual([200, before.body]);
    const order = (before.body as { order: OrderJson }).order;
    expect(order.totals.find((line) => line.code === 'sub_total')?.text).toBe('£514.47');
  });
});
