/**
 * The Stripe payment provider: PaymentIntents with manual capture, through the host's official SDK client.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import type { Clock } from '../../ports/clock.js';
import type { PaymentProvider, ProviderAnswer } from '../../ports/payment-provider.js';
import { toStripeAmount } from './amounts.js';
import type { StripeCreateParams, StripeLike, StripePaymentIntentLike } from './client.js';
import { answerOfError } from './errors.js';
import { paymentOf } from './payment-intent.js';
import { verifyStripeWebhook } from './webhook.js';

/** Options of {@link createStripeProvider}. */
export interface StripeProviderOptions {
  /**
   * The host's client of the official SDK: `new Stripe(secretKey, { timeout: 20_000 })`. Keep the SDK's
   * network retries (they resend with the same idempotency key, which is safe).
   */
  readonly stripe: StripeLike;
  /** The webhook endpoint's signing secret (`whsec_…`), used as Stripe gives it. */
  readonly webhookSecret: string;
  /** The payment method code it serves; default `stripe`. */
  readonly code?: string | undefined;
  /** How old a webhook's signature may be, in seconds (1 or more); default 300, as Stripe's libraries. */
  readonly toleranceSeconds?: number | undefined;
  /** The time webhooks are checked against; default the system clock. */
  readonly clock?: Clock | undefined;
}

/** The PaymentIntent with its charge expanded, so that refunds read back. */
const EXPAND = { expand: ['latest_charge'] };

/** `done` with the PaymentIntent's payment, or the answer of the SDK's rejection. */
async function call(what: string, work: () => Promise<StripePaymentIntentLike>): Promise<ProviderAnswer> {
  try {
    return { outcome: 'done', payment: paymentOf(await work()) };
  } catch (error) {
    return answerOfError(error, what);
  }
}

/** The refusal of an amount Stripe cannot take exactly. */
const inexact = (reason: string): ProviderAnswer => ({ outcome: 'refused', code: 'amount', reason });

/**
 * A {@link PaymentProvider} over Stripe PaymentIntents with manual capture.
 *
 * - `authorize` creates and confirms a PaymentIntent (`capture_method: manual`, card payment methods) for the
 *   customer's PaymentMethod (`payment_token`), with the order's id and attempt in its metadata and the return
 *   URL for 3-D Secure: `requires_capture` is authorized, a `redirect_to_url` next action is requires_action,
 *   and a declined card a failed payment with Stripe's decline code.
 * - `capture` (`amount_to_capture`), `void` (cancel) and `refund` (a Refund of the PaymentIntent) carry the
 *   idempotency keys they are given, so retries never move money twice; `retrieve` reads the PaymentIntent with
 *   its charge (for what was refunded).
 * - Amounts go in the currency's smallest unit by Stripe's rules: zero-decimal currencies (JPY, KRW, …) in whole
 *   units, three-decimal ones (BHD, JOD, KWD, OMR, TND) in thousandths ending in 0, ISK in hundredths of whole
 *   krónur. An amount Stripe cannot take exactly is refused (code `amount`) before anything is sent.
 * - Webhooks are verified by the SDK's own `constructEventAsync` on the raw body.
 * - A call the SDK could not finish (no connection, a timeout, Stripe's 5xx, a rate limit) answers `unknown`.
 *
 * @throws CartwrightInvariantError for an empty webhook secret or a tolerance below 1 second.
 * @example
 * ```ts
 * import Stripe from 'stripe';
 * import { createStripeProvider } from 'cartwright/adapters/stripe';
 *
 * const stripe = new Stripe(process.env.STRIPE_SECRET_KEY ?? '', { timeout: 20_000 });
 * const provider = createStripeProvider({ stripe, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? '' });
 * ```
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { stripe, webhookSecret } = options;
  const code = options.code ?? 'stripe';
  const tolerance = options.toleranceSeconds ?? 300;
  if (typeof webhookSecret !== 'string' || webhookSecret === '') {
    throw new CartwrightInvariantError('stripe provider: webhookSecret is required');
  }
  // Stripe's libraries read a tolerance of 0 as "no check at all": never allowed here.
  if (!Number.isSafeInteger(tolerance) || tolerance < 1) {
    throw new CartwrightInvariantError(
      'stripe provider: toleranceSeconds must be a whole number of seconds, 1 or more',
    );
  }
  const now = () => (options.clock ?? { now: () => new Date() }).now().getTime();
  return {
    code,
    async authorize(request) {
      const amount = toStripeAmount(request.amount);
      if ('refused' in amount) return inexact(amount.refused);
      if (request.token === null)
        return { outcome: 'refused', code: 'invalid', reason: 'a card payment needs a payment_token' };
      const params: StripeCreateParams = {
        ...amount,
        capture_method: 'manual',
        confirm: true,
        payment_method: request.token,
        payment_method_types: ['card'],
        description: request.description,
        metadata: { order_id: String(request.orderId), attempt: String(request.attempt) },
        ...(request.returnUrl === null ? {} : { return_url: request.returnUrl }),
      };
      return call('authorize', () =>
        stripe.paymentIntents.create(params, { idempotencyKey: request.idempotencyKey }),
      );
    },
    async capture({ payment, amount, idempotencyKey }) {
      const units = toStripeAmount(amount);
      if ('refused' in units) return inexact(units.refused);
      return call('capture', () =>
        stripe.paymentIntents.capture(
          payment.reference,
          { amount_to_capture: units.amount, ...EXPAND },
          { idempotencyKey },
        ),
      );
    },
    async void({ payment, idempotencyKey }) {
      return call('void', () => stripe.paymentIntents.cancel(payment.reference, EXPAND, { idempotencyKey }));
    },
    async refund({ payment, amount, idempotencyKey }) {
      const units = toStripeAmount(amount);
      if ('refused' in units) return inexact(units.refused);
      try {
        await stripe.refunds.create(
          { payment_intent: payment.reference, amount: units.amount },
          { idempotencyKey },
        );
      } catch (error) {
        return answerOfError(error, 'refund');
      }
      return call('refund', () => stripe.paymentIntents.retrieve(payment.reference, EXPAND));
    },
    async retrieve({ payment }) {
      return call('retrieve', () => stripe.paymentIntents.retrieve(payment.reference, EXPAND));
    },
    verifyWebhook(request) {
      return verifyStripeWebhook(stripe, request, webhookSecret, tolerance, now());
    },
  };
}
