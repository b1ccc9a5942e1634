/**
 * The `shipping` line: the chosen quote's cost, titled with its name (OpenCart's `total/shipping`). Tax on the
 * cost by the quote's tax class is added to the taxes.
 * @module
 */
import { add } from '../../../money/index.js';
import { sumTaxes } from '../tax.js';
import type { TaxAmount, TotalCalculator, TotalsState } from './calculator.js';

/** Adds tax amounts to the running taxes by rate id. */
export function addTaxes(taxes: TotalsState['taxes'], amounts: readonly TaxAmount[]): TotalsState['taxes'] {
  return sumTaxes([Object.values(taxes), amounts]);
}

/** Adds the chosen shipping quote, sort order 3; nothing when no method is chosen. */
export const shippingCalculator: TotalCalculator = {
  code: 'shipping',
  sortOrder: 3,
  apply(state, context) {
    const quote = context.shippingMethod;
    if (quote === null) return state;
    const line = { code: 'shipping', title: quote.name, value: quote.cost, sortOrder: 3 };
    return {
      lines: [...state.lines, line],
      taxes: addTaxes(state.taxes, context.taxesOn(quote.cost, quote.taxClassId, 1)),
      total: add(state.total, quote.cost),
    };
  },
};
