/**
 * The money rules a provider applies to a capture or a refund, for the providers cartwright ships (the offline
 * methods, the test card provider): what may be taken or given back, and the payment afterwards.
 * @module
 */
import { add, compare, isPositive, type Money, subtract } from '../../money/index.js';
import type { ProviderPayment } from './truth.js';

/** A refusal as a provider answers it. */
export interface ProviderRuleRefusal {
  readonly code: 'amount' | 'state';
  readonly reason: string;
}

/** Why `amount` cannot be moved against `limit`, or undefined when it can. */
function amountRefusal(amount: Money, limit: Money, what: string): ProviderRuleRefusal | undefined {
  if (amount.currency !== limit.currency) {
    return { code: 'amount', reason: `${what} in ${amount.currency} of a payment in ${limit.currency}` };
  }
  if (!isPositive(amount)) return { code: 'amount', reason: `${what} must be more than zero` };
  if (compare(amount, limit) > 0)
    return { code: 'amount', reason: `${what} of more than the ${limit.amount} left` };
  return undefined;
}

/**
 * The payment after capturing `amount`, or why not: only an authorized payment (or, when `pendingCaptures`, a
 * pending one: an offline payment the merchant marks received) is captured, of more than zero and at most its
 * amount.
 */
export function capturedPayment(
  payment: ProviderPayment,
  amount: Money,
  pendingCaptures = false,
): ProviderPayment | ProviderRuleRefusal {
  const capturable = payment.status === 'authorized' || (pendingCaptures && payment.status === 'pending');
  if (!capturable) return { code: 'state', reason: `a ${payment.status} payment cannot be captured` };
  return (
    amountRefusal(amount, payment.amount, 'a capture') ?? { ...payment, status: 'captured', captured: amount }
  );
}

/** The payment after a void, or why not: only a payment whose money is not taken is voided. */
export function voidedPayment(payment: ProviderPayment): ProviderPayment | ProviderRuleRefusal {
  const open =
    payment.status === 'pending' || payment.status === 'requires_action' || payment.status === 'authorized';
  if (!open) return { code: 'state', reason: `a ${payment.status} payment cannot be voided` };
  return { ...payment, status: 'voided', action: null };
}

/**
 * The payment after refunding `amount`, or why not: only a captured payment is refunded, of more than zero and
 * at most what is captured and not yet refunded; `refunded` when that gives back everything.
 */
export function refundedPayment(
  payment: ProviderPayment,
  amount: Money,
): ProviderPayment | ProviderRuleRefusal {
  if (payment.status !== 'captured' && payment.status !== 'partially_refunded') {
    return { code: 'state', reason: `a ${payment.status} payment cannot be refunded` };
  }
  const left = subtract(payment.captured, payment.refunded);
  const refusal = amountRefusal(amount, left, 'a refund');
  if (refusal !== undefined) return refusal;
  const refunded = add(payment.refunded, amount);
  const status = compare(amount, left) === 0 ? 'refunded' : 'partially_refunded';
  return { ...payment, status, refunded };
}

/** True when a rule answered a refusal rather than a payment. */
export function isRuleRefusal(answer: ProviderPayment | ProviderRuleRefusal): answer is ProviderRuleRefusal {
  return 'code' in answer;
}
