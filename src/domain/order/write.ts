/**
 * What an order write carries besides the order: the stock moves, the coupon and reward uses, the history entry,
 * and what a refused stock move reports. The domain plans them (history.ts, confirm.ts); the
 * `OrderRepository` port applies them in one transaction and re-exports these types.
 * @module
 */
import type { Money } from '../../money/index.js';

/**
 * One stock movement. `delta` < 0 takes units out of stock, > 0 puts them back. With `guard` set the move is
 * conditional: it is refused (and the whole write with it) when it would leave the stock below zero.
 */
export interface StockMove {
  readonly productId: number;
  /** Set to move the stock of an option value instead of the product's. */
  readonly productOptionValueId: number | null;
  readonly delta: number;
  readonly guard: boolean;
}

/**
 * A coupon or reward-point use to record against the order. Reward `points` is a signed ledger entry, as
 * OpenCart's `customer_reward` rows: negative spends points (−100 takes 100 off the customer's balance).
 */
export type Redemption =
  | {
      readonly kind: 'coupon';
      readonly couponId: number;
      readonly customerId: number;
      readonly amount: Money;
    }
  | { readonly kind: 'reward'; readonly customerId: number; readonly points: number };

/** A history entry to append, with the side effects the rules decided for the status move. */
export interface HistoryWrite {
  readonly orderStatusId: number;
  readonly comment: string;
  readonly notify: boolean;
  readonly dateAdded: string;
  readonly stockMoves: readonly StockMove[];
  /** Uses to record (the order entered the processing or complete statuses). */
  readonly redemptions: readonly Redemption[];
  /** Delete the order's recorded uses (the order left the processing and complete statuses). */
  readonly releaseRedemptions: boolean;
}

/** A stock move that could not be made: `requested` units (positive) against `available` at the start of the write. */
export interface StockShortage {
  readonly productId: number;
  readonly productOptionValueId: number | null;
  /** Units in stock when the write was refused. */
  readonly available: number;
  readonly requested: number;
}

/**
 * Ties a write to a client's idempotency key: `scope` is who may reuse the key (an API user, a session),
 * `fingerprint` a digest of the payload.
 */
export interface IdempotencyClaim {
  readonly scope: string;
  readonly key: string;
  readonly fingerprint: string;
}
