/**
 * The `total` line: the grand total (OpenCart's `total/total`). Its presented value is recomputed from the
 * rounded lines (see `presentTotals`), so it always equals their sum exactly.
 * @module
 */

import { messageText } from '../../messages.js';
import type { TotalCalculator } from './calculator.js';

/** Adds the running total as the `total` line, sort order 9. */
export const totalCalculator: TotalCalculator = {
  code: 'total',
  sortOrder: 9,
  apply(state, context) {
    const line = {
      code: 'total',
      title: messageText(context.messages, 'total.total'),
      value: state.total,
      sortOrder: 9,
    };
    return { ...state, lines: [...state.lines, line] };
  },
};
