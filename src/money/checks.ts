/**
 * Internal invariant checks shared by the money operations. Not exported from the barrel.
 *
 * Every failure here is a programmer bug (trusted code passed something malformed), so it throws
 * {@link CartwrightInvariantError} through {@link invariant}; untrusted input is screened earlier by
 * `parseAmount` / `moneyFromJSON`, which return `undefined` instead.
 * @module
 */
import { invariant } from './invariant.js';
import type { Money } from './money.js';

/** The largest number of decimal places any rounding, allocation or formatting call accepts. */
export const MAX_DECIMAL_PLACES = 20;

/** A three-letter upper-case currency code, as stored in `oc_currency.code` (`USD`, `GBP`, `EUR`). */
export const CURRENCY_CODE_PATTERN = /^[A-Z]{3}$/;

/** Renders an arbitrary value for an error message, cut short so a huge string cannot flood the logs. */
export function show(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** Throws unless `decimalPlaces` is an integer from 0 to {@link MAX_DECIMAL_PLACES}. */
export function assertDecimalPlaces(decimalPlaces: number): void {
  invariant(
    Number.isInteger(decimalPlaces) && decimalPlaces >= 0 && decimalPlaces <= MAX_DECIMAL_PLACES,
    () =>
      `money: decimal places must be an integer from 0 to ${MAX_DECIMAL_PLACES}, got ${show(decimalPlaces)}`,
  );
}

/** Throws unless `code` is a valid currency code ({@link CURRENCY_CODE_PATTERN}). */
export function assertCurrencyCode(code: string): void {
  invariant(
    typeof code === 'string' && CURRENCY_CODE_PATTERN.test(code),
    () => `money: invalid currency code ${show(code)}`,
  );
}

/**
 * Throws when `a` and `b` are in different currencies. Mixing currencies is always a bug: amounts must be
 * converted (see `convert`) before they meet.
 */
export function assertSameCurrency(a: Money, b: Money, operation: string): void {
  invariant(
    a.currency === b.currency,
    () => `money: cannot ${operation} ${show(a.currency)} and ${show(b.currency)} amounts`,
  );
}
