/**
 * The cost of each stored shipping quote as the customer reads it: with its taxes when prices are shown with
 * tax (OpenCart's `shipping_method` list).
 * @module
 */
import { add, type Money, sum } from '../../money/index.js';
import type { CheckoutSession } from '../machine/session.js';
import type { StoreSettings } from '../settings/settings.js';
import type { TaxRateSet } from './tax.js';

/**
 * Each quote's shown cost, by quote code, for the quotes the session stores; `ratesOf` gives the session's tax
 * rule, asked only when prices are shown with tax.
 */
export function shownShippingCosts(
  session: CheckoutSession,
  settings: StoreSettings,
  ratesOf: () => TaxRateSet,
): Readonly<Record<string, Money>> {
  const rates = settings.tax ? ratesOf() : undefined;
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
