/**
 * What the payment-provider contract suite needs from the host for one case.
 * @module
 */
import type { PaymentAction } from '../domain/payment/index.js';
import type { Money } from '../money/index.js';
import type { PaymentProvider } from '../ports/payment-provider.js';

/** How the provider's approved payment is asked for, and where it lands. */
export interface ApprovedPayment {
  /** The token that gets the payment approved (`pm_card_visa`, `tok_success`); null for a method that takes none. */
  readonly token: string | null;
  /**
   * Where an approved payment stands after `authorize`: `authorized`, or `pending` for a method paid later (a
   * cheque). The capture, void and refund cases run only on a provider that authorizes.
   */
  readonly status: 'authorized' | 'pending';
}

/** A token that needs the customer, and how to answer its action as the customer would. */
export interface ChallengeFixture {
  readonly token: string;
  /** Passes (`pass` true) or fails the action of the payment `reference`, as the customer would. */
  complete(reference: string, action: PaymentAction, pass: boolean): Promise<void>;
}

/** Webhooks as the provider's gateway sends them. */
export interface WebhookFixture {
  /**
   * A webhook request about the payment `reference`, signed as the gateway signs it: now, or `ageSeconds` ago;
   * with the gateway's secret, or (`wrongSecret`) with another.
   */
  signed(
    reference: string,
    options?: { readonly ageSeconds?: number; readonly wrongSecret?: boolean },
  ): Promise<Request>;
}

/** A payment provider under test, with what the suite needs to drive it. */
export interface PaymentProviderFixture {
  /** The provider under test, over a fresh gateway (or a test gateway of its own). */
  readonly provider: PaymentProvider;
  /** The currency to pay in; default `USD`. */
  readonly currency?: string;
  readonly approve: ApprovedPayment;
  /** A token the provider declines, when it takes tokens. */
  readonly decline?: string;
  /** A token that requires an action (3-D Secure), when the provider has them. */
  readonly challenge?: ChallengeFixture;
  /** The gateway's webhooks, when the provider has them: the suite checks what `verifyWebhook` accepts. */
  readonly webhooks?: WebhookFixture;
  /** An amount in `currency` the provider cannot take exactly (`19.995` for cents), when there is one. */
  readonly inexactAmount?: Money;
  /**
   * Optional: the provider over a gateway that does not answer (stalled or unreachable). The suite checks that a
   * call then answers `unknown` or rejects, never `done` or `refused`, within `deadlineMs`.
   */
  unreachable?(): Promise<PaymentProvider>;
  /** How long the unreachable provider may take to give up, in milliseconds; default 25,000. */
  readonly deadlineMs?: number;
  /** Releases the gateway's resources after the case (called once, pass or fail). */
  cleanup?(): Promise<void>;
}
