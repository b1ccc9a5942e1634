/**
 * What the coupon-directory contract suite seeds: coupons (one disabled, one expired, codes that differ only
 * in case or hold a pattern's wildcards) and recorded uses, by customers and by guests.
 * @module
 */
import type { Coupon } from '../../domain/records/coupon.js';
import { money } from '../../money/index.js';

/** One recorded use of a coupon: by `customerId` (0 for a guest), on order `orderId`. */
export interface CouponUseSeed {
  readonly couponId: number;
  readonly customerId: number;
  readonly orderId: number;
}

/** What the coupon-directory suite asks the host to store before a case. */
export interface CouponSeed {
  readonly coupons: readonly Coupon[];
  readonly uses: readonly CouponUseSeed[];
}

/** A coupon with plain defaults. */
function coupon(couponId: number, code: string, fields: Partial<Coupon> = {}): Coupon {
  return {
    couponId,
    name: `Coupon ${couponId}`,
    code,
    type: 'P',
    discount: '10.0000',
    logged: false,
    shipping: false,
    total: money('0.00', 'USD'),
    dateStart: null,
    dateEnd: null,
    usesTotal: 10,
    usesCustomer: 2,
    status: true,
    productIds: [],
    categoryIds: [],
    ...fields,
  };
}

/** A fresh copy of the coupon seed. */
export function seedCoupons(): CouponSeed {
  return {
    coupons: [
      coupon(1, '2222', { productIds: [40, 42], categoryIds: [20] }),
      coupon(2, 'SAVE10', {
        type: 'F',
        discount: '10.0000',
        total: money('100.00', 'USD'),
        logged: true,
        shipping: true,
        status: false,
      }),
      coupon(3, 'save10', { dateStart: '2019-01-01', dateEnd: '2020-01-01' }),
      coupon(4, 'HALF_OFF', { discount: '50.0000' }),
      coupon(5, '100%', { discount: '100.0000', usesTotal: 0, usesCustomer: 0 }),
    ],
    uses: [
      { couponId: 1, customerId: 1, orderId: 11 },
      { couponId: 1, customerId: 1, orderId: 12 },
      { couponId: 1, customerId: 2, orderId: 13 },
      { couponId: 1, customerId: 0, orderId: 14 },
      { couponId: 1, customerId: 0, orderId: 15 },
      { couponId: 2, customerId: 1, orderId: 16 },
    ],
  };
}
