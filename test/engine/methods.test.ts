/**
 * The Engine II steps through `createCheckout` with the demo's built-in extensions (flat shipping; free_checkout,
 * cheque and cod; free, item, weight, pickup and bank_transfer once switched on; the demo's total calculators):
 * the 131.20 flow,
 * codes not offered, coupons, reward points and the affiliate refused under their own keys,
 * every summary step answering the seed's `products`, `totals` and `shipping_required`, a coupon refused when the
 * totals have no coupon step, store credit through a host's credit source, and weight shipping over products
 * weighed in different classes.
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import { createTotalCalculators, defaultTotalCalculators } from '../../src/domain/pricing/totals/index.js';
import { money } from '../../src/money/index.js';
import type { SummaryResult } from '../../src/operations/answers.js';
import type { TotalLine } from '../../src/ports/total-calculator.js';
import {
  asRequest,
  demoCheckout,
  everyExtensionOn,
  expectErr,
  expectOk,
  guest,
  ukAddress,
} from './support/demo-checkout.js';

/** A guest with product 40 × 1 and UK payment and shipping addresses. */
async function ukCart(demo = demoCheckout()) {
  const { checkout } = demo;
  const id = await demo.open();
  await expectOk(checkout.setCustomer(id, guest));
  await expectOk(checkout.addProduct(id, { product_id: 40, quantity: 1 }));
  await expectOk(checkout.setPaymentAddress(id, ukAddress('payment_')));
  await expectOk(checkout.setShippingAddress(id, ukAddress('shipping_')));
  return { ...demo, id };
}

/** The seed's totals as `[code, title, amount]`. */
function rows(totals: readonly TotalLine[]) {
  return totals.map((line) => [line.code, line.title, line.value.amount]);
}

/** Product 40 × 1 to the UK with flat shipping: every figure by hand (also in the totals' worked examples). */
const flat131 = [
  ['sub_total', 'Sub-Total', '101.0000'],
  ['shipping', 'Flat Shipping Rate', '5.0000'],
  ['tax', 'VAT (20%)', '21.2000'], // 20 % of 101 + 20 % of 5
  ['tax', 'Eco Tax (-2.00)', '4.0000'], // 2 per unit + 2 on the shipping
  ['total', 'Total', '131.2000'], // 101 + 5 + 21.20 + 4
];

/** A summary step's output carries the seed's `products`, `totals` and `shipping_required`. */
function expectSummary(result: SummaryResult, totals: readonly (readonly string[])[]) {
  expect(result.products.map((line) => [line.productId, line.quantity])).toEqual([[40, 1]]);
  expect(rows(result.totals)).toEqual(totals);
  expect(result.shippingRequired).toBe(true);
}

describe('the 131.20 flow: product 40 × 1, UK addresses, flat shipping', () => {
  it('quotes the built-in methods with their costs as shown and prices the flat rate into the totals', async () => {
    const { checkout, id } = await ukCart();
    const { shippingMethods } = await expectOk(checkout.getShippingMethods(id));
    // OpenCart installs flat shipping alone.
    expect(Object.keys(shippingMethods)).toEqual(['flat']);
    expect(shippingMethods.flat).toEqual({
      code: 'flat',
      title: 'Flat Rate',
      quote: {
        flat: {
          code: 'flat.flat',
          name: 'Flat Shipping Rate',
          cost: money('5.00', 'USD'),
          taxClassId: 9,
          shownCost: money('8.00', 'USD'), // 5.00 + VAT 1.00 + eco 2.00, prices shown with tax
        },
      },
      sortOrder: 1,
      error: false,
    });
    const chosen = await expectOk(checkout.setShippingMethod(id, { shipping_method: { code: 'flat.flat' } }));
    expect(chosen.success).toBe('Shipping method set successfully!');
    expectSummary(chosen, flat131);
    const { paymentMethods } = await expectOk(checkout.getPaymentMethods(id));
    // free_checkout only for a total of 0; cod (sort 5) and cheque (sort 6).
    expect(Object.keys(paymentMethods)).toEqual(['cod', 'cheque']);
    const paid = await expectOk(checkout.setPaymentMethod(id, { payment_method: { code: 'cod' } }));
    expect(paid.success).toBe('Payment method set successfully!');
    expectSummary(paid, flat131);
    expect(rows((await expectOk(checkout.getTotals(id))).totals)).toEqual(flat131);
  });

  it('offers the extensions OpenCart does not install once their settings switch them on', async () => {
    const { checkout, id } = await ukCart(demoCheckout({ config: everyExtensionOn }));
    const { shippingMethods } = await expectOk(checkout.getShippingMethods(id));
    // 101.00 does not reach free shipping's 500.00; the rest serve the UK.
    expect(Object.keys(shippingMethods)).toEqual(['flat', 'item', 'weight', 'pickup']);
    await expectOk(checkout.setShippingMethod(id, { shipping_method: 'pickup.pickup' }));
    const { paymentMethods } = await expectOk(checkout.getPaymentMethods(id));
    expect(Object.keys(paymentMethods)).toEqual(['bank_transfer', 'cod', 'cheque']);
    await expectOk(checkout.setPaymentMethod(id, { payment_method: 'bank_transfer' }));
  });

  it('a status setting of 0 keeps an extension off: its code is refused', async () => {
    const { checkout, id } = await ukCart(demoCheckout({ config: { shipping_item_status: 0 } }));
    await expectOk(checkout.getShippingMethods(id));
    expect(await expectErr(checkout.setShippingMethod(id, { shipping_method: 'item.item' }))).toMatchObject({
      fields: { shipping_method: 'Warning: Shipping method required!' },
    });
  });

  it('shipping methods need no customer, payment methods do', async () => {
    const demo = demoCheckout();
    const { checkout } = demo;
    const id = await demo.open();
    await expectOk(checkout.addProduct(id, { product_id: 40 }));
    await expectOk(checkout.setPaymentAddress(id, ukAddress('payment_')));
    await expectOk(checkout.setShippingAddress(id, ukAddress('shipping_')));
    const { shippingMethods } = await expectOk(checkout.getShippingMethods(id));
    expect(Object.keys(shippingMethods)).toContain('flat');
    await expectOk(checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }));
    const error = await expectErr(checkout.getPaymentMethods(id));
    expect(error).toMatchObject({ kind: 'precondition', fields: { customer: 'Customer data required' } });
  });

  it('takes the cost and tax class from the quote, never from the client', async () => {
    const { checkout, id, stored } = await ukCart();
    const request = { shipping_method: { code: 'flat.flat', name: 'Mine', cost: '0.01', tax_class_id: 0 } };
    expectSummary(await expectOk(checkout.setShippingMethod(id, asRequest(request))), flat131);
    expect((await stored(id)).shippingMethod).toEqual({
      code: 'flat.flat',
      name: 'Flat Shipping Rate',
      cost: money('5.00', 'USD'),
      taxClassId: 9,
    });
  });

  it('refuses a shipping code not offered under `shipping_method`', async () => {
    const { checkout, id, stored } = await ukCart();
    for (const code of ['free.free', 'item.item', 'pickup.pickup', 'flat.nope', 'nope.nope', 'flat']) {
      const error = await expectErr(checkout.setShippingMethod(id, { shipping_method: { code } }));
      expect(error, code).toMatchObject({
        kind: 'validation',
        fields: { shipping_method: 'Warning: Shipping method required!' },
      });
    }
    expect((await stored(id)).shippingMethod).toBeNull();
  });

  it('refuses a payment code not offered under `payment_method`', async () => {
    const { checkout, id, stored } = await ukCart();
    await expectOk(checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }));
    // free_checkout needs a total of 0, this one is 131.20; bank_transfer is not switched on.
    for (const code of ['free_checkout', 'bank_transfer', 'paypal', 'cod.nope']) {
      const error = await expectErr(checkout.setPaymentMethod(id, { payment_method: { code } }));
      expect(error, code).toMatchObject({
        kind: 'validation',
        fields: { payment_method: 'Warning: Payment method required!' },
      });
    }
    expect((await stored(id)).paymentMethod).toBeNull();
  });

  it('accepts `cod` and `cod.cod` alike', async () => {
    const { checkout, id, stored } = await ukCart();
    await expectOk(checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }));
    for (const code of ['cod', 'cod.cod']) {
      await expectOk(checkout.setPaymentMethod(id, { payment_method: { code } }));
      expect((await stored(id)).paymentMethod).toEqual({ code: 'cod', name: 'Cash On Delivery' });
    }
  });
});

describe('affiliate, reward points and coupons refused under their own keys', () => {
  it('an affiliate must exist: account 1 is one, 999 is not', async () => {
    const { checkout, id, stored } = await ukCart();
    const error = await expectErr(checkout.setAffiliate(id, { affiliate_id: 999 }));
    expect(error).toMatchObject({
      kind: 'validation',
      fields: { affiliate_id: 'Warning: Affiliate could not be found!' },
    });
    expect((await stored(id)).affiliateId).toBeNull();
    await expectOk(checkout.setAffiliate(id, { affiliate_id: 1 }));
    expect((await stored(id)).affiliateId).toBe(1);
  });

  /** The HP LP3065 (product 47, 400 points a unit) with its required delivery date. */
  const hpMonitor = { product_id: 47, option: { '225': '2026-05-01' } };

  /** Grace (1,000 points) logged in by e-mail with product 47 × `quantity`, UK, flat. */
  async function graceWith47(quantity: number, demo = demoCheckout()) {
    const { checkout } = demo;
    const id = await demo.open();
    await expectOk(checkout.setCustomer(id, { ...guest, email: 'grace@example.com' }));
    await expectOk(checkout.addProduct(id, { ...hpMonitor, quantity }));
    await expectOk(checkout.setPaymentAddress(id, ukAddress('payment_')));
    await expectOk(checkout.setShippingAddress(id, ukAddress('shipping_')));
    await expectOk(checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }));
    return { ...demo, id };
  }

  it('refuses more points than the cart costs in points', async () => {
    const { checkout, id, stored } = await graceWith47(1);
    const error = await expectErr(checkout.setReward(id, { reward: 500 }));
    expect(error).toMatchObject({
      kind: 'validation',
      fields: { reward: 'Warning: The maximum number of points that can be applied is 400!' },
    });
    expect((await stored(id)).reward).toBeNull();
  });

  it('refuses more points than the balance', async () => {
    const { checkout, id } = await graceWith47(3); // the cart costs 1,200 points; Grace has 1,000
    const error = await expectErr(checkout.setReward(id, { reward: 1100 }));
    expect(error).toMatchObject({ fields: { reward: "Warning: You don't have 1100 reward points!" } });
  });

  it('a guest has no points to spend', async () => {
    const { checkout, id } = await ukCart();
    await expectOk(checkout.addProduct(id, hpMonitor));
    const error = await expectErr(checkout.setReward(id, { reward: 100 }));
    expect(error).toMatchObject({ fields: { reward: "Warning: You don't have 100 reward points!" } });
  });

  it('refuses points under `reward` when the totals have no reward step', async () => {
    const withoutReward = defaultTotalCalculators.filter((calculator) => calculator.code !== 'reward');
    const { checkout, id, stored } = await graceWith47(
      1,
      demoCheckout({ deps: () => ({ totalCalculators: withoutReward }) }),
    );
    const error = await expectErr(checkout.setReward(id, { reward: 100 }));
    expect(error).toMatchObject({
      kind: 'validation',
      fields: { reward: 'Warning: Reward points are not enabled on this store!' },
    });
    expect((await stored(id)).reward).toBeNull();
  });

  it('spends points within both, answering the summary', async () => {
    const { checkout, id } = await graceWith47(1);
    const result = await expectOk(checkout.setReward(id, { reward: 100 }));
    expect(result.success).toBe('Success: Your reward points discount has been applied!');
    expect(result.products.map((line) => [line.productId, line.quantity])).toEqual([[47, 1]]);
    expect(result.shippingRequired).toBe(true);
    // 100 of 400 points take a quarter of 100.00 (25.00), and the VAT on it (5.00): VAT 20 − 5 + 1 on the
    // shipping = 16; eco 2 + 2; total 100 − 25 + 5 + 16 + 4 = 100.00.
    expect(rows(result.totals)).toEqual([
      ['sub_total', 'Sub-Total', '100.0000'],
      ['reward', 'Reward Points (100)', '-25.0000'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['tax', 'VAT (20%)', '16.0000'],
      ['tax', 'Eco Tax (-2.00)', '4.0000'],
      ['total', 'Total', '100.0000'],
    ]);
  });

  it('refuses coupon 4444 (category 28 only) on a cart without a product in category 28', async () => {
    const { checkout, id, stored } = await ukCart(); // product 40 is in categories 20 and 24
    const error = await expectErr(checkout.setCoupon(id, { coupon: '4444' }));
    expect(error).toMatchObject({
      kind: 'validation',
      fields: { coupon: 'Warning: Coupon is either invalid, expired or reached its usage limit!' },
    });
    expect((await stored(id)).coupon).toBeNull();
  });

  it('applies coupon 2222 and removes it with an empty code, each answering the summary', async () => {
    const { checkout, id } = await ukCart();
    await expectOk(checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }));
    const applied = await expectOk(checkout.setCoupon(id, { coupon: '2222' }));
    expect(applied.success).toBe('Success: Your coupon discount has been applied!');
    // 10 % of 101 = 10.10 off, and 20 % of that (2.02) off the VAT.
    expectSummary(applied, [
      ['sub_total', 'Sub-Total', '101.0000'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['coupon', 'Coupon (2222)', '-10.1000'],
      ['tax', 'VAT (20%)', '19.1800'],
      ['tax', 'Eco Tax (-2.00)', '4.0000'],
      ['total', 'Total', '119.0800'],
    ]);
    const removed = await expectOk(checkout.setCoupon(id, { coupon: '' }));
    expect(removed.success).toBe('Success: Your coupon discount has been removed!');
    expectSummary(removed, flat131);
  });
});

describe('coupons and the totals that take them', () => {
  it('refuses a coupon under `coupon` when the totals have no coupon step', async () => {
    const withoutCoupon = defaultTotalCalculators.filter((calculator) => calculator.code !== 'coupon');
    const { checkout, id, stored } = await ukCart(
      demoCheckout({ deps: () => ({ totalCalculators: withoutCoupon }) }),
    );
    const error = await expectErr(checkout.setCoupon(id, { coupon: '2222' }));
    expect(error).toMatchObject({
      kind: 'validation',
      fields: { coupon: 'Warning: Coupons are not enabled on this store!' },
    });
    expect((await stored(id)).coupon).toBeNull();
  });
});

describe('store credit (opt-in through createTotalCalculators)', () => {
  /** The demo's totals with a credit source answering from `chosen` (session id → account and amount). */
  function withCredit(chosen: Map<string, { customerId: number; amount: string }>) {
    return demoCheckout({
      deps: () => ({
        totalCalculators: createTotalCalculators(demoStore().data.extensions.totals, {
          credit: ({ sessionId, customerId }) => {
            const choice = chosen.get(sessionId);
            return choice?.customerId === customerId ? money(choice.amount, 'USD') : null;
          },
        }),
      }),
    });
  }

  it('spends what the logged-in customer chose, as a Store Credit line after tax', async () => {
    const chosen = new Map<string, { customerId: number; amount: string }>();
    const { checkout, id } = await ukCart(withCredit(chosen));
    await expectOk(checkout.setCustomer(id, { ...guest, email: 'grace@example.com' }));
    await expectOk(checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }));
    const before = (await expectOk(checkout.getTotals(id))).totals;
    expect(before.map((line) => line.code)).not.toContain('credit');
    chosen.set(id, { customerId: 1, amount: '30.00' });
    const after = (await expectOk(checkout.getTotals(id))).totals;
    // 131.20 (product 40, flat, VAT and eco) − 30.00 credit.
    expect(after.map((line) => [line.code, line.value.amount])).toEqual([
      ['sub_total', '101.0000'],
      ['shipping', '5.0000'],
      ['tax', '21.2000'],
      ['tax', '4.0000'],
      ['credit', '-30.0000'],
      ['total', '101.2000'],
    ]);
  });

  it('a guest, or another account logged in, spends none of it', async () => {
    const chosen = new Map<string, { customerId: number; amount: string }>();
    const { checkout, id } = await ukCart(withCredit(chosen));
    chosen.set(id, { customerId: 1, amount: '30.00' });
    const codes = async () => (await expectOk(checkout.getTotals(id))).totals.map((line) => line.code);
    expect(await codes()).not.toContain('credit'); // the guest of ukCart
    await expectOk(checkout.setCustomer(id, { ...guest, email: 'buyer@example.com' }));
    expect(await codes()).not.toContain('credit'); // account 2 did not choose account 1's credit
  });
});

describe('weight shipping over mixed weight classes', () => {
  /** The weight quote for `items` shipped to the UK (geo zone 4's table: ≤1 kg 5.00, ≤5 10.00, ≤10 20.00, ≤100 40.00). */
  async function weightQuote(items: readonly (readonly [number, number])[]) {
    const demo = demoCheckout({ config: { shipping_weight_status: true } });
    const { checkout } = demo;
    const id = await demo.open();
    for (const [product_id, quantity] of items)
      await expectOk(checkout.addProduct(id, { product_id, quantity }));
    await expectOk(checkout.setShippingAddress(id, ukAddress('shipping_')));
    const { shippingMethods } = await expectOk(checkout.getShippingMethods(id));
    const quote = shippingMethods.weight?.quote.weight_4;
    return quote === undefined ? undefined : [quote.name, quote.cost.amount];
  }

  it('product 40 alone is 10 kg: the ≤ 10 kg step, 20.00', async () => {
    expect(await weightQuote([[40, 1]])).toEqual(['UK Shipping  (Weight: 10.00kg)', '20.0000']);
  });

  it('adding product 29 (133 g, in grams) makes 10.133 kg: the ≤ 100 kg step, 40.00', async () => {
    // Counted as kilograms the 133 would make 143 kg, past every step: no weight quote at all.
    expect(
      await weightQuote([
        [40, 1],
        [29, 1],
      ]),
    ).toEqual(['UK Shipping  (Weight: 10.13kg)', '40.0000']);
  });

  it('product 29 × 3 is 0.399 kg: the ≤ 1 kg step, 5.00', async () => {
    expect(await weightQuote([[29, 3]])).toEqual(['UK Shipping  (Weight: 0.40kg)', '5.0000']);
  });

  it('is not offered while shipping_weight_status is off, as the demo has it', async () => {
    const demo = demoCheckout();
    const id = await demo.open();
    await expectOk(demo.checkout.addProduct(id, { product_id: 40 }));
    await expectOk(demo.checkout.setShippingAddress(id, ukAddress('shipping_')));
    const { shippingMethods } = await expectOk(demo.checkout.getShippingMethods(id));
    expect(shippingMethods.weight).toBeUndefined();
  });
});
