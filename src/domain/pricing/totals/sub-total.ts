/**
 * The `sub_total` line: the net sum of the cart lines (OpenCart's `total/sub_total`).
 * @module
 */
import { add, sum } from '../../../money/index.js';
import { messageText } from '../../messages.js';
import type { TotalCalculator } from './calculator.js';

/** Adds the net sum of every cart line, sort order 1. */
export const subTotalCalculator: TotalCalculator = {
  code: 'sub_total',
  sortOrder: 1,
  apply(state, context) {
    const value = sum(
      context.lines.map((line) => line.total),
      state.total.currency,
    );
    const line = {
      code: 'sub_total',
      title: messageText(context.messages, 'total.sub_total'),
      value,
      sortOrder: 1,
    };
    return { ...state, lines: [...state.lines, line], total: add(state.total, value) };
  },
};
