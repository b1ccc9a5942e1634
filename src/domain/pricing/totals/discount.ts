/**
 * Taking a discount off the totals (the coupon and reward steps): one negative line, the running total lowered,
 * and the percentage taxes on what was discounted taken back out of the taxes (OpenCart's `total/coupon` and
 * `total/reward`), with the amounts kept exact.
 * @module
 */
import { isPositive, isZero, type Money, negate, subtract, sum, zero } from '../../../money/index.js';
import type { TaxAmount, TotalsContext, TotalsState } from './calculator.js';
import { addTaxes } from './shipping.js';
import { spread } from './spread.js';

/** A share of a discount taken off one taxed amount: a cart line's total, or the shipping cost. */
export interface DiscountPart {
  /** How much comes off, in the default currency; only positive parts count. */
  readonly amount: Money;
  /** The tax class of what is discounted; 0 for untaxed. */
  readonly taxClassId: number;
}

/** What the discount line is called and where it sorts. */
export interface DiscountLine {
  readonly code: string;
  readonly title: string;
  readonly sortOrder: number;
}

/**
 * The percentage (`P`) taxes on `amount` of a tax class, leaving the fixed (`F`) ones out: a discount lowers the
 * taxable amount, while a fixed rate is owed per unit sold whatever its price. `TaxAmount` does not say which
 * kind a rate is, but `taxesOn` is affine in the amount (`P` scales with it, `F` does not), so the taxes on zero
 * are exactly the fixed part, and the difference is exactly the percentage part. Rates that come to zero are
 * left out.
 */
export function percentTaxesOn(
  context: Pick<TotalsContext, 'taxesOn'>,
  amount: Money,
  taxClassId: number,
): TaxAmount[] {
  const fixed = new Map(
    context.taxesOn(zero(amount.currency), taxClassId, 1).map((tax) => [tax.taxRateId, tax.amount]),
  );
  return context
    .taxesOn(amount, taxClassId, 1)
    .map((tax) => ({
      ...tax,
      amount: subtract(tax.amount, fixed.get(tax.taxRateId) ?? zero(amount.currency)),
    }))
    .filter((tax) => !isZero(tax.amount));
}

/**
 * The parts scaled down to add up to `cap` exactly, in proportion: a discount larger than the running total takes
 * the total to zero, and each part (so each line's tax) shrinks by the same ratio, so the taxes removed always
 * match the discount actually given. OpenCart instead caps the line but keeps the taxes of the whole discount.
 */
function capParts(parts: readonly DiscountPart[], cap: Money): DiscountPart[] {
  const shares = spread(
    cap,
    parts.map((part) => part.amount),
  );
  return parts.map((part, i) => ({ taxClassId: part.taxClassId, amount: shares[i] ?? zero(cap.currency) }));
}

/**
 * Adds `line` worth minus the sum of the positive `parts`, capped at the running total (never below zero), and
 * removes from the taxes the percentage taxes on each part. Nothing changes when there is nothing to discount or
 * the running total is not positive (OpenCart appends a discount line only when it is above zero).
 */
export function applyDiscount(
  state: TotalsState,
  context: Pick<TotalsContext, 'taxesOn'>,
  line: DiscountLine,
  parts: readonly DiscountPart[],
): TotalsState {
  const currency = state.total.currency;
  const positive = parts.filter((part) => isPositive(part.amount));
  const wanted = sum(
    positive.map((part) => part.amount),
    currency,
  );
  if (!isPositive(wanted) || !isPositive(state.total)) return state;
  const given = isPositive(subtract(wanted, state.total)) ? capParts(positive, state.total) : positive;
  const value = sum(
    given.map((part) => part.amount),
    currency,
  );
  const removed = given
    .flatMap((part) => percentTaxesOn(context, part.amount, part.taxClassId))
    .map((tax) => ({ ...tax, amount: negate(tax.amount) }));
  return {
    lines: [...state.lines, { ...line, value: negate(value) }],
    taxes: addTaxes(state.taxes, removed),
    total: subtract(state.total, value),
  };
}
