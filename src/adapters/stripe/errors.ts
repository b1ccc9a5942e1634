/**
 * What a rejected SDK call means for the payment: a refusal Stripe made (nothing changed there), a declined
 * card (a failed payment), or no answer (unknown: it may have happened).
 * @module
 */
import type { ProviderAnswer, ProviderRefusalCode } from '../../ports/payment-provider.js';
import type { StripePaymentIntentLike } from './client.js';
import { paymentOf } from './payment-intent.js';

/** The fields of a stripe-node error the adapter reads. */
interface StripeErrorLike {
  readonly type?: unknown;
  readonly statusCode?: unknown;
  readonly code?: unknown;
  readonly param?: unknown;
  readonly message?: unknown;
  readonly raw?: { readonly payment_intent?: StripePaymentIntentLike | undefined } | undefined;
}

/** Codes of invalid requests that say the payment is in the wrong state for the call. */
const STATE_CODES = new Set([
  'payment_intent_unexpected_state',
  'charge_already_refunded',
  'charge_already_captured',
  'charge_not_refundable',
  'charge_expired_for_capture',
]);

/** Parameters whose refusal is about the amount. */
const AMOUNT_PARAMS = new Set(['amount', 'amount_to_capture']);

/** The refusal code of an invalid request. */
function invalidCode(error: StripeErrorLike): ProviderRefusalCode {
  if (error.code === 'resource_missing') return 'not_found';
  if (typeof error.code === 'string' && STATE_CODES.has(error.code)) return 'state';
  if (typeof error.param === 'string' && AMOUNT_PARAMS.has(error.param)) return 'amount';
  if (error.code === 'amount_too_large' || error.code === 'amount_too_small') return 'amount';
  return 'invalid';
}

/**
 * The answer of a call that rejected with `error`. A card error carrying its PaymentIntent (a decline) is that
 * payment, failed; an invalid request, an idempotency or an authentication error is a refusal; anything else
 * (no connection, a timeout, Stripe's own 5xx, a rate limit, a request still in flight under the same key) is
 * unknown: Stripe may have acted, and the same key replays safely.
 */
export function answerOfError(error: unknown, what: string): ProviderAnswer {
  const e = (typeof error === 'object' && error !== null ? error : {}) as StripeErrorLike;
  const message = `${what}: ${typeof e.message === 'string' ? e.message : String(error)}`;
  // Another request with the same key is still running, or a lock timed out: it may yet happen.
  if (e.statusCode === 409 || e.code === 'idempotency_key_in_use' || e.code === 'lock_timeout') {
    return { outcome: 'unknown', reason: message };
  }
  switch (e.type) {
    case 'StripeCardError': {
      const intent = e.raw?.payment_intent;
      return intent === undefined
        ? { outcome: 'refused', code: 'invalid', reason: message }
        : { outcome: 'done', payment: paymentOf(intent) };
    }
    case 'StripeInvalidRequestError':
      return { outcome: 'refused', code: invalidCode(e), reason: message };
    case 'StripeIdempotencyError':
    case 'StripeAuthenticationError':
    case 'StripePermissionError':
      return { outcome: 'refused', code: 'invalid', reason: message };
    default:
      return { outcome: 'unknown', reason: message };
  }
}
