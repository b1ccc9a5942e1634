/**
 * Amounts as whole numbers of a currency's smallest unit (cents, yen, fils), the form card gateways take.
 * @module
 */
import { assertCurrencyCode, assertDecimalPlaces } from './checks.js';
import { toFactor } from './decimal.js';
import { amountOf, type Money, moneyOf } from './money.js';

/**
 * `m` in units of 10^-`exponent` (`exponent` 2: cents), or undefined when it is not a whole number of them or
 * is past `Number.MAX_SAFE_INTEGER`: `19.99 USD` at 2 is 1999; `19.995 USD` at 2 is undefined, never rounded.
 * Negative amounts give negative units.
 * @throws CartwrightInvariantError for an exponent outside 0–20.
 */
export function toMinorUnits(m: Money, exponent: number): number | undefined {
  assertDecimalPlaces(exponent);
  const units = amountOf(m).times(toFactor(`1${'0'.repeat(exponent)}`, 'exponent'));
  if (!units.isInteger()) return undefined;
  const value = units.toNumber();
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * The {@link Money} of `units` smallest units of `currency` at `exponent` (1999 USD cents at 2: `19.9900 USD`).
 * @throws CartwrightInvariantError for units that are not a safe integer, an exponent outside 0–20 or a
 * malformed currency code.
 */
export function fromMinorUnits(units: number, exponent: number, currency: string): Money {
  assertDecimalPlaces(exponent);
  assertCurrencyCode(currency);
  const value = toFactor(units, 'units').dividedBy(toFactor(`1${'0'.repeat(exponent)}`, 'exponent'));
  return moneyOf(value, currency);
}
