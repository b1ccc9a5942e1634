/**
 * The offers of the method steps in OpenCart's shapes: shipping quote groups (OpenCart's Shipping quote groups) and
 * payment method entries (OpenCart's Payment method entries), keyed by method code.
 * @module
 */
import type { PaymentMethodOffer } from '../domain/machine/session.js';
import type { QuotedShipping, ShippingMethodOffer } from '../operations/answers.js';
import type { MoneyPresenter } from './present-money.js';
import type { PaymentMethodJson, ShippingMethodJson, ShippingQuoteJson } from './wire/methods.js';

/** `entries` mapped value by value into a fresh object (insertion order kept). */
function mapValues<T, U>(entries: Readonly<Record<string, T>>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(entries).map(([key, value]) => [key, map(value)]));
}

/** One quote. */
function presentQuote(quote: QuotedShipping, money: MoneyPresenter): ShippingQuoteJson {
  return {
    code: quote.code,
    name: quote.name,
    cost: money.amount(quote.cost),
    tax_class_id: quote.taxClassId,
    text: money.text(quote.shownCost),
  };
}

/** The `shipping_methods` map. */
export function presentShippingMethods(
  offers: Readonly<Record<string, ShippingMethodOffer>>,
  money: MoneyPresenter,
): Record<string, ShippingMethodJson> {
  return mapValues(offers, (group) => ({
    code: group.code,
    name: group.title,
    title: group.title,
    quote: mapValues(group.quote, (quote) => presentQuote(quote, money)),
    sort_order: group.sortOrder,
    error: group.error,
  }));
}

/** The `payment_methods` map. */
export function presentPaymentMethods(
  offers: Readonly<Record<string, PaymentMethodOffer>>,
): Record<string, PaymentMethodJson> {
  return mapValues(offers, (method) => ({
    code: method.code,
    name: method.name,
    option: mapValues(method.option, (option) => ({ code: option.code, name: option.name })),
    sort_order: method.sortOrder,
  }));
}
