/** @module */
import { assertSameCurrency } from './checks.js';
import { amountOf, type Money, moneyOf } from './money.js';

/**
 * `a + b`, exact. Both must be in the same currency.
 * @throws CartwrightInvariantError when the currencies differ.
 */
export function add(a: Money, b: Money): Money {
  assertSameCurrency(a, b, 'add');
  return moneyOf(amountOf(a).plus(amountOf(b)), a.currency);
}
