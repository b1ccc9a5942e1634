/**
 * The coupon port.
 * @module
 */
import type { Coupon, CouponUses } from '../domain/records/coupon.js';

/**
 * Coupons and how often they were used.
 *
 * Contract (the `cartwright/testing` suite `describeCouponDirectoryContract` checks every point): `getCoupon` finds by exact code whatever the coupon's status or dates (the rules judge validity);
 * `countUses` counts the redemptions the order repository recorded, in total and for `customerId` (0 when
 * there is no customer: then `customer` is 0). Codes match exactly: case included, no wildcards.
 */
export interface CouponDirectory {
  /** The coupon with exactly this code, or undefined. */
  getCoupon(code: string): Promise<Coupon | undefined>;
  /** Recorded uses of the coupon, in total and by the customer. */
  countUses(couponId: number, customerId: number): Promise<CouponUses>;
}
