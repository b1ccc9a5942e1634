/**
 * Money at the HTTP edge, the one place amounts become JSON numbers (ARCHITECTURE.md, Money): converted from the
 * currency they are in to the session's currency, rounded to its decimal places with the store's rounding mode,
 * and formatted as the seed's `text`.
 * @module
 */
import { invariant } from '../domain/errors.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import {
  type Currency,
  convert,
  findCurrency,
  formatMoney,
  type Money,
  toDisplayNumber,
} from '../money/index.js';

/** Shows money in one currency. */
export interface MoneyPresenter {
  /** The currency amounts are shown in. */
  readonly currency: Currency;
  /** The amount as a JSON number, rounded to the currency's decimal places (a display value). */
  amount(m: Money): number;
  /** The amount formatted with the currency's symbol (`$1,234.50`, `968.59€`). */
  text(m: Money): string;
}

/** The currency `code` of the store; a missing one is a settings bug. */
function currencyOf(settings: StoreSettings, code: string): Currency {
  const currency = findCurrency(settings.currencies, code);
  invariant(currency !== undefined, () => `http: the store has no currency ${JSON.stringify(code)}`);
  return currency;
}

/**
 * A {@link MoneyPresenter} for the currency `code` (a session's currency). A code the store no longer has falls
 * back to the store's default currency, so a session outliving a settings change still gets answers.
 */
export function createMoneyPresenter(settings: StoreSettings, code: string): MoneyPresenter {
  const currency = findCurrency(settings.currencies, code) ?? currencyOf(settings, settings.currency);
  const mode = settings.roundingMode;
  const inCurrency = (m: Money): Money =>
    m.currency === currency.code ? m : convert(m, currencyOf(settings, m.currency), currency);
  return {
    currency,
    amount: (m) => toDisplayNumber(inCurrency(m), currency.decimalPlaces, mode),
    text: (m) => formatMoney(inCurrency(m), currency, { mode }),
  };
}
