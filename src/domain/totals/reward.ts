/**
 * The `reward` step (OpenCart's `total/reward`): reward points the customer spends (already checked by
 * `checkReward`) as a negative line. Only lines that can be bought with points take part: spending the points
 * price of all of them makes them free, so each point is worth their total ÷ their points, and the discount is
 * `their total × spent ÷ their points`, spread over them in proportion to their totals (OpenCart's
 * `line total × reward ÷ points total` per line). Each line's percentage taxes on its share are removed.
 *
 * Departures from OpenCart: the points spent are capped at the lines' points (OpenCart computes that cap and
 * never uses it, its bug 40, so a cart that shrank after the points were set could be discounted past its
 * lines); and the discount, a fraction of money when the points do not divide evenly, is fixed at the default
 * currency's decimal places before it is spread, so the taxes removed are those of exactly the amount shown.
 * @module
 */
import {
  divide,
  findCurrency,
  isPositive,
  type Money,
  minimum,
  multiply,
  round,
  sum,
} from '../../money/index.js';
import type { TotalCalculator, TotalsContext } from '../../ports/total-calculator.js';
import type { PricedCartLine } from '../cart-line.js';
import { invariant } from '../errors.js';
import { messageText } from '../messages.js';
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
 * What `applied` points take off `lines` in total: their total × applied ÷ their points, rounded to the default
 * currency's decimal places with the store's tie rule, never more than their total.
 */
export function rewardDiscount(
  applied: number,
  lines: readonly PricedCartLine[],
  context: Pick<TotalsContext, 'settings'>,
): Money {
  const { settings } = context;
  const currency = findCurrency(settings.currencies, settings.currency);
  invariant(currency !== undefined, `totals: the default currency ${settings.currency} is not configured`);
  const base = sum(
    lines.map((line) => line.total),
    settings.currency,
  );
  const points = lines.reduce((total, line) => total + linePointsOf(line), 0);
  const exact = divide(multiply(base, applied), points);
  return minimum(round(exact, currency.decimalPlaces, settings.roundingMode), base);
}

/** The discount's share of each line, in proportion to the line totals, adding up to it exactly. */
function rewardParts(discount: Money, lines: readonly PricedCartLine[]): DiscountPart[] {
  const shares = spread(
    discount,
    lines.map((line) => line.total),
  );
  return lines.map((line, i) => ({ amount: shares[i] ?? discount, taxClassId: line.tax_class_id }));
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
      const parts = rewardParts(rewardDiscount(applied, lines, context), lines);
      const title = messageText(context.messages, 'total.reward', { points: applied });
      return applyDiscount(state, context, { code: 'reward', title, sortOrder }, parts);
    },
  };
}

/** The `reward` step at OpenCart's default sort order 2. */
export const rewardCalculator: TotalCalculator = createRewardCalculator(2);
