/** @module */
import { amountOf, type Money, moneyOf } from './money.js';

/** `-m` (a discount or refund line from a positive amount). Zero stays `"0.0000"`, never `"-0.0000"`. */
export function negate(m: Money): Money {
  return moneyOf(amountOf(m).negated(), m.currency);
}
