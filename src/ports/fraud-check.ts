/**
 * The fraud-check extension port.
 * @module
 */
import type { OrderRecord } from '../domain/records/order.js';

/**
 * Consulted when an order moves into the processing or complete statuses (unless the history entry says
 * `override`). Contract: answers the status id that should replace the requested one, or null to let it stand,
 * leaving the order as it was; a failed service rejects rather than letting the order through.
 * `describeFraudCheckContract` in `cartwright/testing` checks every point.
 */
export interface FraudCheck {
  readonly code: string;
  /** The status that should replace the requested one, or null. */
  check(order: OrderRecord): Promise<number | null>;
}
