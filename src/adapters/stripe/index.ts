/**
 * `cartwright/adapters/stripe`: a payment provider over Stripe PaymentIntents with manual capture, using the
 * host's client of the official `stripe` SDK (an optional peer dependency: install it to use this entry).
 * @module
 */
export { fromStripeAmount, stripeExponent, toStripeAmount } from './amounts.js';
export type {
  StripeCaptureParams,
  StripeChargeLike,
  StripeCreateParams,
  StripeEventLike,
  StripeExpandParams,
  StripeLike,
  StripePaymentIntentLike,
  StripeRefundParams,
  StripeRequestOptions,
} from './client.js';
export { createStripeProvider, type StripeProviderOptions } from './provider.js';
export { STRIPE_SIGNATURE_HEADER } from './webhook.js';
