/** @module */

import { show } from './checks.js';
import { roundDecimal, toDecimal } from './decimal.js';
import { invariant } from './invariant.js';
import { amountOf, type Money, moneyOf } from './money.js';
import type { RoundingMode } from './rounding.js';

/** A non-negative plain decimal weight, e.g. a line total `"24.9900"` or a plain `"1"`. */
const WEIGHT_PATTERN = /^\d+(?:\.\d+)?$/;

/** Splits a weight into its digits and the count of decimals, so all weights can be scaled to integers. */
function weightDigits(weight: string): { digits: string; places: number } {
  invariant(
    typeof weight === 'string' && WEIGHT_PATTERN.test(weight),
    () => `money: allocation weight must be a non-negative decimal string, got ${show(weight)}`,
  );
  const [integer = '', fraction = ''] = weight.split('.');
  return { digits: integer + fraction, places: fraction.length };
}

/** Writes a count of 10^-places units as a plain decimal string (`1234n, 2` → `"12.34"`). */
function unitsToDecimal(units: bigint, places: number): string {
  if (places === 0) return units.toString();
  const digits = units.toString().padStart(places + 1, '0');
  return `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * Splits `m` into one part per weight, proportionally, each part rounded to `decimalPlaces`, such that the parts
 * add up EXACTLY to `m` rounded to `decimalPlaces` with `mode` (default `'half-away-from-zero'`). Used e.g. to
 * spread a fixed coupon over cart lines, weighted by line totals.
 *
 * Method: largest remainder, on exact integers. Each part first gets its share rounded toward zero (in units of
 * 10^-decimalPlaces); the units left over go one each to the parts with the largest remainders, ties to the
 * earlier part. Hence:
 * - parts never differ in sign from the rounded amount (a negative amount gives parts ≤ 0);
 * - a part with weight zero gets zero, unless all weights are zero;
 * - when ALL weights are zero the amount is split into equal parts (as if every weight were 1), the leftover
 *   units again going to the earliest parts. Nothing is lost either way.
 *
 * Weights are non-negative plain decimal strings (canonical amounts qualify). Returns a new array in the order
 * of `weights`, in `m.currency`.
 * @throws CartwrightInvariantError for an empty or malformed weight list or bad decimal places.
 */
export function allocate(
  m: Money,
  weights: readonly string[],
  decimalPlaces: number,
  mode: RoundingMode = 'half-away-from-zero',
): Money[] {
  invariant(weights.length > 0, 'money: cannot allocate over an empty list of weights');
  const total = roundDecimal(amountOf(m), decimalPlaces, mode);
  const negative = total.isNegative() && !total.isZero();
  const units = BigInt(total.abs().toFixed(decimalPlaces).replace('.', ''));

  const parsed = weights.map(weightDigits);
  const scale = parsed.reduce((max, w) => Math.max(max, w.places), 0);
  let scaled = parsed.map((w) => BigInt(w.digits + '0'.repeat(scale - w.places)));
  let weightTotal = scaled.reduce((acc, w) => acc + w, 0n);
  if (weightTotal === 0n) {
    scaled = scaled.map(() => 1n);
    weightTotal = BigInt(scaled.length);
  }

  const shares = scaled.map((w) => (units * w) / weightTotal);
  const remainders = scaled.map((w) => (units * w) % weightTotal);
  // Each share lost less than one unit to truncation, so fewer units are left over than there are parts.
  const leftover = Number(units - shares.reduce((acc, s) => acc + s, 0n));
  const byRemainder = remainders
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of byRemainder.slice(0, leftover)) shares[i] = (shares[i] ?? 0n) + 1n;

  const sign = negative ? '-' : '';
  return shares.map((s) => moneyOf(toDecimal(sign + unitsToDecimal(s, decimalPlaces)), m.currency));
}
