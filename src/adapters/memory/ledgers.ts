/**
 * The coupon and reward-point ledgers as the memory order repository writes them.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { HistoryWrite, Redemption } from '../../ports/order-repository.js';
import type { CouponUse, MemorySequences, MemoryStoreData, RewardPointEntry } from './store-data.js';

/** The ledger entries one history write adds, and whether it first releases the order's earlier ones. */
export interface LedgerPlan {
  readonly release: boolean;
  readonly couponUses: readonly CouponUse[];
  readonly rewardPoints: readonly RewardPointEntry[];
}

/** The ledger entry of one redemption; ids come from `sequences`, which the caller commits with the write. */
function entryOf(
  redemption: Redemption,
  orderId: number,
  dateAdded: string,
  sequences: MemorySequences,
): CouponUse | RewardPointEntry {
  if (redemption.kind === 'coupon') {
    sequences.couponHistoryId += 1;
    const { couponId, customerId, amount } = redemption;
    return { couponHistoryId: sequences.couponHistoryId, couponId, orderId, customerId, amount, dateAdded };
  }
  sequences.customerRewardId += 1;
  return {
    customerRewardId: sequences.customerRewardId,
    customerId: redemption.customerId,
    orderId,
    description: `Order ID: #${orderId}`,
    // Signed as the rules give it (negative spends), as the OrderRepository contract suite reads it.
    points: redemption.points,
    dateAdded,
  };
}

/**
 * Plans the ledger side of `history` for `orderId`, drawing entry ids from `sequences` (a working copy the
 * caller commits only with the rest of the write).
 */
export function planLedgers(orderId: number, history: HistoryWrite, sequences: MemorySequences): LedgerPlan {
  const couponUses: CouponUse[] = [];
  const rewardPoints: RewardPointEntry[] = [];
  for (const redemption of history.redemptions) {
    const entry = deepFreeze(structuredClone(entryOf(redemption, orderId, history.dateAdded, sequences)));
    if ('couponHistoryId' in entry) couponUses.push(entry);
    else rewardPoints.push(entry);
  }
  return { release: history.releaseRedemptions, couponUses, rewardPoints };
}

/**
 * Writes a planned ledger change. Releasing removes every coupon use and reward entry recorded against the
 * order (only redemptions write entries with an order id; entries with order id 0, such as an opening
 * balance, are never touched). New entries follow the release, so a write that does both replaces the
 * order's uses.
 */
export function commitLedgers(data: MemoryStoreData, orderId: number, plan: LedgerPlan): void {
  if (plan.release) {
    data.couponUses = data.couponUses.filter((use) => use.orderId !== orderId);
    data.rewardPoints = data.rewardPoints.filter((entry) => entry.orderId !== orderId);
  }
  data.couponUses.push(...plan.couponUses);
  data.rewardPoints.push(...plan.rewardPoints);
}
