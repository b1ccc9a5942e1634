/**
 * The `coupon` step (src/domain/totals/coupon.ts): which lines a coupon discounts and by how much, the taxes it
 * removes, free shipping, and the cap at the running total.
 */
import { describe, expect, it } from 'vitest';
import {
  couponCalculator,
  couponParts,
  createCouponCalculator,
  qualifyingLines,
} from '../../../../src/domain/pricing/totals/coupon.js';
import type { Coupon } from '../../../../src/domain/records/coupon.js';
import type { TotalsState } from '../../../../src/ports/total-calculator.js';
import { demoCoupon, FLAT, priceItems, totalsContext, usd } from './fixtures.js';

const coupon = (over: Partial<Coupon>): Coupon => ({ ...demoCoupon('2222'), ...over });
const amounts = (parts: readonly { amount: { amount: string } }[]) => parts.map((p) => p.amount.amount);
const twoLines = priceItems([
  [40, 1],
  [29, 2],
]); // 101.00 and 559.98
const running = (total: string): TotalsState => ({ lines: [], taxes: {}, total: usd(total) });

describe('qualifyingLines', () => {
  it('is every line for a coupon naming no products or categories', () => {
    const context = totalsContext(twoLines, { couponProductIds: [] });
    expect(qualifyingLines(demoCoupon('2222'), context)).toHaveLength(2);
  });

  it('is the lines of couponProductIds for a restricted coupon', () => {
    const context = totalsContext(twoLines, { couponProductIds: [29] });
    expect(qualifyingLines(coupon({ productIds: [29] }), context).map((l) => l.productId)).toEqual([29]);
  });
});

describe('couponParts', () => {
  it('P: the percentage of each qualifying line', () => {
    const parts = couponParts(demoCoupon('2222'), totalsContext(twoLines), 'USD');
    expect(amounts(parts)).toEqual(['10.1000', '55.9980']);
  });

  it('P above 100 % takes no line below zero', () => {
    const parts = couponParts(coupon({ discount: '150' }), totalsContext(twoLines), 'USD');
    expect(amounts(parts)).toEqual(['101.0000', '559.9800']);
  });

  it('F: spread in proportion to the line totals, adding up exactly', () => {
    // 10 over 101 : 559.98 in 0.0001 units: 15280.34… and 84719.65… floor to 15280 + 84719; the unit left
    // over goes to the larger remainder, the second.
    const parts = couponParts(demoCoupon('1111'), totalsContext(twoLines), 'USD');
    expect(amounts(parts)).toEqual(['1.5280', '8.4720']);
  });

  it('F: never more than the qualifying lines’ sub-total', () => {
    const context = totalsContext(twoLines, { couponProductIds: [40] });
    const parts = couponParts(coupon({ type: 'F', discount: '500', productIds: [40] }), context, 'USD');
    expect(amounts(parts)).toEqual(['101.0000']);
  });

  it('free shipping adds the chosen shipping cost; without a method, nothing', () => {
    const free = demoCoupon('3333');
    expect(amounts(couponParts(free, totalsContext(twoLines, { shippingMethod: FLAT }), 'USD'))).toEqual([
      '0.0000',
      '0.0000',
      '5.0000',
    ]);
    expect(amounts(couponParts(free, totalsContext(twoLines), 'USD'))).toEqual(['0.0000', '0.0000']);
  });
});

describe('couponCalculator', () => {
  it('has code coupon and sort order 4', () => {
    expect([couponCalculator.code, couponCalculator.sortOrder]).toEqual(['coupon', 4]);
  });

  it('does nothing without a coupon, or when the coupon discounts nothing', () => {
    const state = running('105.00');
    expect(couponCalculator.apply(state, totalsContext(twoLines))).toBe(state);
    const nothing = totalsContext(twoLines, { coupon: demoCoupon('3333') }); // no shipping chosen
    expect(couponCalculator.apply(state, nothing)).toBe(state);
  });

  it('adds a negative line and removes the VAT (not the eco tax) of the discount', () => {
    const context = totalsContext(priceItems([[40, 1]]), { coupon: demoCoupon('2222') });
    // 10 % of 101 = 10.10, and 20 % of that in VAT.
    const after = createCouponCalculator(6).apply(running('101.00'), context);
    expect(after.lines).toEqual([
      { code: 'coupon', title: 'Coupon (2222)', value: usd('-10.10'), sortOrder: 6 },
    ]);
    expect(after.total).toEqual(usd('90.90'));
    expect(Object.values(after.taxes).map((t) => [t.taxRateId, t.amount.amount])).toEqual([[86, '-2.0200']]);
  });

  it('caps the discount at the running total and removes only the taxes of what it gave', () => {
    // 100 % of 101 wanted, 40 left to discount: the line is -40 and the VAT removed 20 % of 40.
    const context = totalsContext(priceItems([[40, 1]]), { coupon: coupon({ discount: '100' }) });
    const after = couponCalculator.apply(running('40.00'), context);
    expect(after.lines[0]?.value).toEqual(usd('-40.00'));
    expect(after.total).toEqual(usd('0.00'));
    expect(after.taxes['86']?.amount).toEqual(usd('-8.00'));
  });

  it('does nothing when the running total is already zero', () => {
    const context = totalsContext(priceItems([[40, 1]]), { coupon: demoCoupon('2222') });
    const state = running('0.00');
    expect(couponCalculator.apply(state, context)).toBe(state);
  });
});
