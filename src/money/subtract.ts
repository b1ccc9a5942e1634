/** @module */
import { assertSameCurrency } from './checks.js';
import { amountOf, isMade, type Money, moneyOf } from './money.js';

/**
 * `a - b`, exact. Both must be in the same currency. The result may be negative.
 * @throws CartwrightInvariantError when the currencies differ.
 */
export function subtract(a: Money, b: Money): Money {
  assertSameCurrency(a, b, 'subtract');
  const y = amountOf(b);
  if (y.isZero() && isMade(a)) return a;
  return moneyOf(amountOf(a).minus(y), a.currency);
}
