/**
 * What the order-repository contract suite needs from the host for one case.
 * @module
 */
import type { Catalog } from '../ports/catalog.js';
import type { CouponDirectory } from '../ports/coupon-directory.js';
import type { CustomerDirectory } from '../ports/customer-directory.js';
import type { OrderRepository } from '../ports/order-repository.js';
import type { OrderRepositorySeed } from './order-contract/seed.js';

/**
 * A fresh order repository for one case, with the directories that read its ledgers.
 *
 * The stores must hold the seed the suite hands `setup` ({@link OrderRepositorySeed}), freshly (no order written
 * yet by an earlier case): product 40 (1,000,000 in stock), product 30 (1,000,000 in stock; option 226, values
 * 15 "Red" and 16 "Blue" with 1,000,000 each and `subtract`), coupon `2222`, and customers 1 and 2, customer 1
 * with a balance of 1000 reward points. The OpenCart demo store holds the same, so a host that loads the demo
 * may ignore the seed.
 */
export interface OrderRepositoryFixture {
  /** The repository under test. */
  readonly orders: OrderRepository;
  /** Reads stock as `orders` last wrote it. */
  readonly catalog: Catalog;
  /** Counts the coupon uses `orders` recorded. */
  readonly coupons: CouponDirectory;
  /** Sums the reward-point entries, including those `orders` wrote. */
  readonly customers: CustomerDirectory;
  /** Releases the stores' resources after the case (called once, pass or fail). */
  cleanup?(): Promise<void>;
}

/** Stores `seed` (replacing whatever an earlier case stored) and answers the repository and directories over it. */
export type OrderRepositorySetup = (seed: OrderRepositorySeed) => Promise<OrderRepositoryFixture>;
