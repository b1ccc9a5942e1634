/**
 * What the order-payments contract suite needs from the host for one case.
 * @module
 */
import type { Catalog } from '../ports/catalog.js';
import type { OrderPayments } from '../ports/order-payments.js';
import type { OrderRepository } from '../ports/order-repository.js';
import type { ManualClock } from './clocks.js';

/**
 * A fresh order repository with its payment side, the catalog that reads its stock, and the clock that catalog
 * reads holds' time by. The stores hold the demo store's data as `demoStore()` defines it, freshly: the suite
 * relies on product 40 (1,000,000 in stock) and product 30 (option value 15, 1,000,000 in stock).
 */
export interface OrderPaymentsFixture {
  readonly orders: OrderRepository & OrderPayments;
  /** Reads stock as `orders` last wrote it, releasing holds due by `clock`'s time. */
  readonly catalog: Catalog;
  /** The clock the stores were made with, at `2024-05-01T10:00:00Z` when the case starts. */
  readonly clock: ManualClock;
  /** Releases the stores' resources after the case (called once, pass or fail). */
  cleanup?(): Promise<void>;
}
