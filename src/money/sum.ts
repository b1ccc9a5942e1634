/** @module */

import { assertCurrencyCode, show } from './checks.js';
import { toDecimal } from './decimal.js';
import { invariant } from './invariant.js';
import { amountOf, type Money, moneyOf } from './money.js';

/**
 * The exact sum of `list`, every element of which must be in `currency`. An empty list gives zero in
 * `currency` (which is why the currency is passed explicitly rather than read from the first element).
 * Exact addition makes the result independent of the order of `list`.
 * @throws CartwrightInvariantError when an element is in another currency.
 */
export function sum(list: readonly Money[], currency: string): Money {
  assertCurrencyCode(currency);
  let total = toDecimal('0');
  for (const m of list) {
    invariant(
      m.currency === currency,
      () => `money: cannot sum ${show(m.currency)} into a ${show(currency)} total`,
    );
    total = total.plus(amountOf(m));
  }
  return moneyOf(total, currency);
}
