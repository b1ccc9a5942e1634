/** @module */
import { assertSameCurrency } from './checks.js';
import { fromDecimal, toDecimal } from './decimal.js';
import { type Money, makeMoney } from './money.js';

/**
 * `a - b`, exact. Both must be in the same currency. The result may be negative.
 * @throws CartwrightInvariantError when the currencies differ.
 */
export function subtract(a: Money, b: Money): Money {
  assertSameCurrency(a, b, 'subtract');
  return makeMoney(fromDecimal(toDecimal(a.amount).minus(toDecimal(b.amount))), a.currency);
}
