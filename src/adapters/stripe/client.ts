/**
 * The part of the official `stripe` SDK the adapter uses, as structural types: the host passes its own
 * `new Stripe(key, …)`, and nothing of the SDK is imported (it is an optional peer dependency).
 * @module
 */

/** Per-request options: the adapter sends every money call with its idempotency key. */
export interface StripeRequestOptions {
  readonly idempotencyKey?: string;
}

/** A charge, as a PaymentIntent's expanded `latest_charge` reads. */
export interface StripeChargeLike {
  readonly id: string;
  readonly amount_refunded: number;
}

/** The fields of a PaymentIntent the adapter reads. */
export interface StripePaymentIntentLike {
  readonly id: string;
  readonly status: string;
  /** In the currency's smallest unit. */
  readonly amount: number;
  /** Lower-case ISO code. */
  readonly currency: string;
  readonly amount_received: number;
  readonly next_action: {
    readonly type: string;
    readonly redirect_to_url?: { readonly url: string | null } | undefined;
  } | null;
  readonly last_payment_error?:
    | {
        readonly code?: string | undefined;
        readonly decline_code?: string | undefined;
        readonly message?: string | undefined;
      }
    | null
    | undefined;
  readonly cancellation_reason: string | null;
  readonly latest_charge: string | StripeChargeLike | null;
  readonly metadata: Readonly<Record<string, string>>;
}

/** A Stripe event as `webhooks.constructEventAsync` answers it. */
export interface StripeEventLike {
  readonly id: string;
  readonly type: string;
  readonly data: { readonly object: unknown };
}

/** What the adapter sends to create and confirm a PaymentIntent. */
export interface StripeCreateParams {
  readonly amount: number;
  readonly currency: string;
  readonly capture_method: 'manual';
  readonly confirm: boolean;
  readonly payment_method: string;
  readonly payment_method_types: string[];
  readonly description: string;
  readonly metadata: Record<string, string>;
  readonly return_url?: string;
}

/** What the adapter sends with a capture. */
export interface StripeCaptureParams {
  readonly amount_to_capture: number;
  readonly expand?: string[];
}

/** What the adapter sends with a cancel or a retrieve. */
export interface StripeExpandParams {
  readonly expand?: string[];
}

/** What the adapter sends to create a refund. */
export interface StripeRefundParams {
  readonly payment_intent: string;
  readonly amount: number;
}

/**
 * The SDK client the adapter needs: PaymentIntents, refunds and webhook verification. A `Stripe` instance of the
 * official SDK (`import Stripe from 'stripe'; new Stripe(key)`) satisfies it.
 */
export interface StripeLike {
  readonly paymentIntents: {
    /** Creates (and, with `confirm`, confirms) a PaymentIntent. */
    create(params: StripeCreateParams, options?: StripeRequestOptions): Promise<StripePaymentIntentLike>;
    /** Captures an authorized PaymentIntent. */
    capture(
      id: string,
      params?: StripeCaptureParams,
      options?: StripeRequestOptions,
    ): Promise<StripePaymentIntentLike>;
    /** Cancels a PaymentIntent whose money is not taken. */
    cancel(
      id: string,
      params?: StripeExpandParams,
      options?: StripeRequestOptions,
    ): Promise<StripePaymentIntentLike>;
    /** Reads a PaymentIntent. */
    retrieve(
      id: string,
      params?: StripeExpandParams,
      options?: StripeRequestOptions,
    ): Promise<StripePaymentIntentLike>;
  };
  readonly refunds: {
    /** Refunds all or part of a PaymentIntent's charge. */
    create(params: StripeRefundParams, options?: StripeRequestOptions): Promise<{ readonly id: string }>;
  };
  readonly webhooks: {
    /** Verifies a webhook's signature on its raw body and parses it (Web Crypto or Node's). */
    constructEventAsync(
      payload: string,
      header: string,
      secret: string,
      tolerance?: number,
      cryptoProvider?: undefined,
      receivedAt?: number,
    ): Promise<StripeEventLike>;
  };
}
