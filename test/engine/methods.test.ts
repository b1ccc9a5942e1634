/**
 * The Engine II steps through `createCheckout` with the demo's built-in extensions (flat, free, item, weight and
 * pickup shipping; free_checkout, bank_transfer, cheque and cod; the demo's total calculators): the 130.00 flow,
 * codes not offered, coupons, reward points and the affiliate refused under their own keys (DECISIONS 42), and
 * every summary step answering the seed's `products`, `totals` and `shipping_required`.
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import { createTotalCalculators, defaultTotalCalculators } from '../../src/domain/totals/index.js';
import { money } from '../../src/money/index.js';
import { demoCheckout, expectErr, expectOk, guest, ukAddress } from './support/demo-checkout.js';

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

describe('store credit (opt-in through createTotalCalculators, DECISIONS 8)', () => {
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
    await expectOk(checkout.setCustomer(id, { ...guest, email: 'john.doe@example.com' }));
    await expectOk(checkout.setShippingMethod(id, { shipping_method: 'flat.flat' }));
    const before = await expectOk(checkout.getTotals(id));
    expect(before.map((line) => line.code)).not.toContain('credit');
    chosen.set(id, { customerId: 1, amount: '30.00' });
    const after = await expectOk(checkout.getTotals(id));
    // 130.00 (product 40, flat, VAT and eco) − 30.00 credit.
    expect(after.map((line) => [line.code, line.value.amount])).toEqual([
      ['sub_total', '100.0000'],
      ['shipping', '5.0000'],
      ['tax', '21.0000'],
      ['tax', '4.0000'],
      ['credit', '-30.0000'],
      ['total', '100.0000'],
    ]);
  });

  it('a guest, or another account logged in, spends none of it', async () => {
    const chosen = new Map<string, { customerId: number; amount: string }>();
    const { checkout, id } = await ukCart(withCredit(chosen));
    chosen.set(id, { customerId: 1, amount: '30.00' });
    const codes = async () => (await expectOk(checkout.getTotals(id))).map((line) => line.code);
    expect(await codes()).not.toContain('credit'); // the guest of ukCart
    await expectOk(checkout.setCustomer(id, { ...guest, email: 'buyer@example.com' }));
    expect(await codes()).not.toContain('credit'); // account 2 did not choose account 1's credit
  });
});

describe('weight shipping over mixed weight classes', () => {
  /** The weight quote for `items` shipped to the UK (geo zone 4's table: ≤1 kg 5.00, ≤5 10.00, ≤10 20.00, ≤100 40.00). */
  async function weightQuote(items: readonly (readonly [number, number])[]) {
    const demo = demoCheckout();
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

  it('adding product 28 (146.4 g, in grams) makes 10.1464 kg: the ≤ 100 kg step, 40.00', async () => {
    // Counted as kilograms the 146.4 would make 156.4 kg, past every step: no weight quote at all.
    expect(
      await weightQuote([
        [40, 1],
        [28, 1],
      ]),
    ).toEqual(['UK Shipping  (Weight: 10.15kg)', '40.0000']);
  });

  it('product 28 × 3 is 0.4392 kg: the ≤ 1 kg step, 5.00', async () => {
    expect(await weightQuote([[28, 3]])).toEqual(['UK Shipping  (Weight: 0.44kg)', '5.0000']);
  });
});
