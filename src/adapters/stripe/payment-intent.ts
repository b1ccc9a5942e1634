/**
 * A Stripe PaymentIntent in cartwright's words: its status in the payment table, its money, its action.
 * @module
 */
import type { PaymentAction, PaymentStatus, ProviderPayment } from '../../domain/payment/index.js';
import { compare, isPositive, type Money } from '../../money/index.js';
import { fromStripeAmount } from './amounts.js';
import type { StripePaymentIntentLike } from './client.js';

/** Stripe's reasons for cancelling a PaymentIntent itself: the authorization lapsed. */
const LAPSED = new Set(['automatic', 'expired']);

/** The redirect a PaymentIntent asks the customer to follow, or null. */
export function redirectOf(intent: StripePaymentIntentLike): PaymentAction | null {
  const url = intent.next_action?.type === 'redirect_to_url' ? intent.next_action.redirect_to_url?.url : null;
  return typeof url === 'string' && url !== '' ? { type: 'redirect', url } : null;
}

/** The refunded amount of the PaymentIntent's charge (expanded), zero when there is none. */
function refundedOf(intent: StripePaymentIntentLike): number {
  const charge = intent.latest_charge;
  return charge !== null && typeof charge === 'object' ? charge.amount_refunded : 0;
}

/** The status after a capture: captured, or refunded in part or in full. */
function capturedStatus(captured: Money, refunded: Money): PaymentStatus {
  if (!isPositive(refunded)) return 'captured';
  return compare(refunded, captured) >= 0 ? 'refunded' : 'partially_refunded';
}

/**
 * The payment status of a PaymentIntent (manual capture): `requires_capture` is authorized, `succeeded`
 * captured (or refunded), `canceled` voided (expired when Stripe cancelled a lapsed authorization), a payment
 * method refused (`requires_payment_method` with an error) failed, and the rest still pending.
 */
function statusOf(intent: StripePaymentIntentLike, captured: Money, refunded: Money): PaymentStatus {
  switch (intent.status) {
    case 'requires_capture':
      return 'authorized';
    case 'succeeded':
      return capturedStatus(captured, refunded);
    case 'canceled':
      return LAPSED.has(intent.cancellation_reason ?? '') ? 'expired' : 'voided';
    case 'requires_action':
      return redirectOf(intent) === null ? 'pending' : 'requires_action';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

/** The PaymentIntent as the provider's truth. */
export function paymentOf(intent: StripePaymentIntentLike): ProviderPayment {
  const zero = fromStripeAmount(0, intent.currency);
  const captured =
    intent.status === 'succeeded' ? fromStripeAmount(intent.amount_received, intent.currency) : zero;
  const refunded = fromStripeAmount(refundedOf(intent), intent.currency);
  const status = statusOf(intent, captured, refunded);
  const error = intent.last_payment_error;
  return {
    reference: intent.id,
    status,
    amount: fromStripeAmount(intent.amount, intent.currency),
    captured,
    refunded,
    action: status === 'requires_action' ? redirectOf(intent) : null,
    failure: status === 'failed' ? (error?.decline_code ?? error?.code ?? error?.message ?? 'failed') : null,
  };
}
