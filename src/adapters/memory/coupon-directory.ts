/**
 * The in-memory coupon directory.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { Coupon, CouponUses } from '../../domain/records/coupon.js';
import type { CouponDirectory } from '../../ports/coupon-directory.js';
import type { MemoryStoreData } from './store-data.js';

/**
 * A {@link CouponDirectory} over the memory tables. Uses are counted from the redemption ledger the order
 * repository writes, so a use recorded by an order counts at once and a released one stops counting.
 */
export function createMemoryCouponDirectory(data: MemoryStoreData): CouponDirectory {
  return {
    async getCoupon(code: string): Promise<Coupon | undefined> {
      for (const coupon of data.coupons.values()) if (coupon.code === code) return deepFreeze(coupon);
      return undefined;
    },

    async countUses(couponId: number, customerId: number): Promise<CouponUses> {
      let total = 0;
      let customer = 0;
      for (const use of data.couponUses) {
        if (use.couponId !== couponId) continue;
        total += 1;
        // A guest (customer 0) has no per-customer count: every guest would otherwise share one.
        if (customerId !== 0 && use.customerId === customerId) customer += 1;
      }
      return { total, customer };
    },
  };
}
