/**
 * The totals pipeline: calculators run in sort order over exact amounts in the store's
 * default currency; then each line is converted to the session currency and rounded to its decimal places (the
 * named rounding point), and `total` is the sum of the other rounded lines, so the lines always add up. A sum
 * that rounding alone would take below zero is brought back to zero on the discount lines shown.
 * @module
 */
import {
  add,
  type Currency,
  convert,
  isNegative,
  type Money,
  minimum,
  negate,
  round,
  sum,
  zero,
} from '../../../money/index.js';
import type { StoreSettings } from '../../settings/settings.js';
import type { TotalCalculator, TotalLine, TotalsContext, TotalsState } from './calculator.js';

/** Runs the calculators in sort order (ties by code), from an empty state in the default currency. */
export function runTotals(
  calculators: readonly TotalCalculator[],
  context: TotalsContext,
  defaultCurrency: string,
): TotalsState {
  const ordered = inSortOrder(calculators);
  let state: TotalsState = { lines: [], taxes: {}, total: zero(defaultCurrency) };
  for (const calculator of ordered) state = calculator.apply(state, context);
  return state;
}

/** Which of two calculators runs first: the lower sort order, ties by code. */
function runsFirst(a: TotalCalculator, b: TotalCalculator): number {
  return a.sortOrder - b.sortOrder || a.code.localeCompare(b.code);
}

/**
 * `calculators` in sort order (ties by code): the list itself when it is in order (an engine orders its own once).
 * @param calculators - the calculators, in any order
 */
export function inSortOrder(calculators: readonly TotalCalculator[]): readonly TotalCalculator[] {
  for (let i = 1; i < calculators.length; i += 1) {
    if (runsFirst(calculators[i - 1] as TotalCalculator, calculators[i] as TotalCalculator) > 0) {
      return [...calculators].sort(runsFirst);
    }
  }
  return calculators;
}

/** The sum of the lines other than `total`. */
function othersSum(lines: readonly TotalLine[], currency: string): Money {
  return sum(
    lines.filter((line) => line.code !== 'total').map((line) => line.value),
    currency,
  );
}

/**
 * Takes a negative presented sum back to zero when the exact sum is not negative. Rounding each line can move
 * the sum by up to half a unit per line, so an order that owes nothing (a 100 % free-shipping coupon, store
 * credit covering the rest) could show a total of −0.01, a refund nobody is owed. The residue comes off the
 * discounts shown, the last negative line first, each by at most its own value, so the lines still add up and
 * no line changes sign; a presented sum that is not negative is left exactly as rounded.
 */
function withoutNegativeResidue(rounded: readonly TotalLine[], exactSum: Money, to: string): TotalLine[] {
  const lines = [...rounded];
  const others = (): Money => othersSum(lines, to);
  if (isNegative(exactSum) || !isNegative(others())) return lines;
  for (let i = lines.length - 1; i >= 0 && isNegative(others()); i -= 1) {
    const line = lines[i];
    if (line === undefined || line.code === 'total' || !isNegative(line.value)) continue;
    const residue = negate(others());
    const taken = minimum(residue, negate(line.value));
    lines[i] = { ...line, value: add(line.value, taken) };
  }
  return lines;
}

/**
 * The lines as a customer sees them: in `currency`, each rounded to its decimal places with the store's tie rule
 * (converted first, rounded after); `total` lines are the exact sum of the other rounded lines. The one exception
 * to "each line as rounded": a sum that rounding alone took below zero, while the exact sum is not, is brought
 * back to zero on the discount lines (see `withoutNegativeResidue`).
 */
export function presentTotals(
  state: TotalsState,
  from: Currency,
  to: Currency,
  settings: Pick<StoreSettings, 'roundingMode'>,
): readonly TotalLine[] {
  const rounded = state.lines.map((line) =>
    line.code === 'total'
      ? line
      : { ...line, value: round(convert(line.value, from, to), to.decimalPlaces, settings.roundingMode) },
  );
  let others = othersSum(rounded, to.code);
  let lines = rounded;
  if (isNegative(others)) {
    // Converting is multiplying by a positive rate: the exact sum has the same sign in either currency.
    lines = withoutNegativeResidue(rounded, othersSum(state.lines, from.code), to.code);
    others = othersSum(lines, to.code);
  }
  return lines.map((line) => (line.code === 'total' ? { ...line, value: others } : line));
}
