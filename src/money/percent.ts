/** @module */
import { toFactor } from './decimal.js';
import { amountOf, type Money, moneyOf } from './money.js';

/**
 * `m × pct / 100`, exact and unrounded: a percentage tax rate (`"20.0000"`) or a percentage discount.
 *
 * `pct` is a safe-integer `number` or a plain decimal string. Dividing by 100 always terminates, so the result
 * is exact (within 40 significant digits).
 * @throws CartwrightInvariantError for a malformed percentage.
 */
export function percent(m: Money, pct: string | number): Money {
  return moneyOf(amountOf(m).times(toFactor(pct, 'percentage')).div(100), m.currency);
}
