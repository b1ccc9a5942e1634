/** @module */

import { toFactor } from './decimal.js';
import { invariant } from './invariant.js';
import { amountOf, type Money, moneyOf } from './money.js';

/**
 * `m ÷ divisor`, exact when the quotient terminates within 40 significant digits, otherwise correct to 40
 * significant digits (`10 ÷ 3` gives `"3.333333333333333333333333333333333333333"`). Not rounded to any currency:
 * round at the point where the value becomes a total line.
 *
 * `divisor` is a safe-integer `number` or a plain decimal string.
 * @throws CartwrightInvariantError for a zero or malformed divisor.
 */
export function divide(m: Money, divisor: string | number): Money {
  const d = toFactor(divisor, 'divisor');
  invariant(!d.isZero(), 'money: division by zero');
  return moneyOf(amountOf(m).div(d), m.currency);
}
