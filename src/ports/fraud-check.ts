/**
 * The fraud-check extension port.
 * @module
 */
import type { OrderRecord } from '../domain/records/order.js';

/**
 * A fraud rule, consulted when an order moves into the processing or complete statuses (unless the history entry
 * says `override`): a pure, synchronous rule over the order, as a total calculator is.
 *
 * Contract: answers the status id that should replace the requested one, or null to let it stand, the same for
 * the same order, leaving the order as it was; it does no I/O. A remote screening service is not a fraud check:
 * the host confirms such orders into a status of its own (say, "Pending review"), screens them outside the
 * request, and moves them on with `history_add`. `describeFraudCheckContract` in `cartwright/testing` checks
 * every point.
 */
export interface FraudCheck {
  readonly code: string;
  /** The status that should replace the requested one, or null. */
  check(order: OrderRecord): number | null;
}
