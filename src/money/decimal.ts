/**
 * The only module in cartwright that imports decimal.js. Not exported from the barrel: `Decimal` instances never
 * leave `src/money` (the ESM and CJS copies of decimal.js are different constructors, and a host's global
 * configuration must not reach us), so the public API speaks canonical amount strings only.
 * @module
 */
import { Decimal } from 'decimal.js';
import { assertDecimalPlaces, show } from './checks.js';
import { invariant } from './invariant.js';
import type { RoundingMode } from './rounding.js';

/**
 * Our private decimal.js constructor. A clone, so a host calling the global `Decimal.set(...)` cannot change our
 * precision, and we never change theirs. 40 significant digits: the default 20 silently rounds even additions
 * (`12345678901234567890.12 + 0.01`), and 40 keeps every product of a 23-digit amount and a 17-digit rate exact.
 * The default rounding (used only when a result exceeds 40 digits) is half away from zero.
 */
const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** An exact decimal value; lives only inside `src/money`. */
export type DecimalValue = Decimal;

/** Plain decimal notation: optional minus, digits, optional fraction. No exponent, hex, `NaN`, `Infinity`, `+`. */
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;

/** decimal.js rounding constants for each {@link RoundingMode}. */
const ROUNDING: Readonly<Record<RoundingMode, Decimal.Rounding>> = {
  'half-away-from-zero': Dec.ROUND_HALF_UP,
  'half-even': Dec.ROUND_HALF_EVEN,
};

/**
 * Parses a decimal string from trusted code (an amount, a rate, a weight). The pattern check comes first because
 * the decimal.js constructor would happily accept `'NaN'`, `'Infinity'`, `'0x10'` and `'1e3'`.
 */
export function toDecimal(amount: string): DecimalValue {
  invariant(
    typeof amount === 'string' && PLAIN_DECIMAL.test(amount),
    () => `money: malformed decimal ${show(amount)}`,
  );
  return new Dec(amount);
}

/**
 * Parses a factor (quantity, rate, percentage, divisor) from trusted code: a safe integer `number` or a plain
 * decimal string. Fractional numbers are refused, since a float such as `0.1` is already inexact.
 */
export function toFactor(factor: string | number, what: string): DecimalValue {
  if (typeof factor === 'number') {
    invariant(
      Number.isSafeInteger(factor),
      () => `money: ${what} must be a safe integer or a decimal string, got ${show(factor)}`,
    );
    return new Dec(factor);
  }
  invariant(
    typeof factor === 'string' && PLAIN_DECIMAL.test(factor),
    () => `money: ${what} must be a safe integer or a decimal string, got ${show(factor)}`,
  );
  return new Dec(factor);
}

/**
 * Writes the canonical amount string: fixed notation (never an exponent), at least 4 decimal places, trailing
 * zeros past the fourth place trimmed, and zero always `"0.0000"` (never `"-0.0000"`). Every value has exactly one
 * canonical string, so equal amounts compare equal as strings and as JSON.
 */
export function fromDecimal(d: DecimalValue): string {
  invariant(d.isFinite(), () => `money: non-finite result ${d.toString()}`);
  if (d.isZero()) return '0.0000';
  const places = d.decimalPlaces();
  // Up to four places, toFixed(4) writes exactly the canonical form; beyond, the exact digits have no trailing zero.
  return places <= 4 ? d.toFixed(4) : d.toFixed(places);
}

/** Rounds `d` to `decimalPlaces` with the named tie rule. Throws on a bad place count or an unknown mode. */
export function roundDecimal(d: DecimalValue, decimalPlaces: number, mode: RoundingMode): DecimalValue {
  assertDecimalPlaces(decimalPlaces);
  invariant(Object.hasOwn(ROUNDING, mode), () => `money: unknown rounding mode ${show(mode)}`);
  return d.toDecimalPlaces(decimalPlaces, ROUNDING[mode]);
}
