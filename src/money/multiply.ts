/** @module */
import { toFactor } from './decimal.js';
import { amountOf, isMade, type Money, moneyOf } from './money.js';

/**
 * `m × factor`, exact and unrounded (a unit price times a quantity, an amount times a rate).
 *
 * `factor` is a safe-integer `number` (a quantity) or a plain decimal string such as `"0.61250001"`; fractional
 * numbers are refused because the float is already inexact.
 * @throws CartwrightInvariantError for a malformed factor.
 */
export function multiply(m: Money, factor: string | number): Money {
  // A quantity of one, the commonest factor, changes nothing.
  if (factor === 1 && isMade(m)) return m;
  return moneyOf(amountOf(m).times(toFactor(factor, 'factor')), m.currency);
}
