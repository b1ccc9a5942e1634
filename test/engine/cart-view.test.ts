/**
 * The cart queries through the engine (seed's cart products and totals queries): the engine's camelCase
 * line, net prices in the default currency, specials and plans, and total lines in the session currency rounded
 * line by line with `total` their exact sum. The seed's JSON of a line is the HTTP presenter's
 * (test/http/present-cart.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { sum } from '../../src/money/index.js';
import { demoCheckout, expectOk } from './support/demo-checkout.js';

/** A demo checkout with one open session. */
async function session() {
  const demo = demoCheckout();
  return { ...demo, id: await demo.open() };
}

describe('the library line', () => {
  it('the library line is camelCase with exact money, plus points and shipping, subscription without texts', async () => {
    const { checkout, id } = await session();
    await expectOk(checkout.addProduct(id, { product_id: 41, subscription_plan_id: 2 }));
    const [line] = await expectOk(checkout.getProducts(id));
    expect(line?.price).toEqual({ amount: '25.0000', currency: 'USD' });
    expect(Object.keys(line?.subscription ?? {}).sort()).toEqual(
      [
        'subscriptionPlanId',
        'name',
        'trialStatus',
        'trialPrice',
        'trialCycle',
        'trialFrequency',
        'trialDuration',
        'price',
        'cycle',
        'frequency',
        'duration',
      ].sort(),
    );
    expect(line?.subscription?.trialPrice).toEqual({ amount: '0.0000', currency: 'USD' });
    expect([line?.points, line?.shipping]).toEqual([0, true]);
  });
});

describe('getProducts and getTotals', () => {
  it('answers camelCase lines with the chosen options and plan', async () => {
    const { checkout, id } = await session();
    await expectOk(
      checkout.addProducts(id, {
        product: [
          { product_id: 30, option: { '226': '15' } },
          { product_id: 41, subscription_plan_id: 2 },
        ],
      }),
    );
    const lines = await expectOk(checkout.getProducts(id));
    expect(lines[0]).toMatchObject({
      cartId: 'id-cart-1',
      productId: 30,
      name: 'Canon EOS 5D',
      quantity: 1,
    });
    expect(lines[0]?.options).toEqual([
      {
        productOptionId: 226,
        productOptionValueId: 15,
        optionId: 5,
        optionValueId: 39,
        name: 'Select',
        value: 'Red',
        type: 'select',
      },
    ]);
    expect(lines[1]?.subscription?.subscriptionPlanId).toBe(2);
  });

  it('3 × product 40 is 303.00 net with VAT and Eco Tax at the store address; product 30 adds its 100.00', async () => {
    const { checkout, id } = await session();
    await expectOk(checkout.addProduct(id, { product_id: 40, quantity: 3 }));
    const [line] = await expectOk(checkout.getProducts(id));
    expect([line?.price.amount, line?.total.amount]).toEqual(['101.0000', '303.0000']);
    const totals = (await expectOk(checkout.getTotals(id))).totals;
    // No address yet: config_tax_default 'shipping' taxes at the store address (UK): VAT 20% of 303 = 60.60,
    // Eco Tax 2.00 per unit × 3 = 6, total 369.60.
    expect(totals.map((t) => [t.code, t.value.amount, t.value.currency])).toEqual([
      ['sub_total', '303.0000', 'USD'],
      ['tax', '60.6000', 'USD'],
      ['tax', '6.0000', 'USD'],
      ['total', '369.6000', 'USD'],
    ]);
    await expectOk(checkout.addProduct(id, { product_id: 30, option: { '226': '15' } }));
    const after = (await expectOk(checkout.getTotals(id))).totals;
    expect(after.find((t) => t.code === 'sub_total')?.value.amount).toBe('403.0000');
  });

  it('presents totals in the session currency, rounded per line, total the sum of the rounded lines', async () => {
    const { checkout, id } = await session();
    await expectOk(checkout.addProduct(id, { product_id: 40, quantity: 3 }));
    expect(await expectOk(checkout.setCurrency(id, { currency: 'GBP' }))).toEqual({
      success: 'Success: Your currency has been changed!',
      dropped: [],
    });
    const totals = (await expectOk(checkout.getTotals(id))).totals;
    const subTotal = totals.find((t) => t.code === 'sub_total')?.value;
    const total = totals.find((t) => t.code === 'total')?.value;
    // The line as shown: 101 × 0.61250001 = 61.8625… → 61.86 a unit, × 3 = 185.58 (the exact 303 × 0.61250001 =
    // 185.5875… would round to 185.59, a penny a client adding the line's total never sees).
    expect(subTotal).toEqual({ amount: '185.5800', currency: 'GBP' });
    const others = totals.filter((t) => t.code !== 'total').map((t) => t.value);
    expect(total).toEqual(sum(others, 'GBP'));
    // Lines stay net in the default currency.
    expect((await expectOk(checkout.getProducts(id)))[0]?.price).toEqual({
      amount: '101.0000',
      currency: 'USD',
    });
  });

  it('prices a plan line at its plan price and reports the minimum without enforcing it', async () => {
    const { checkout, id } = await session();
    await expectOk(checkout.addProduct(id, { product_id: 41, subscription_plan_id: 2, quantity: 2 }));
    const [line] = await expectOk(checkout.getProducts(id));
    expect(line?.price).toEqual({ amount: '25.0000', currency: 'USD' });
    expect(line?.total).toEqual({ amount: '50.0000', currency: 'USD' });
    expect(line?.subscriptionPlanId).toBe(2);
    const cinema = {
      product_id: 42,
      option: {
        '218': '5',
        '223': ['8'],
        '208': 'test',
        '217': '1',
        '209': 'notes',
        '222': 'upload-code',
        '219': '2026-04-01',
        '221': '10:30',
        '220': '2026-04-01 10:30',
      },
    };
    await expectOk(checkout.addProduct(id, cinema));
    const lines = await expectOk(checkout.getProducts(id));
    expect(lines[1]).toMatchObject({ productId: 42, quantity: 1, minimum: 2 });
  });

  it('rounds each line in EUR and makes the total their exact sum', async () => {
    const { checkout, id } = await session();
    // Product 29 (279.99) and the iPod Touch (32, 100.00).
    await expectOk(checkout.addProducts(id, { product: [{ product_id: 29 }, { product_id: 32 }] }));
    await expectOk(checkout.setCurrency(id, { currency: 'EUR' }));
    const totals = (await expectOk(checkout.getTotals(id))).totals;
    // 379.99 × 0.78460002 = 298.1401615998 → 298.14; VAT 75.998 USD → 59.6280… → 59.63;
    // Eco Tax 4.00 USD → 3.1384… → 3.14; total = 298.14 + 59.63 + 3.14 = 360.91 (the rounded lines' sum).
    expect(totals.map((t) => [t.code, t.value.amount, t.value.currency])).toEqual([
      ['sub_total', '298.1400', 'EUR'],
      ['tax', '59.6300', 'EUR'],
      ['tax', '3.1400', 'EUR'],
      ['total', '360.9100', 'EUR'],
    ]);
  });

  it('an empty cart has no lines and a zero total', async () => {
    const { checkout, id } = await session();
    expect(await expectOk(checkout.getProducts(id))).toEqual([]);
    const totals = (await expectOk(checkout.getTotals(id))).totals;
    expect(totals.find((t) => t.code === 'total')?.value.amount).toBe('0.0000');
  });
});

describe('addProducts without rows: the cart as it is', () => {
  it('answers the lines and totals getProducts and getTotals answer, with a success text, and saves nothing', async () => {
    const { checkout, id, adapters } = await session();
    await expectOk(
      checkout.addProducts(id, { product: [{ product_id: 40, quantity: 2 }, { product_id: 43 }] }),
    );
    const stored = async () => {
      const lookup = await adapters.sessions.get(id);
      return lookup.status === 'found' ? lookup.session : undefined;
    };
    const before = await stored();
    for (const request of [{}, { product: [] }, { product: {} }, { product: null }]) {
      const shown = await expectOk(checkout.addProducts(id, request));
      expect(shown, JSON.stringify(request)).toEqual({
        success: 'Success: You have modified your shopping cart!',
        dropped: [],
        products: await expectOk(checkout.getProducts(id)),
        ...(await expectOk(checkout.getTotals(id))),
        shippingRequired: true,
      });
    }
    expect((await stored())?.version).toBe(before?.version);
    expect((await stored())?.cart).toEqual(before?.cart);
  });

  it('with rows answers the success text alone', async () => {
    const { checkout, id } = await session();
    expect(await expectOk(checkout.addProducts(id, { product: [{ product_id: 40 }] }))).toEqual({
      success: 'Products added to cart successfully!',
      dropped: [],
    });
  });
});
