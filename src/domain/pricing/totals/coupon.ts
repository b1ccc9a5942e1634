/**
 * The `coupon` step (OpenCart's `total/coupon`): the session's coupon, already checked by `checkCoupon`, as a
 * negative line. `P` takes its percentage off each qualifying line; `F` takes its amount, at most the qualifying
 * lines' sub-total, spread over them in proportion to their totals; a free-shipping coupon also takes off the
 * chosen shipping cost. Each discounted amount's percentage taxes are removed (see `applyDiscount`).
 * @module
 */
import { isPositive, minimum, money, percent, sum } from '../../../money/index.js';
import type { PricedCartLine } from '../../cart/line.js';
import { messageText } from '../../messages.js';
import type { Coupon } from '../../records/coupon.js';
import type { TotalCalculator, TotalsContext } from './calculator.js';
import { applyDiscount, type DiscountPart } from './discount.js';
import { spread } from './spread.js';

/**
 * The lines the coupon discounts: every line when it names no products or categories, else the lines of
 * `couponProductIds`. Lines whose total is not positive have nothing to discount.
 */
export function qualifyingLines(
  coupon: Coupon,
  context: Pick<TotalsContext, 'lines' | 'couponProductIds'>,
): PricedCartLine[] {
  const everyLine = coupon.productIds.length === 0 && coupon.categoryIds.length === 0;
  return context.lines.filter(
    (line) => isPositive(line.total) && (everyLine || context.couponProductIds.includes(line.productId)),
  );
}

/** A `P` coupon's part of each line: the percentage of its total, never more than the total (so ≤ 100 %). */
function percentParts(coupon: Coupon, lines: readonly PricedCartLine[]): DiscountPart[] {
  return lines.map((line) => ({
    amount: minimum(percent(line.total, coupon.discount), line.total),
    taxClassId: line.taxClassId,
  }));
}

/**
 * An `F` coupon's part of each line: the amount, capped at the lines' sub-total, spread exactly in proportion to
 * the line totals (the parts add up to the discount to the last digit; OpenCart multiplies floats).
 */
function fixedParts(coupon: Coupon, lines: readonly PricedCartLine[], currency: string): DiscountPart[] {
  const totals = lines.map((line) => line.total);
  const discount = minimum(money(coupon.discount, currency), sum(totals, currency));
  if (!isPositive(discount)) return [];
  const shares = spread(discount, totals);
  return lines.map((line, i) => ({ amount: shares[i] ?? discount, taxClassId: line.taxClassId }));
}

/** A free-shipping coupon's part: the chosen shipping cost, at its tax class. */
function shippingPart(coupon: Coupon, context: Pick<TotalsContext, 'shippingMethod'>): DiscountPart[] {
  const quote = context.shippingMethod;
  if (!coupon.shipping || quote === null) return [];
  return [{ amount: quote.cost, taxClassId: quote.taxClassId }];
}

/** Every part of the coupon's discount, in the totals' currency. */
export function couponParts(coupon: Coupon, context: TotalsContext, currency: string): DiscountPart[] {
  const lines = qualifyingLines(coupon, context);
  const lineParts = coupon.type === 'P' ? percentParts(coupon, lines) : fixedParts(coupon, lines, currency);
  return [...lineParts, ...shippingPart(coupon, context)];
}

/** The `coupon` step at `sortOrder`: titled `Coupon (<code>)`, nothing without a coupon or a discount. */
export function createCouponCalculator(sortOrder: number): TotalCalculator {
  return {
    code: 'coupon',
    sortOrder,
    apply(state, context) {
      const coupon = context.coupon;
      if (coupon === null) return state;
      const title = messageText(context.messages, 'total.coupon', { code: coupon.code });
      const parts = couponParts(coupon, context, state.total.currency);
      return applyDiscount(state, context, { code: 'coupon', title, sortOrder }, parts);
    },
  };
}

/** The `coupon` step at OpenCart's default sort order 4. */
export const couponCalculator: TotalCalculator = createCouponCalculator(4);
