/**
 * Rounding modes and {@link round}.
 * @module
 */
import { roundDecimal } from './decimal.js';
import { amountOf, isMade, type Money, moneyOf } from './money.js';

/**
 * How a tie (a value exactly halfway) is rounded. Named by tie behaviour, because library names disagree:
 *
 * - `'half-away-from-zero'`: 2.5 → 3, −2.5 → −3. PHP `round()` (OpenCart) and decimal.js `ROUND_HALF_UP`;
 *   dinero.js calls it `halfAwayFromZero`. (dinero.js's `halfUp` is a different rule: ties toward +∞, −2.5 → −2.)
 * - `'half-even'` (banker's rounding): 2.5 → 2, 3.5 → 4, −2.5 → −2. decimal.js `ROUND_HALF_EVEN`, dinero.js
 *   `halfEven`; it does not drift upward when many ties are rounded.
 */
export type RoundingMode = 'half-away-from-zero' | 'half-even';

/** Every {@link RoundingMode}, default first; for validating settings. */
export const roundingModes: readonly RoundingMode[] = Object.freeze(['half-away-from-zero', 'half-even']);

/** True when `value` is one of {@link roundingModes}. */
export function isRoundingMode(value: unknown): value is RoundingMode {
  return value === 'half-away-from-zero' || value === 'half-even';
}

/**
 * Rounds `m` to `decimalPlaces` (0–20) with `mode` (default `'half-away-from-zero'`, as OpenCart). The amount
 * string stays canonical, so it still shows at least 4 decimals: rounding `1.005` to 2 places gives `"1.0100"`.
 * Idempotent: rounding a rounded value again with the same places and mode changes nothing.
 * @throws CartwrightInvariantError for bad decimal places or an unknown mode.
 */
export function round(m: Money, decimalPlaces: number, mode: RoundingMode = 'half-away-from-zero'): Money {
  const value = amountOf(m);
  const rounded = roundDecimal(value, decimalPlaces, mode);
  // Already at those places (most amounts are): the same value, handed back when it is ours.
  if (isMade(m) && rounded.eq(value)) return m;
  return moneyOf(rounded, m.currency);
}
