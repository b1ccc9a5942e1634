/**
 * Spreading one amount over several weights (a fixed coupon over its lines, a reward discount over the lines
 * bought with points) so that the parts add up to the amount exactly.
 * @module
 */
import { allocate, isPositive, type Money } from '../../../money/index.js';

/** The most decimal places `allocate` works at (the money module's limit). */
const MAX_PLACES = 20;

/** The decimal places a canonical amount is written with (`"12.3400"` → 4, `"0.00666"` → 5). */
export function decimalPlacesOf(m: Money): number {
  const fraction = m.amount.split('.')[1];
  return fraction === undefined ? 0 : fraction.length;
}

/**
 * Splits `amount` over `weights` in proportion, the parts adding up to `amount` exactly. The parts are computed
 * at the finest decimal places among the amount and the weights (at most 20), so nothing is rounded away: when
 * `amount` is at most the sum of the weights, no part exceeds its weight. A weight that is zero or negative gets
 * nothing; callers spread a positive amount only when some weight is positive (otherwise `allocate` would split
 * it equally). Returns the parts in the order of `weights`; no weights, no parts.
 */
export function spread(amount: Money, weights: readonly Money[]): Money[] {
  if (weights.length === 0) return [];
  const places = Math.min(
    MAX_PLACES,
    Math.max(decimalPlacesOf(amount), ...weights.map((weight) => decimalPlacesOf(weight))),
  );
  return allocate(
    amount,
    weights.map((weight) => (isPositive(weight) ? weight.amount : '0')),
    places,
  );
}
