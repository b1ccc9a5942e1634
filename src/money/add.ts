/** @module */
import { assertSameCurrency } from './checks.js';
import { fromDecimal, toDecimal } from './decimal.js';
import { type Money, makeMoney } from './money.js';

/**
 * `a + b`, exact. Both must be in the same currency.
 * @throws CartwrightInvariantError when the currencies differ.
 */
export function add(a: Money, b: Money): Money {
  assertSameCurrency(a, b, 'add');
  return makeMoney(fromDecimal(toDecimal(a.amount).plus(toDecimal(b.amount))), a.currency);
}
