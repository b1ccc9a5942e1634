/**
 * Turning money into what people and JSON clients see: the formatted `text` and display numbers.
 * @module
 */

import { show } from './checks.js';
import type { Currency } from './currency.js';
import { roundDecimal } from './decimal.js';
import { invariant } from './invariant.js';
import type { Money } from './money.js';
import { amountOf } from './money.js';
import type { RoundingMode } from './rounding.js';

/** Options of {@link formatMoney}. Separators come from the language settings, never from `Intl`. */
export interface FormatOptions {
  /** Tie rule used to round to the currency's decimal places; default `'half-away-from-zero'`. */
  readonly mode?: RoundingMode | undefined;
  /** Written between the integer and the fractional digits; default `"."`. */
  readonly decimalPoint?: string | undefined;
  /** Written between groups of three integer digits; default `","`. */
  readonly thousandsPoint?: string | undefined;
}

/** Inserts `separator` between groups of three digits, from the right. */
function groupThousands(digits: string, separator: string): string {
  if (separator === '' || digits.length <= 3) return digits;
  const head = digits.length % 3 || 3;
  let out = digits.slice(0, head);
  for (let i = head; i < digits.length; i += 3) out += separator + digits.slice(i, i + 3);
  return out;
}

/**
 * Formats `m` for display in `currency` (OpenCart's `text`): round to `currency.decimalPlaces` with the mode,
 * group thousands, then `symbolLeft + number + symbolRight`, with a minus sign in front of everything
 * (`-$5.00`, `-5.00€`). A value that rounds to zero has no minus sign. Deterministic: never uses `Intl`.
 *
 * `m` must already be in `currency`: convert first (see `convert`), then format, so rounding happens once,
 * after conversion. Examples: 1234.5 USD → `"$1,234.50"`; the same converted to EUR at 0.78460002 →
 * `"968.59€"`; ¥ with 0 decimal places → `"¥1,235"`.
 * @throws CartwrightInvariantError when `m.currency` is not `currency.code`.
 */
export function formatMoney(m: Money, currency: Currency, options: FormatOptions = {}): string {
  invariant(
    m.currency === currency.code,
    () => `money: cannot format a ${show(m.currency)} amount as ${show(currency.code)}; convert it first`,
  );
  const places = currency.decimalPlaces;
  const rounded = roundDecimal(amountOf(m), places, options.mode ?? 'half-away-from-zero');
  const [integer = '0', fraction = ''] = rounded.abs().toFixed(places).split('.');
  const number =
    groupThousands(integer, options.thousandsPoint ?? ',') +
    (places > 0 ? (options.decimalPoint ?? '.') + fraction : '');
  const sign = rounded.isNegative() && !rounded.isZero() ? '-' : '';
  return `${sign}${currency.symbolLeft}${number}${currency.symbolRight}`;
}

/**
 * Rounds `m` to `decimalPlaces` with `mode` and returns it as a JS `number`, e.g. `1234.5` for `"1234.5000"` at
 * 2 places. This is the ONE place cartwright produces a number from money: for the HTTP edge, whose responses
 * carry `price`, `total` and `value` as JSON numbers for compatibility with OpenCart's API. The number is a display
 * value; never compute with it or feed it back. Never returns `-0`.
 * @throws CartwrightInvariantError for bad decimal places or an unknown mode.
 */
export function toDisplayNumber(
  m: Money,
  decimalPlaces: number,
  mode: RoundingMode = 'half-away-from-zero',
): number {
  const rounded = roundDecimal(amountOf(m), decimalPlaces, mode);
  return rounded.isZero() ? 0 : Number(rounded.toFixed(decimalPlaces));
}
