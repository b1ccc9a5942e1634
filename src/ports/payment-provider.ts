/**
 * The payment provider port.
 * @module
 */
import type { ProviderPayment } from '../domain/payment/index.js';
import type { Money } from '../money/index.js';

export type { PaymentAction, PaymentStatus, ProviderPayment } from '../domain/payment/index.js';

/** Asks the provider to authorize an order's payment. */
export interface AuthorizeRequest {
  readonly orderId: number;
  /** The payment's attempt (1, 2, …). */
  readonly attempt: number;
  /** The order's total, exact: a provider that cannot take it exactly refuses, never rounds. */
  readonly amount: Money;
  /**
   * The customer's payment instrument as the provider's opaque reference (`payment_token`: a Stripe
   * PaymentMethod id, a test card token); null for the offline methods. Card numbers never pass through here.
   */
  readonly token: string | null;
  /** Where the provider sends the customer back after an action (a 3-D Secure challenge); null for none. */
  readonly returnUrl: string | null;
  /** Made by `paymentIdempotencyKey` from the order, the attempt and `authorize`. */
  readonly idempotencyKey: string;
  /** A short text for the provider's records (`Order 42`). */
  readonly description: string;
}

/** A call about a payment the provider has made: what cartwright knows of it, reference first. */
export interface PaymentCall {
  /** The payment as last recorded: the provider finds it by `reference`; an offline provider answers from it. */
  readonly payment: ProviderPayment;
}

/** Takes `amount` (at most what is authorized) of an authorized payment. */
export interface CaptureRequest extends PaymentCall {
  readonly amount: Money;
  readonly idempotencyKey: string;
}

/** Cancels a payment before its money is taken, releasing the authorization. */
export interface VoidRequest extends PaymentCall {
  readonly idempotencyKey: string;
}

/** Gives back `amount` (at most what is captured and not yet refunded) of a captured payment. */
export interface RefundRequest extends PaymentCall {
  readonly amount: Money;
  /** The refund's number within the payment (1, 2, …), which its idempotency key carries too. */
  readonly refund: number;
  readonly idempotencyKey: string;
}

/** Asks for the provider's current truth about a payment. */
export type RetrieveRequest = PaymentCall;

/** Why a provider refused a call. */
export type ProviderRefusalCode =
  /** The amount cannot be taken exactly in its currency, or is more than is left. */
  | 'amount'
  /** The payment is not in a state that allows the call (capturing a voided payment). */
  | 'state'
  /** The provider knows no such payment. */
  | 'not_found'
  /** The request itself is wrong: an unknown or unusable token, a currency the provider does not take. */
  | 'invalid';

/**
 * What a provider call did.
 *
 * - `done`: the provider answered; `payment` is its truth afterwards (a declined card is `done` with a `failed`
 *   payment: the provider made the payment and refused it).
 * - `refused`: the provider would not do it, and nothing changed there.
 * - `unknown`: no answer in time, or the connection failed: the call may or may not have happened. Never treat
 *   it as a refusal: ask `retrieve` (or repeat the call with the same idempotency key) before deciding anything.
 */
export type ProviderAnswer =
  | { readonly outcome: 'done'; readonly payment: ProviderPayment }
  | { readonly outcome: 'refused'; readonly code: ProviderRefusalCode; readonly reason: string }
  | { readonly outcome: 'unknown'; readonly reason: string };

/** A provider's notification, verified: which payment it concerns. Its claims are not trusted: `retrieve` is. */
export interface ProviderEvent {
  /** The provider's event id (deliveries repeat: the same id is the same event). */
  readonly id: string;
  /** The provider's own event type (`payment_intent.succeeded`, …). */
  readonly type: string;
  /** The payment it concerns, or null when it concerns none (an event type the provider sends for other things). */
  readonly reference: string | null;
  /** The order the payment was made for, when the provider keeps it with the payment (Stripe's metadata). */
  readonly orderId: number | null;
}

/** What {@link PaymentProvider.verifyWebhook} decided. */
export type WebhookVerdict =
  | { readonly verified: true; readonly event: ProviderEvent }
  | { readonly verified: false; readonly reason: string };

/**
 * One payment provider, registered for a payment method code: a card gateway (the Stripe adapter, the test card
 * provider) or an offline method (cash on delivery, free checkout, cheque, bank transfer).
 *
 * Contract (`describePaymentProviderContract` in `cartwright/testing` checks every point):
 * - No call rejects for a business outcome: a declined card is `done` with a `failed` payment, a capture of a
 *   voided payment is `refused`. A call whose outcome the provider cannot tell (no answer in time, a broken
 *   connection) answers `unknown`, never `refused`; rejecting counts as `unknown` too.
 * - The same idempotency key with the same request answers the same payment and changes money once: a retried
 *   `authorize` never authorizes twice, a retried `capture` never captures twice, and a retried refund gives back
 *   once. Refunds with different numbers are different refunds, even of the same amount.
 * - An amount the provider cannot take exactly in its currency is `refused` with code `amount`, never rounded.
 * - `capture` takes at most the authorized amount, `refund` at most what is captured and not yet refunded; a
 *   call the payment's state does not allow is `refused` with code `state`.
 * - `retrieve` answers the truth after every call: the status, and how much is captured and refunded.
 * - `verifyWebhook` reads the raw body and verifies the provider's signature before trusting anything in it: a
 *   missing, wrong or stale signature, or a body changed after signing, is refused, and so is any request from
 *   a provider that sends no webhooks.
 * - The statuses answered are the payment table's: `authorized` for money reserved, `captured` once taken, and
 *   so on (see `PaymentStatus`).
 */
export interface PaymentProvider {
  /** The payment method code it serves (`cod`, `test_card`, `stripe`). */
  readonly code: string;
  /** Authorizes the order's payment: `authorized` at once, `requires_action`, `pending`, or `failed`. */
  authorize(request: AuthorizeRequest): Promise<ProviderAnswer>;
  /** Takes money of an authorized payment. */
  capture(request: CaptureRequest): Promise<ProviderAnswer>;
  /** Cancels a payment whose money is not taken. */
  void(request: VoidRequest): Promise<ProviderAnswer>;
  /** Gives back all or part of a captured payment. */
  refund(request: RefundRequest): Promise<ProviderAnswer>;
  /** The provider's current truth about a payment. */
  retrieve(request: RetrieveRequest): Promise<ProviderAnswer>;
  /** A webhook request verified by the provider's signature, or refused. */
  verifyWebhook(request: Request): Promise<WebhookVerdict>;
}

/**
 * The payment providers of a checkout, by payment method code (`createPaymentProviders` in
 * `cartwright/extensions` makes one: the offline methods by default, the host's own beside them, each with its
 * deadline).
 */
export interface PaymentProviders {
  /** The provider of a payment method code, or undefined. */
  get(code: string): PaymentProvider | undefined;
  /**
   * The provider whose payment confirm opens for an order paid with `code` (a card method: authorized at
   * confirm, perhaps after the customer acts), or undefined: the order is placed as OpenCart places it, and its
   * answer stays OpenCart's.
   */
  atConfirm(code: string): PaymentProvider | undefined;
}
