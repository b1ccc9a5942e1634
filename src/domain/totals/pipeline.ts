/**
 * The totals pipeline (DECISIONS 20, 21): calculators run in sort order over exact amounts in the store's
 * default currency; then each line is converted to the session currency and rounded to its decimal places (the
 * named rounding point), and `total` is the sum of the other rounded lines, so the lines always add up.
 * @module
 */
import { type Currency, convert, round, sum, zero } from '../../money/index.js';
import type { TotalCalculator, TotalLine, TotalsContext, TotalsState } from '../../ports/total-calculator.js';
import type { StoreSettings } from '../settings.js';

/** Runs the calculators in sort order (ties by code), from an empty state in the default currency. */
export function runTotals(
  calculators: readonly TotalCalculator[],
  context: TotalsContext,
  defaultCurrency: string,
): TotalsState {
  const ordered = [...calculators].sort((a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code));
  let state: TotalsState = { lines: [], taxes: {}, total: zero(defaultCurrency) };
  for (const calculator of ordered) state = calculator.apply(state, context);
  return state;
}

/**
 * The lines as a customer sees them: in `currency`, each rounded to its decimal places with the store's tie rule
 * (converted first, rounded after); `total` lines are the exact sum of the other rounded lines.
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
  const others = sum(
    rounded.filter((line) => line.code !== 'total').map((line) => line.value),
    to.code,
  );
  return rounded.map((line) => (line.code === 'total' ? { ...line, value: others } : line));
}
