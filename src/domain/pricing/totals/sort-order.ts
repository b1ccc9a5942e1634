/**
 * Running a calculator at another sort order than the one it was made with (the fixed `sub_total`, `shipping`
 * and `total` objects, placed where the store's settings say).
 * @module
 */
import type { TotalCalculator } from './calculator.js';

/**
 * `calculator` at `sortOrder`: the same step, and the lines it appends carry `sortOrder` too. Calculators only
 * append lines (the pipeline's contract), so the lines past the incoming ones are the step's own.
 */
export function withSortOrder(calculator: TotalCalculator, sortOrder: number): TotalCalculator {
  if (calculator.sortOrder === sortOrder) return calculator;
  return {
    ...calculator,
    sortOrder,
    apply(state, context) {
      const next = calculator.apply(state, context);
      const before = state.lines.length;
      const own = next.lines.slice(before).map((line) => ({ ...line, sortOrder }));
      return { ...next, lines: [...next.lines.slice(0, before), ...own] };
    },
  };
}

/** The order the pipeline runs calculators in: sort order, ties by code (as `runTotals`). */
export function runsBefore(
  a: Pick<TotalCalculator, 'code' | 'sortOrder'>,
  b: Pick<TotalCalculator, 'code' | 'sortOrder'>,
): boolean {
  return (a.sortOrder - b.sortOrder || a.code.localeCompare(b.code)) < 0;
}
