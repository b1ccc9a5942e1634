/**
 * The payment-method extension port.
 * @module
 */

import type { PaymentMethodOffer } from '../domain/machine/session.js';
import type { PaymentContext } from '../domain/methods/offers.js';

/** What the method may base its answer on (see the domain's definition). */
export type { PaymentContext };

/**
 * One payment method (cod, bank_transfer, cheque, free_checkout, or the host's own), registered by `code`: a
 * pure, synchronous rule over the facts, as a total calculator is. Taking the money is a `PaymentProvider`'s
 * job, asked while the engine performs a confirm's effects; a method only says whether it is on offer.
 *
 * Contract: `offer` answers the method with its options (`<code>.<option>`), or null when it does not apply; the
 * answer is plain data (the session stores it), the same for the same context (and gathered facts), which it
 * leaves as it was. It does no I/O: a method whose availability lives in a remote service reads it in `gather`,
 * which the engine asks while it gathers a command's facts; a failed service rejects from `gather` rather than
 * answering. `describePaymentMethodContract` in `cartwright/testing` checks every point. Because the answer is
 * the same for the same context, the engine keeps the offers of methods without `gather` and answers them again
 * while the context is the very same (the same priced cart and totals, address, geo zones and settings).
 *
 * @typeParam Gathered - what `gather` answers (nothing for a method without one).
 */
export interface PaymentMethod<Gathered = undefined> {
  readonly code: string;
  /**
   * Optional: reads what the offer needs from a remote source. The engine asks it before the offer, never while
   * deciding; a rejection answers `unavailable` `extension`.
   */
  gather?(context: PaymentContext): Promise<Gathered>;
  /** The method as offered for the context (and what `gather` answered), or null when it does not apply. */
  offer(context: PaymentContext, gathered?: Gathered): PaymentMethodOffer | null;
}
