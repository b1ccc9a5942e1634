/** @module */
import { fromDecimal, toDecimal } from './decimal.js';
import { type Money, makeMoney } from './money.js';

/** `-m` (a discount or refund line from a positive amount). Zero stays `"0.0000"`, never `"-0.0000"`. */
export function negate(m: Money): Money {
  return makeMoney(fromDecimal(toDecimal(m.amount).negated()), m.currency);
}
