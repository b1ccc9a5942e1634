/**
 * Currency metadata and conversion between currencies.
 * @module
 */

import { assertCurrencyCode, show } from './checks.js';
import { type DecimalValue, toDecimal } from './decimal.js';
import { invariant } from './invariant.js';
import { amountOf, type Money, moneyOf } from './money.js';

/**
 * A currency as the store configures it (an `oc_currency` row).
 *
 * `value` is the exchange rate against the store's default currency, as a decimal string: the default currency
 * itself has `"1.00000000"`, and e.g. GBP `"0.61250001"` means 1 unit of the default currency is 0.61250001 GBP.
 */
export interface Currency {
  /** Three-letter code, e.g. `"GBP"`. */
  readonly code: string;
  /** Display name, e.g. `"Pound Sterling"`. */
  readonly title: string;
  /** Symbol written before the number (`"£"`), or `""`. */
  readonly symbolLeft: string;
  /** Symbol written after the number (`"€"`), or `""`. */
  readonly symbolRight: string;
  /** Decimal places amounts are rounded to for totals and display (2 for USD, 0 for JPY). */
  readonly decimalPlaces: number;
  /** Rate against the default currency, a positive decimal string. */
  readonly value: string;
}

/** Reads a currency's rate, checking it is a positive decimal. */
function rateOf(currency: Currency): DecimalValue {
  const rate = toDecimal(currency.value);
  invariant(
    rate.isPositive() && !rate.isZero(),
    () => `money: currency ${show(currency.code)} has a non-positive rate`,
  );
  return rate;
}

/**
 * Converts `m` from the currency `from` to the currency `to`: amount × (to.value / from.value), exact and
 * unrounded (computed as amount × to.value ÷ from.value, so the only possible rounding is at 40 significant
 * digits). The result is in `to.code`. Convert first and round afterwards, never the other way round:
 * 0.005 USD is 0.0030625… GBP and shows as `£0.00`, where rounding first would give `£0.01`.
 * Converting to the same currency code returns `m` itself.
 * @throws CartwrightInvariantError when `m` is not in `from.code`, or a rate or code is malformed.
 */
export function convert(m: Money, from: Currency, to: Currency): Money {
  invariant(
    m.currency === from.code,
    () => `money: cannot convert a ${show(m.currency)} amount as ${show(from.code)}`,
  );
  if (from.code === to.code) return m;
  assertCurrencyCode(to.code);
  const converted = amountOf(m).times(rateOf(to)).div(rateOf(from));
  return moneyOf(converted, to.code);
}

/** The currency in `list` with `code`, or `undefined`. Codes are compared exactly (`"usd"` is not `"USD"`). */
export function findCurrency(list: readonly Currency[], code: string): Currency | undefined {
  return list.find((currency) => currency.code === code);
}
