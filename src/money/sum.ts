/** @module */

import { assertCurrencyCode, show } from './checks.js';
import type { DecimalValue } from './decimal.js';
import { invariant } from './invariant.js';
import { amountOf, isMade, type Money, moneyOf, zero } from './money.js';

/**
 * The exact sum of `list`, every element of which must be in `currency`. An empty list gives zero in
 * `currency` (which is why the currency is passed explicitly rather than read from the first element).
 * Exact addition makes the result independent of the order of `list`.
 * @throws CartwrightInvariantError when an element is in another currency.
 */
export function sum(list: readonly Money[], currency: string): Money {
  assertCurrencyCode(currency);
  const [first] = list;
  // No sum to compute: zero for none, the one amount itself (when it is a frozen Money of ours) for one.
  if (first === undefined) return zero(currency);
  if (list.length === 1 && first.currency === currency && isMade(first)) return first;
  let total: DecimalValue | undefined;
  for (const m of list) {
    invariant(
      m.currency === currency,
      () => `money: cannot sum ${show(m.currency)} into a ${show(currency)} total`,
    );
    total = total === undefined ? amountOf(m) : total.plus(amountOf(m));
  }
  return moneyOf(total ?? amountOf(first), currency);
}
