/**
 * The `credit` step (OpenCart's `total/credit`): store credit taken off the running total, never below zero.
 * Opt-in: OpenCart spends any logged-in customer's balance unasked (and a guest using a customer's
 * e-mail spends theirs); here the step spends only what the host's {@link CreditSource} says the session's
 * logged-in customer chose to spend, and asks nothing for a guest.
 * @module
 */
import { isPositive, type Money, minimum, negate, subtract } from '../../../money/index.js';
import { messageText } from '../../messages.js';
import type { TotalCalculator, TotalsContext } from './calculator.js';

/** Whose credit the step asks about: the checkout session and the account logged in on it. */
export interface CreditHolder {
  readonly sessionId: string;
  /** The logged-in account (`TotalsContext.loggedInCustomerId`): the credit is this customer's. */
  readonly customerId: number;
}

/**
 * The store credit `holder` chose to spend in this checkout, in the default currency; null (or zero) for none.
 * The host records the choice when the customer asks for it (never unasked), capped at the balance
 * it read then, and answers it here. Called inside the pure totals pipeline, so it must answer synchronously
 * and the same way for the same session: keep the choices in memory (or in a cache filled before the engine
 * runs), keyed by `sessionId` and checked against `customerId` (a different account logged in did not choose).
 */
export type CreditSource = (holder: CreditHolder, context: TotalsContext) => Money | null;

/** The `credit` step at `sortOrder`: `Store Credit`, the chosen credit capped at the running total. */
export function createCreditCalculator(sortOrder: number, creditOf: CreditSource): TotalCalculator {
  return {
    code: 'credit',
    sortOrder,
    apply(state, context) {
      const customerId = context.loggedInCustomerId;
      // A guest has no account, so no credit; the source is not asked.
      if (customerId === null || !isPositive(state.total)) return state;
      const chosen = creditOf({ sessionId: context.sessionId, customerId }, context);
      if (chosen === null || !isPositive(chosen)) return state;
      const credit = minimum(chosen, state.total);
      const title = messageText(context.messages, 'total.credit');
      const line = { code: 'credit', title, value: negate(credit), sortOrder };
      return { ...state, lines: [...state.lines, line], total: subtract(state.total, credit) };
    },
  };
}
