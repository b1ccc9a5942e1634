/**
 * The `tax` step (OpenCart's `total/tax`): one line per tax rate, titled with the rate's name, added to the
 * running total.
 *
 * Where the cart lines' taxes come from: OpenCart fills in the taxes with `cart.getTaxes()` before the first step;
 * here the pipeline starts from empty taxes and `sub_total` adds none, so this step adds them, once, just before
 * it emits the lines. The steps before it (shipping and fees adding their taxes, coupon and reward removing
 * theirs) only add signed amounts by rate, so when the cart lines' taxes join does not change the sums; a rate
 * may dip below zero meanwhile, which is harmless. Steps that read the taxes before this one see them without
 * the cart lines' share (no built-in step does).
 * @module
 */
import { add, isPositive, sum } from '../../../money/index.js';
import type { TaxAmount, TotalCalculator, TotalLine, TotalsContext, TotalsState } from './calculator.js';
import { lineGroups } from './line-groups.js';
import { addTaxes } from './shipping.js';

/**
 * The cart lines' taxes: each line's net unit price taxed for its quantity, `P` on the amount and `F` per unit
 * (OpenCart counts `F` once per line instead).
 */
export function lineTaxes(context: Pick<TotalsContext, 'lines' | 'taxesOn'>): TaxAmount[] {
  // By price and class: the tax on a price's units added up is the sum of each line's tax on its own units.
  return lineGroups(context.lines).flatMap((group) =>
    context.taxesOn(group.price, group.taxClassId, group.quantity),
  );
}

/**
 * One `tax` line per rate whose amount is above zero (a rate a discount took to zero or below shows nothing, as
 * in OpenCart), titled with the rate's name, in rate-id order.
 */
export function taxLines(taxes: TotalsState['taxes'], sortOrder: number): TotalLine[] {
  return Object.values(taxes)
    .filter((tax) => isPositive(tax.amount))
    .map((tax) => ({ code: 'tax', title: tax.name, value: tax.amount, sortOrder }));
}

/** Adds `lines` and their sum to the state, with `taxes` as its new taxes. */
function withTaxLines(
  state: TotalsState,
  taxes: TotalsState['taxes'],
  lines: readonly TotalLine[],
): TotalsState {
  const charged = sum(
    lines.map((line) => line.value),
    state.total.currency,
  );
  return { lines: [...state.lines, ...lines], taxes, total: add(state.total, charged) };
}

/** The `tax` step at `sortOrder`: adds the cart lines' taxes, then charges every rate above zero. */
export function createTaxCalculator(sortOrder: number): TotalCalculator {
  return {
    code: 'tax',
    sortOrder,
    apply(state, context) {
      const taxes = addTaxes(state.taxes, lineTaxes(context));
      return withTaxLines(state, taxes, taxLines(taxes, sortOrder));
    },
  };
}

/**
 * Charges the taxes a step adds after the `tax` step has run (a fee sorted after it): their own `tax` lines, and
 * their amounts in the taxes and the total, so nothing is left in the taxes that no line charges.
 */
export function chargeLateTaxes(
  state: TotalsState,
  amounts: readonly TaxAmount[],
  sortOrder: number,
): TotalsState {
  const own = addTaxes({}, amounts);
  return withTaxLines(state, addTaxes(state.taxes, amounts), taxLines(own, sortOrder));
}

/** The `tax` step at OpenCart's default sort order 5. */
export const taxCalculator: TotalCalculator = createTaxCalculator(5);
