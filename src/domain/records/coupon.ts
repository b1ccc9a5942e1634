/**
 * Coupon records: what a {@link CouponDirectory} port returns.
 * @module
 */
import type { Money } from '../../money/index.js';

/** A coupon. `P` discounts a percentage, `F` a fixed amount spread over the qualifying lines. */
export interface Coupon {
  readonly couponId: number;
  readonly name: string;
  readonly code: string;
  readonly type: 'P' | 'F';
  /** Percent for `P`, an amount in the default currency for `F`; decimal string. */
  readonly discount: string;
  /** Only for logged-in customers. */
  readonly logged: boolean;
  /** Also makes shipping free. */
  readonly shipping: boolean;
  /** Minimum cart sub-total (net) for the coupon to apply. */
  readonly total: Money;
  readonly dateStart: string | null;
  readonly dateEnd: string | null;
  /** Uses allowed in total; 0 for unlimited. */
  readonly usesTotal: number;
  /** Uses allowed per customer; 0 for unlimited. */
  readonly usesCustomer: number;
  readonly status: boolean;
  /** When non-empty, only these products qualify (plus those of `categoryIds`). */
  readonly productIds: readonly number[];
  /** When non-empty, products in these categories or their descendants qualify. */
  readonly categoryIds: readonly number[];
}

/** How often a coupon has been redeemed, in total and by one customer. */
export interface CouponUses {
  readonly total: number;
  readonly customer: number;
}
