/**
 * The totals pipeline on the demo store, end to end: the demo's enabled calculators (sub_total 1, reward 2,
 * shipping 3, coupon 4, tax 5, total 9) over carts priced by `priceCart`, presented in USD. Every figure is
 * worked out by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { couponProductIds } from '../../../../src/domain/pricing/coupon.js';
import {
  CINEMA,
  data,
  demoCoupon,
  FLAT,
  type Item,
  present,
  priceItems,
  run,
  totalsContext,
  US_ADDRESS,
  withPoints,
} from './fixtures.js';

/** The presented totals of `items` with flat shipping and, when given, a demo coupon. */
function totals(items: readonly Item[], couponCode?: string, address = {}) {
  const lines = priceItems(items);
  const coupon = couponCode === undefined ? null : demoCoupon(couponCode);
  const couponIds =
    coupon === null
      ? []
      : couponProductIds(coupon, {
          lines,
          products: data.products,
          categories: [...data.categories.values()],
        });
  return present(
    run(totalsContext(lines, { shippingMethod: FLAT, coupon, couponProductIds: couponIds, ...address })),
  );
}

describe('worked examples on the demo store (UK address 222/3563, group 1, flat 5.00 class 9)', () => {
  it('product 40 × 1: 101 + 5, VAT 20.20 + 1, eco 2 + 2, total 131.20', () => {
    expect(totals([[40, 1]])).toEqual([
      ['sub_total', 'Sub-Total', '101.0000'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['tax', 'VAT (20%)', '21.2000'], // 20 % of 101 + 20 % of 5
      ['tax', 'Eco Tax (-2.00)', '4.0000'], // 2 per unit + 2 on the shipping
      ['total', 'Total', '131.2000'], // 101 + 5 + 21.20 + 4
    ]);
  });

  it('product 40 × 3: the eco tax counts every unit', () => {
    expect(totals([[40, 3]])).toEqual([
      ['sub_total', 'Sub-Total', '303.0000'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['tax', 'VAT (20%)', '61.6000'], // 60.60 + 1
      ['tax', 'Eco Tax (-2.00)', '8.0000'], // 2 × 3 units + 2 on the shipping
      ['total', 'Total', '377.6000'], // 303 + 5 + 61.60 + 8
    ]);
  });

  it("the seed's happy cart: 2 × iPhone, 1 × Canon EOS 5D red, flat shipping, Lancashire: 376.40", () => {
    // Sub-total 2 × 101 + 100 = 302. VAT 20 % of 302 = 60.40, + 20 % of the 5.00 shipping = 1 → 61.40.
    // Eco tax 2 per unit: 3 units = 6, + 2 on the shipping (class 9) → 8. Total 302 + 5 + 61.40 + 8 = 376.40.
    expect(
      totals([
        [40, 2],
        [30, 1, { '226': '15' }],
      ]),
    ).toEqual([
      ['sub_total', 'Sub-Total', '302.0000'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['tax', 'VAT (20%)', '61.4000'],
      ['tax', 'Eco Tax (-2.00)', '8.0000'],
      ['total', 'Total', '376.4000'],
    ]);
  });

  it('product 42 × 10 with options: the quantity discount (10 → 88.00) plus the option prices', () => {
    // Unit price: 88.00 (group 1's discount for 10 or more replaces the 100.00 base) + select Yellow 2.00
    // + radio Medium 20.00 + checkboxes 1 and 2 (10.00 + 20.00) = 140.00; × 10 = 1,400.00.
    const options = { ...CINEMA, '217': '2', '218': '6', '223': ['8', '9'] };
    const [line] = priceItems([[42, 10, options]]);
    expect([line?.price.amount, line?.total.amount]).toEqual(['140.0000', '1400.0000']);
    expect(totals([[42, 10, options]])).toEqual([
      ['sub_total', 'Sub-Total', '1400.0000'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['tax', 'VAT (20%)', '281.0000'], // 20 % of 1,400 = 280 + 20 % of 5 = 1
      ['tax', 'Eco Tax (-2.00)', '22.0000'], // 2 × 10 units + 2 on the shipping
      ['total', 'Total', '1708.0000'], // 1,400 + 5 + 281 + 22
    ]);
  });

  it('product 42 × 9 with the same options: below the tier, the 100.00 base price', () => {
    // 100.00 + 2.00 + 20.00 + 30.00 = 152.00; × 9 = 1,368.00. VAT 273.60 + 1 = 274.60; eco 18 + 2 = 20.
    const options = { ...CINEMA, '217': '2', '218': '6', '223': ['8', '9'] };
    expect(totals([[42, 9, options]])).toEqual([
      ['sub_total', 'Sub-Total', '1368.0000'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['tax', 'VAT (20%)', '274.6000'],
      ['tax', 'Eco Tax (-2.00)', '20.0000'],
      ['total', 'Total', '1667.6000'], // 1,368 + 5 + 274.60 + 20
    ]);
  });

  it('a US address pays no tax', () => {
    expect(totals([[40, 1]], undefined, { address: US_ADDRESS })).toEqual([
      ['sub_total', 'Sub-Total', '101.0000'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['total', 'Total', '106.0000'],
    ]);
  });

  it('coupon 2222 (-10 %) on product 40 × 1: -10.10 and the VAT on it, 2.02, comes off', () => {
    expect(totals([[40, 1]], '2222')).toEqual([
      ['sub_total', 'Sub-Total', '101.0000'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['coupon', 'Coupon (2222)', '-10.1000'], // 10 % of 101; shipping is not discounted
      ['tax', 'VAT (20%)', '19.1800'], // 20.20 + 1 − 20 % of 10.10
      ['tax', 'Eco Tax (-2.00)', '4.0000'], // fixed per unit: unchanged
      ['total', 'Total', '119.0800'], // 101 + 5 − 10.10 + 19.18 + 4
    ]);
  });

  it('coupon 1111 (10.00 fixed) over products 40 (101.00) and 29 (279.99)', () => {
    // The 10.00 is spread 101 : 279.99 exactly (2.650… + 7.349…); both lines are class 9, so the VAT removed is
    // 20 % of 10 = 2. VAT 20.20 + 55.998 + 1 − 2 = 75.198 → 75.20; eco 2 + 2 + 2 = 6.
    expect(
      totals(
        [
          [40, 1],
          [29, 1],
        ],
        '1111',
      ),
    ).toEqual([
      ['sub_total', 'Sub-Total', '380.9900'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['coupon', 'Coupon (1111)', '-10.0000'],
      ['tax', 'VAT (20%)', '75.2000'],
      ['tax', 'Eco Tax (-2.00)', '6.0000'],
      ['total', 'Total', '457.1900'], // 380.99 + 5 − 10 + 75.198 + 6 = 457.188
    ]);
  });

  it('coupon 3333 (free shipping) takes off the shipping and its VAT; the fixed eco tax stays', () => {
    expect(totals([[40, 1]], '3333')).toEqual([
      ['sub_total', 'Sub-Total', '101.0000'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['coupon', 'Coupon (3333)', '-5.0000'], // its 0 % takes nothing off the line; the shipping cost
      ['tax', 'VAT (20%)', '20.2000'], // 20.20 + 1 − 1
      ['tax', 'Eco Tax (-2.00)', '4.0000'],
      ['total', 'Total', '125.2000'], // 101 + 5 − 5 + 20.20 + 4
    ]);
  });

  it('coupon 4444 (-15 % on category 28) discounts product 42 (in 28), not product 40 (in 20 and 24)', () => {
    // 42 × 2 at 151.00 = 302.00 → coupon 45.30. VAT 20.20 + 60.40 + 1 − 9.06 = 72.54; eco 2 + 4 + 2 = 8.
    expect(
      totals(
        [
          [40, 1],
          [42, 2, CINEMA],
        ],
        '4444',
      ),
    ).toEqual([
      ['sub_total', 'Sub-Total', '403.0000'],
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['coupon', 'Coupon (4444)', '-45.3000'],
      ['tax', 'VAT (20%)', '72.5400'],
      ['tax', 'Eco Tax (-2.00)', '8.0000'],
      ['total', 'Total', '443.2400'], // 403 + 5 − 45.30 + 72.54 + 8
    ]);
  });

  it('100 of the 200 points of product 28 take half its price, and half its VAT', () => {
    const lines = priceItems([[28, 1]]).map((line) => withPoints(line, 200));
    expect(present(run(totalsContext(lines, { shippingMethod: FLAT, reward: 100 })))).toEqual([
      ['sub_total', 'Sub-Total', '100.0000'],
      ['reward', 'Reward Points (100)', '-50.0000'], // 100 × 100 ÷ 200
      ['shipping', 'Flat Shipping Rate', '5.0000'],
      ['tax', 'VAT (20%)', '11.0000'], // 20 + 1 − 20 % of 50
      ['tax', 'Eco Tax (-2.00)', '4.0000'],
      ['total', 'Total', '70.0000'], // 100 − 50 + 5 + 11 + 4
    ]);
  });

  it('presents a reward that does not divide evenly converted first, rounded once (GBP)', () => {
    // 100 of 300 points on product 28 (100.00): 100 × 100 ÷ 300 = 33.333… USD, kept exact (to 20 places).
    // × 0.61250001: sub-total 61.250001 → 61.25; reward −20.416667… → −20.42; shipping 3.06250005 → 3.06;
    // VAT (20 + 1 − 6.666…) = 14.333… USD → 8.779166… → 8.78; eco 4 → 2.45000004 → 2.45.
    // Total 61.25 − 20.42 + 3.06 + 8.78 + 2.45 = 55.12. (Rounding the reward to 33.33 USD first, the old way,
    // showed −20.41 and a total of 55.13.)
    const lines = priceItems([[28, 1]]).map((line) => withPoints(line, 300));
    const gbp = present(run(totalsContext(lines, { shippingMethod: FLAT, reward: 100 })), 'GBP');
    expect(gbp.map(([code, , amount]) => [code, amount])).toEqual([
      ['sub_total', '61.2500'],
      ['reward', '-20.4200'],
      ['shipping', '3.0600'],
      ['tax', '8.7800'],
      ['tax', '2.4500'],
      ['total', '55.1200'],
    ]);
  });

  it('a 100 % free-shipping coupon in GBP shows a total of 0.00, not the −0.01 its rounded lines add up to', () => {
    // Product 29 (279.99) to the US (no tax), flat 5.00, a coupon taking 100 % and the shipping: exactly 0 owed.
    // × 0.61250001: sub-total 171.4938778 → 171.49; shipping 3.06250005 → 3.06; coupon −174.5563778 → −174.56.
    // Those add up to −0.01; the cent comes off the discount shown (−174.55), so the total is 0.00.
    const lines = priceItems([[29, 1]]);
    const coupon = { ...demoCoupon('2222'), discount: '100', shipping: true };
    const context = totalsContext(lines, {
      address: US_ADDRESS,
      shippingMethod: FLAT,
      coupon,
      couponProductIds: [29],
    });
    expect(present(run(context), 'GBP').map(([code, , amount]) => [code, amount])).toEqual([
      ['sub_total', '171.4900'],
      ['shipping', '3.0600'],
      ['coupon', '-174.5500'],
      ['total', '0.0000'],
    ]);
  });

  it('presents in GBP by converting each exact line first, the total being the sum of the rounded lines', () => {
    const lines = priceItems([[40, 1]]);
    const gbp = present(run(totalsContext(lines, { shippingMethod: FLAT })), 'GBP');
    // × 0.61250001: 101 → 61.86250101 → 61.86, 5 → 3.06250005 → 3.06, VAT 21.20 → 12.98500021 → 12.99 (just
    // above the half), eco 4 → 2.45000004 → 2.45. Total 61.86 + 3.06 + 12.99 + 2.45 = 80.36.
    expect(gbp.map(([code, , amount]) => [code, amount])).toEqual([
      ['sub_total', '61.8600'],
      ['shipping', '3.0600'],
      ['tax', '12.9900'],
      ['tax', '2.4500'],
      ['total', '80.3600'],
    ]);
  });
});
