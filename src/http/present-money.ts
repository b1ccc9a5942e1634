/**
 * Money at the HTTP edge, the one place amounts become JSON numbers: converted from the
 * currency they are in to the session's currency, rounded to its decimal places with the store's rounding mode,
 * and formatted as OpenCart's `text`.
 * @module
 */

import { invariant } from '../domain/errors.js';
import { shownLineTotal } from '../domain/pricing/totals/sub-total.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import { boundedTable } from '../engine/checkout-cache.js';
import {
  type Currency,
  convert,
  findCurrency,
  formatMoney,
  type Money,
  type RoundingMode,
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
  /** A line's total: its unit price as {@link amount} shows it, times `quantity`, exactly. */
  lineTotal(price: Money, quantity: number): number;
}

/** The currency `code` of the store; a missing one is a settings bug. */
function currencyOf(settings: StoreSettings, code: string): Currency {
  const currency = findCurrency(settings.currencies, code);
  invariant(currency !== undefined, () => `http: the store has no currency ${JSON.stringify(code)}`);
  return currency;
}

/** How many shown amounts, texts and line totals a presenter keeps (each kind on its own). */
const SHOWN_LIMIT = 2048;

/**
 * A presenter showing amounts in `currency`, each taken there from its own currency by `sourceOf`. What it shows
 * for an amount depends on nothing else, so it keeps what it worked out (a bounded table per kind): the same
 * prices and totals are shown over and over, and working one out takes several decimal operations.
 */
function presenter(
  currency: Currency,
  mode: RoundingMode,
  sourceOf: (code: string) => Currency,
): MoneyPresenter {
  const inCurrency = (m: Money): Money =>
    m.currency === currency.code ? m : convert(m, sourceOf(m.currency), currency);
  const amounts = boundedTable<string, number>(SHOWN_LIMIT);
  const texts = boundedTable<string, string>(SHOWN_LIMIT);
  const lineTotals = boundedTable<string, number>(SHOWN_LIMIT);
  const keyOf = (m: Money): string => (m.currency === currency.code ? m.amount : `${m.currency} ${m.amount}`);
  const amount = (m: Money): number => {
    const key = keyOf(m);
    return (
      amounts.get(key) ?? amounts.keep(key, toDisplayNumber(inCurrency(m), currency.decimalPlaces, mode))
    );
  };
  return {
    currency,
    amount,
    text: (m) => {
      const key = keyOf(m);
      return texts.get(key) ?? texts.keep(key, formatMoney(inCurrency(m), currency, { mode }));
    },
    lineTotal: (price, quantity) => {
      const key = `${keyOf(price)} × ${quantity}`;
      const known = lineTotals.get(key);
      if (known !== undefined) return known;
      const from = price.currency === currency.code ? currency : sourceOf(price.currency);
      return lineTotals.keep(key, amount(shownLineTotal(price, quantity, from, currency, mode)));
    },
  };
}

/**
 * A {@link MoneyPresenter} for the currency `code` (a session's currency). A code the store no longer has falls
 * back to the store's default currency, so a session outliving a settings change still gets answers.
 */
export function createMoneyPresenter(settings: StoreSettings, code: string): MoneyPresenter {
  const currency = findCurrency(settings.currencies, code) ?? currencyOf(settings, settings.currency);
  return presenter(currency, settings.roundingMode, (from) => currencyOf(settings, from));
}

/** The presenters made for each store's settings, by the code of a currency the store has. */
const presenters = new WeakMap<StoreSettings, Map<string, MoneyPresenter>>();

/**
 * The {@link createMoneyPresenter} of `settings` and `code`, made once per store settings and currency: a
 * presenter holds nothing but what those say, and every request of a session asks for one. A code the store does
 * not have gets a fresh one each time (so no table grows with what sessions say).
 */
export function moneyPresenterOf(settings: StoreSettings, code: string): MoneyPresenter {
  let known = presenters.get(settings);
  if (known === undefined) {
    known = new Map();
    presenters.set(settings, known);
  }
  const cached = known.get(code);
  if (cached !== undefined) return cached;
  const made = createMoneyPresenter(settings, code);
  if (findCurrency(settings.currencies, code) !== undefined) known.set(code, made);
  return made;
}

/**
 * A {@link MoneyPresenter} for an order: in the order's own currency at the rate it was confirmed with, whatever
 * the rate is now. The order's amounts are in the currency the store stored them in (its default at the time),
 * and the order's `currencyValue` is the rate from that currency, so each amount is multiplied by that rate
 * exactly. A currency the store no longer has is shown with two decimals and its code after the number.
 */
export function createOrderMoneyPresenter(
  settings: StoreSettings,
  order: Pick<OrderRecord, 'currencyCode' | 'currencyValue'>,
): MoneyPresenter {
  const code = order.currencyCode;
  const known = findCurrency(settings.currencies, code);
  const shown: Currency = known ?? {
    code,
    title: code,
    symbolLeft: '',
    symbolRight: ` ${code}`,
    decimalPlaces: 2,
    value: order.currencyValue,
  };
  const currency = { ...shown, value: order.currencyValue };
  // The stored amounts are the base the rate was taken against: that currency's rate is 1 by definition.
  return presenter(currency, settings.roundingMode, (from) => ({ ...currency, code: from, value: '1' }));
}
