/**
 * The shipping-method extension port.
 * @module
 */

import type { ShippingQuoteGroup } from '../domain/machine/session.js';
import type { ShippingContext } from '../domain/methods/offers.js';

/** What the method may base its answer on (see the domain's definition). */
export type { ShippingContext };

/**
 * One shipping method (flat, free, item, weight, pickup, or the host's own), registered by `code`: a pure,
 * synchronous rule over the facts, as a total calculator is.
 *
 * Contract: `quote` answers the method's quote group for the context, or null when the method does not apply
 * (disabled, address outside its geo zone, cart below its minimum). Quote codes are `<code>.<quote>`, costs in
 * the default currency; the answer is plain data (the session stores it), the same for the same context (and
 * gathered facts), which it leaves as it was. It does no I/O: a method whose rates live in a remote service (a
 * carrier's API) reads them in `gather`, which the engine asks while it gathers a command's facts, with the
 * port deadline of every call; `quote` then prices from what `gather` answered. A failed service rejects from
 * `gather` rather than answering; the command then answers `unavailable`. `describeShippingMethodContract` in
 * `cartwright/testing` checks every point. Because the answer is the same for the same context, the engine keeps
 * the quotes of methods without `gather` and answers them again while the context is the very same (the same
 * priced cart, address, geo zones and settings).
 *
 * @typeParam Gathered - what `gather` answers (nothing for a method without one).
 */
export interface ShippingMethod<Gathered = undefined> {
  readonly code: string;
  /**
   * Optional: reads what the quote needs from a remote source (a carrier's rates for this cart and address).
   * The engine asks it before quoting, never while deciding; a rejection answers `unavailable` `extension`.
   */
  gather?(context: ShippingContext): Promise<Gathered>;
  /** The quote group for the context (and what `gather` answered), or null when the method does not apply. */
  quote(context: ShippingContext, gathered?: Gathered): ShippingQuoteGroup | null;
}
