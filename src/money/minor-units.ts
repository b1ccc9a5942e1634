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

/**
 * ISO 4217's minor-unit exponents that are not 2 (a currency left out has cents). Gateways may differ from the
 * standard for some (Stripe takes ISK in hundredths, MGA in whole units): their adapters apply their own rules.
 */
const ISO_EXPONENTS: Readonly<Record<string, number>> = Object.freeze({
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
});

/** The number of decimals of `currency`'s smallest unit as ISO 4217 gives it: 2 (cents) unless listed. */
export function isoMinorUnitExponent(currency: string): number {
  assertCurrencyCode(currency);
  return ISO_EXPONENTS[currency] ?? 2;
}
