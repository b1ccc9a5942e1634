/**
 * The cost of each stored shipping quote as the customer reads it: with its taxes when prices are shown with
 * tax (OpenCart's `shipping_method` list).
 * @module
 */
import { add, type Money, sum } from '../../money/index.js';
import type { TaxFacts } from '../machine/facts.js';
import type { CheckoutSession } from '../machine/session.js';
import type { StoreSettings } from '../settings/settings.js';
import { taxRatesOf } from './checkout.js';

/** Each quote's shown cost, by quote code, for the quotes the session stores. */
export function shownShippingCosts(
  session: CheckoutSession,
  tax: TaxFacts,
  settings: StoreSettings,
): Readonly<Record<string, Money>> {
  const rates = settings.tax ? taxRatesOf(session, { tax }, settings) : undefined;
  const costs: Record<string, Money> = {};
  for (const group of Object.values(session.shippingMethods ?? {})) {
    for (const quote of Object.values(group.quote)) {
      const taxes =
        rates === undefined ? [] : rates.taxesOn(quote.cost, quote.taxClassId, 1).map((t) => t.amount);
      costs[quote.code] = add(quote.cost, sum(taxes, quote.cost.currency));
    }
  }
  return costs;
}
