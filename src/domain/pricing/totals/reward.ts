/**
 * The `reward` step (OpenCart's `total/reward`): reward points the customer spends (already checked by
 * `checkReward`) as a negative line. Only lines that can be bought with points take part: spending the points
 * price of all of them makes them free, so each point is worth their total ÷ their points, and the discount is
 * `their total × spent ÷ their points`, spread over them in proportion to their totals (OpenCart's
 * `line total × reward ÷ points total` per line). Each line's percentage taxes on its share are removed.
 *
 * Departure from OpenCart: the points spent are capped at the lines' points (OpenCart computes that cap and
 * never uses it, so a cart that shrank after the points were set could be discounted past its
 * lines). The discount is not rounded here (lines are converted to the session currency, then
 * rounded, once). When the points do not divide the total evenly the quotient does not terminate and must stop
 * somewhere: `spread` carries it at 20 decimal places, the finest the money module allocates at. That moves the
 * line by less than 10⁻²⁰, where rounding it at the currency's places first moved it by up to half a cent and
 * then, converted, could change the line shown in another currency.
 * @module
 */
import { divide, isPositive, type Money, minimum, multiply, sum } from '../../../money/index.js';
import type { PricedCartLine } from '../../cart/line.js';
import { messageText } from '../../messages.js';
import type { TotalCalculator } from './calculator.js';
import { applyDiscount, type DiscountPart } from './discount.js';
import { spread } from './spread.js';

/** The reward-point price of a line: (product points + option points) × quantity (`linePoints`). */
export function linePointsOf(line: PricedCartLine): number {
  return line.points;
}

/** The lines that can be bought with points: a positive points price and something to discount. */
export function pointLines(lines: readonly PricedCartLine[]): PricedCartLine[] {
  return lines.filter((line) => linePointsOf(line) > 0 && isPositive(line.total));
}

/** The points that count: those asked for, at most the points price of the lines. */
export function pointsApplied(reward: number, lines: readonly PricedCartLine[]): number {
  const points = lines.reduce((total, line) => total + linePointsOf(line), 0);
  return Math.max(0, Math.min(reward, points));
}

/**
 * What `applied` points take off `lines` in all: their total × applied ÷ their points, never more than their
 * total. Not rounded: the line is rounded once, when presented in the session currency.
 */
export function rewardDiscount(applied: number, lines: readonly PricedCartLine[], currency: string): Money {
  const base = sum(
    lines.map((line) => line.total),
    currency,
  );
  const points = lines.reduce((total, line) => total + linePointsOf(line), 0);
  return minimum(divide(multiply(base, applied), points), base);
}

/**
 * The discount's share of each line, in proportion to the line totals (OpenCart's `line total × applied ÷
 * points`), adding up to it exactly; `spread` carries a discount that does not terminate at its finest places.
 */
function rewardParts(discount: Money, lines: readonly PricedCartLine[]): DiscountPart[] {
  const shares = spread(
    discount,
    lines.map((line) => line.total),
  );
  return lines.map((line, i) => ({ amount: shares[i] ?? discount, taxClassId: line.taxClassId }));
}

/** The `reward` step at `sortOrder`: titled `Reward Points (<points applied>)`; nothing without points to apply. */
export function createRewardCalculator(sortOrder: number): TotalCalculator {
  return {
    code: 'reward',
    sortOrder,
    apply(state, context) {
      const lines = pointLines(context.lines);
      const applied = pointsApplied(context.reward, lines);
      if (applied === 0) return state;
      const parts = rewardParts(rewardDiscount(applied, lines, context.settings.currency), lines);
      const title = messageText(context.messages, 'total.reward', { points: applied });
      return applyDiscount(state, context, { code: 'reward', title, sortOrder }, parts);
    },
  };
}

/** The `reward` step at OpenCart's default sort order 2. */
export const rewardCalculator: TotalCalculator = createRewardCalculator(2);
