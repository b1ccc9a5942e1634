/**
 * The `credit` step (OpenCart's `total/credit`): store credit taken off the running total, never below zero.
 * Opt-in: OpenCart spends any logged-in customer's balance unasked (its bug 41, and a guest using a customer's
 * e-mail spends theirs, bug 8); here the step spends only what `creditOf` says the customer chose to spend.
 * The totals context carries no store credit, so the host (or the engine) supplies it.
 * @module
 */
import { isPositive, type Money, minimum, negate, subtract } from '../../money/index.js';
import type { TotalCalculator, TotalsContext } from '../../ports/total-calculator.js';
import { messageText } from '../messages.js';

/**
 * The store credit the session's customer chose to spend (at most their balance), in the default currency;
 * null (or zero) for none.
 */
export type CreditSource = (context: TotalsContext) => Money | null;

/** The `credit` step at `sortOrder`: `Store Credit`, the chosen credit capped at the running total. */
export function createCreditCalculator(sortOrder: number, creditOf: CreditSource): TotalCalculator {
  return {
    code: 'credit',
    sortOrder,
    apply(state, context) {
      const chosen = creditOf(context);
      if (chosen === null || !isPositive(chosen) || !isPositive(state.total)) return state;
      const credit = minimum(chosen, state.total);
      const title = messageText(context.messages, 'total.credit');
      const line = { code: 'credit', title, value: negate(credit), sortOrder };
      return { ...state, lines: [...state.lines, line], total: subtract(state.total, credit) };
    },
  };
}
