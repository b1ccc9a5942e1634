/**
 * Exact arithmetic on measures (weights, lengths): decimal strings that are not money but must not pass through
 * floats either, since a weight-based shipping rate turns them into money.
 * @module
 */

import { show } from './checks.js';
import { fromDecimal, toDecimal } from './decimal.js';
import { invariant } from './invariant.js';

/**
 * Converts a measure between two units given their rates against the store's default unit (OpenCart's
 * `weight_class.value`): value × (to ÷ from), exact, written as a canonical decimal string.
 * @throws CartwrightInvariantError on a malformed value or a rate that is not positive.
 */
export function convertMeasure(value: string, fromRate: string, toRate: string): string {
  const from = toDecimal(fromRate);
  const to = toDecimal(toRate);
  invariant(from.isPositive() && !from.isZero(), () => `measure: non-positive unit rate ${show(fromRate)}`);
  invariant(to.isPositive() && !to.isZero(), () => `measure: non-positive unit rate ${show(toRate)}`);
  return fromDecimal(toDecimal(value).times(to).div(from));
}

/** The exact sum of measures, as a canonical decimal string (`"0.0000"` for none). */
export function sumMeasures(values: readonly string[]): string {
  return fromDecimal(values.reduce((total, value) => total.plus(toDecimal(value)), toDecimal('0')));
}
