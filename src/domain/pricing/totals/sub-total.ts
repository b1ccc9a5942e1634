/**
 * The `sub_total` line: the sum of the cart lines as the customer sees them (OpenCart's `total/sub_total`).
 *
 * A line shows its unit `price` rounded in the session's currency and its `total` as that price times the
 * quantity, so a client adding up the lines it was shown gets the sub-total it is shown. The sub-total is that
 * sum, taken back into the default currency for the pipeline (at 40 significant digits, so rounding it in the
 * session's currency again gives the sum exactly). Rounding the exact `price × quantity` instead would make a
 * line's `total` differ from `price × quantity` by a cent or more in a converted currency.
 * @module
 */
import {
  add,
  type Currency,
  convert,
  findCurrency,
  type Money,
  multiply,
  type RoundingMode,
  round,
  sum,
} from '../../../money/index.js';
import { invariant } from '../../errors.js';
import { messageText } from '../../messages.js';
import type { TotalCalculator } from './calculator.js';
import { lineGroups } from './line-groups.js';

/**
 * A cart line's total as shown: its unit price converted to `to` and rounded to `to`'s places, times the
 * quantity. Exact: a whole number of the currency's smallest units.
 * @param price - the net unit price, in `from`
 * @param quantity - the line's quantity
 * @param from - the currency `price` is in
 * @param to - the currency the line is shown in
 * @param mode - the store's rounding mode
 */
export function shownLineTotal(
  price: Money,
  quantity: number,
  from: Currency,
  to: Currency,
  mode: RoundingMode,
): Money {
  return multiply(round(convert(price, from, to), to.decimalPlaces, mode), quantity);
}

/** Adds the sum of every cart line as shown (see the module notes), sort order 1. */
export const subTotalCalculator: TotalCalculator = {
  code: 'sub_total',
  sortOrder: 1,
  apply(state, context) {
    const { settings } = context;
    const from = findCurrency(settings.currencies, state.total.currency);
    invariant(from !== undefined, () => `sub_total: the store has no currency ${state.total.currency}`);
    const to = context.currency;
    const shown = sum(
      // By price: a price shown for all its units is the sum of it shown for each line's units.
      lineGroups(context.lines).map((group) =>
        shownLineTotal(group.price, group.quantity, from, to, settings.roundingMode),
      ),
      to.code,
    );
    const value = convert(shown, to, from);
    const line = {
      code: 'sub_total',
      title: messageText(context.messages, 'total.sub_total'),
      value,
      sortOrder: 1,
    };
    return { ...state, lines: [...state.lines, line], total: add(state.total, value) };
  },
};
