/** @module */
import { assertSameCurrency } from './checks.js';
import { amountOf, isMade, type Money, moneyOf } from './money.js';

/**
 * `a + b`, exact. Both must be in the same currency. Adding zero hands the other operand back when it is a
 * frozen Money of ours (nothing to compute).
 * @throws CartwrightInvariantError when the currencies differ.
 */
export function add(a: Money, b: Money): Money {
  assertSameCurrency(a, b, 'add');
  const x = amountOf(a);
  const y = amountOf(b);
  if (y.isZero() && isMade(a)) return a;
  if (x.isZero() && isMade(b)) return b;
  return moneyOf(x.plus(y), a.currency);
}
