/** @module */
import { assertSameCurrency } from './checks.js';
import { amountOf, type Money, moneyOf } from './money.js';

/**
 * `a - b`, exact. Both must be in the same currency. The result may be negative.
 * @throws CartwrightInvariantError when the currencies differ.
 */
export function subtract(a: Money, b: Money): Money {
  assertSameCurrency(a, b, 'subtract');
  return moneyOf(amountOf(a).minus(amountOf(b)), a.currency);
}
