/**
 * The {@link Money} value and the ways to create one: from trusted code ({@link money}, {@link zero}), from
 * untrusted input ({@link parseAmount}) and from stored JSON ({@link moneyFromJSON}).
 * @module
 */

import { assertCurrencyCode, CURRENCY_CODE_PATTERN, show } from './checks.js';
import { type DecimalValue, fromDecimal, toDecimal } from './decimal.js';
import { CartwrightInvariantError } from './invariant.js';

/**
 * An amount of money: an immutable plain value that is already valid JSON.
 *
 * `amount` is a canonical decimal string (fixed notation, at least 4 decimal places, more only when the exact
 * value needs them, never `"-0.0000"`), e.g. `"19.9900"` or `"3.3333333333333333333333333333333333333333"`.
 * It is a string, never a JSON number, so no float ever touches it. `currency` is a three-letter code.
 * Values are frozen; an operation returns a new one, or one of its frozen operands when the result is that
 * operand (adding zero, converting to the same currency).
 */
export interface Money {
  /** Canonical decimal string, e.g. `"19.9900"`. */
  readonly amount: string;
  /** Three-letter upper-case currency code, e.g. `"USD"`. */
  readonly currency: string;
}

/**
 * Amounts accepted from outside: up to 15 integer digits and up to 8 decimals (OpenCart stores `DECIMAL(15,4)`
 * prices and `DECIMAL(15,8)` rates), optional leading minus. No `+`, exponent, hex, whitespace, `NaN`,
 * `Infinity`, and no bare `"1."` or `".5"`.
 */
const INPUT_AMOUNT_PATTERN = /^-?\d{1,15}(?:\.\d{1,8})?$/;

/**
 * The canonical amount form: no leading zeros, exactly 4 decimals or more than 4 ending in a non-zero digit,
 * and not negative zero.
 */
const CANONICAL_AMOUNT_PATTERN = /^(?!-0\.0+$)-?(?:0|[1-9]\d*)\.\d{4}(?:\d*[1-9])?$/;

/** Longest canonical amount string accepted when reading stored values (a guard against absurd input). */
const MAX_CANONICAL_LENGTH = 200;

/**
 * Where a Money made here keeps its exact value: a property under a private symbol, not enumerable, so the value
 * stays a plain `{ amount, currency }` to JSON, `structuredClone`, spreading, `Object.keys` and deep equality,
 * while an amount is parsed once and arithmetic on values already checked neither re-parses nor re-checks them.
 * A copy (spread, JSON, a store's round trip) does not carry it and is parsed when read.
 */
const VALUE: unique symbol = Symbol('cartwright.money.value');

/** A Money as made here: its exact value beside it. */
interface Valued extends Money {
  readonly [VALUE]?: DecimalValue;
}

/**
 * Builds a frozen {@link Money} from an amount that is already canonical, with its exact `value` when the caller
 * has it (else the amount is parsed now, once). Internal; not in the barrel.
 */
export function makeMoney(amount: string, currency: string, value?: DecimalValue): Money {
  const made = { amount, currency };
  Object.defineProperty(made, VALUE, { value: value ?? toDecimal(amount) });
  return Object.freeze(made);
}

/** A frozen {@link Money} of an exact value: its canonical amount written once, the value kept. Internal. */
export function moneyOf(value: DecimalValue, currency: string): Money {
  return makeMoney(fromDecimal(value), currency, value);
}

/**
 * The exact value of `m`: the one kept beside a Money made here (every Money the operations make), parsed and
 * checked otherwise (a plain object from stored JSON, which nobody promised not to change). Internal.
 */
export function amountOf(m: Money): DecimalValue {
  return (m as Valued)[VALUE] ?? toDecimal(m.amount);
}

/** True when `m` was made here (so it is frozen and its value is known): operations may hand it back as is. Internal. */
export function isMade(m: Money): boolean {
  return (m as Valued)[VALUE] !== undefined;
}

/** True when `value` is a three-letter upper-case currency code such as `"USD"`. */
export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && CURRENCY_CODE_PATTERN.test(value);
}

/**
 * True when `value` is an amount string in canonical form (what every money operation writes), e.g.
 * `"19.9900"`; false for `"19.99"`, `"-0.0000"` or `"1.50000"`.
 */
export function isCanonicalAmount(value: unknown): value is string {
  return (
    typeof value === 'string' && value.length <= MAX_CANONICAL_LENGTH && CANONICAL_AMOUNT_PATTERN.test(value)
  );
}

/**
 * Validates an amount from UNTRUSTED input (a form field, a JSON body) and returns its canonical string, or
 * `undefined` when it is not an amount.
 *
 * Strings must match `^-?\d{1,15}(\.\d{1,8})?$` exactly. A finite JS `number` is accepted by way of `String(n)`
 * and the same pattern, so floats that print with an exponent (`1e21`, `1e-7`) or with float noise
 * (`0.30000000000000004`) are refused rather than silently changed. Everything else (`NaN`, `Infinity`, `'0x10'`,
 * `'1e3'`, `' 1'`, `'+1'`, `''`, arrays, objects, bigints) gives `undefined`.
 */
export function parseAmount(input: unknown): string | undefined {
  let text: string;
  if (typeof input === 'string') text = input;
  else if (typeof input === 'number' && Number.isFinite(input)) text = String(input);
  else return undefined;
  return INPUT_AMOUNT_PATTERN.test(text) ? fromDecimal(toDecimal(text)) : undefined;
}

/**
 * Creates {@link Money} from TRUSTED values (catalog data, constants, settings).
 *
 * `amount` is a safe-integer `number` or a string matching the input pattern of {@link parseAmount}; it is
 * normalised to the canonical form (`money('19.99', 'USD').amount === '19.9900'`). Fractional numbers are
 * refused because a float such as `19.99` is already inexact: pass `'19.99'`.
 *
 * @throws CartwrightInvariantError for a malformed amount or currency code: trusted code passing one is a bug.
 * Use {@link parseAmount} for input that may be wrong.
 */
export function money(amount: string | number, currency: string): Money {
  assertCurrencyCode(currency);
  if (typeof amount === 'number') {
    if (!Number.isSafeInteger(amount)) {
      throw new CartwrightInvariantError(
        `money: a number amount must be a safe integer (pass decimals as strings), got ${show(amount)}`,
      );
    }
    return moneyOf(toDecimal(String(amount)), currency);
  }
  if (typeof amount !== 'string' || !INPUT_AMOUNT_PATTERN.test(amount)) {
    throw new CartwrightInvariantError(`money: malformed amount ${show(amount)}`);
  }
  return moneyOf(toDecimal(amount), currency);
}

/** The exact value of every zero (decimal.js values are immutable: one serves every caller). */
const ZERO = toDecimal('0');

/** Zero in `currency` (`"0.0000"`). The neutral element of `add` and the result of summing an empty list. */
export function zero(currency: string): Money {
  assertCurrencyCode(currency);
  return makeMoney('0.0000', currency, ZERO);
}

/**
 * True when `value` is a {@link Money} as the operations produce it: an object whose `amount` is canonical
 * ({@link isCanonicalAmount}) and whose `currency` is a valid code. Extra properties are ignored.
 */
export function isMoney(value: unknown): value is Money {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { amount, currency } = value as { amount?: unknown; currency?: unknown };
  return isCanonicalAmount(amount) && isCurrencyCode(currency);
}

/**
 * Reads a {@link Money} back from parsed JSON (a stored session, an order row), or `undefined` when the shape is
 * wrong. `Money` is plain JSON already, so `JSON.stringify` is the writer and this is the matching reader.
 *
 * Accepts an `amount` in canonical form, of any length up to 200 characters (stored values may be unrounded
 * results such as a division or a currency conversion), or one matching the {@link parseAmount} input pattern,
 * which is normalised. The currency must match `^[A-Z]{3}$`. Returns a fresh frozen object with exactly
 * `amount` and `currency`, so `moneyFromJSON(JSON.parse(JSON.stringify(m)))` deep-equals `m`.
 */
export function moneyFromJSON(value: unknown): Money | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { amount, currency } = value as { amount?: unknown; currency?: unknown };
  if (!isCurrencyCode(currency)) return undefined;
  if (isCanonicalAmount(amount)) return makeMoney(amount, currency);
  const parsed = typeof amount === 'string' ? parseAmount(amount) : undefined;
  return parsed === undefined ? undefined : makeMoney(parsed, currency);
}
