/**
 * The demo store's coupons: OpenCart's three demo coupons with their ids, enabled and without dates (they are
 * installed disabled and long expired, so a demo could use none), plus `4444` for a category-limited discount.
 * @module
 */
import type { Coupon } from '../domain/records/coupon.js';
import { money } from '../money/index.js';

/** What a demo coupon states; the rest is an enabled, guest-usable, undated coupon for every product. */
type CouponRow = Pick<Coupon, 'couponId' | 'name' | 'code' | 'type' | 'discount'> & Partial<Coupon>;

/** A coupon from its row. */
function coupon(row: CouponRow): Coupon {
  return {
    logged: false,
    shipping: false,
    total: money('0.00', 'USD'),
    dateStart: null,
    dateEnd: null,
    usesTotal: 0,
    usesCustomer: 0,
    status: true,
    productIds: [],
    categoryIds: [],
    ...row,
  };
}

/** Coupons 1 (`2222`), 2 (`3333`), 3 (`1111`) with OpenCart's figures and use limits, and 4 (`4444`). */
export function demoCoupons(): Coupon[] {
  return [
    coupon({
      couponId: 1,
      name: '-10% Discount',
      code: '2222',
      type: 'P',
      discount: '10.0000',
      usesTotal: 10,
      usesCustomer: 10,
    }),
    coupon({
      couponId: 2,
      name: 'Free Shipping',
      code: '3333',
      type: 'P',
      discount: '0.0000',
      shipping: true,
      total: money('100.00', 'USD'),
      usesTotal: 10,
      usesCustomer: 10,
    }),
    coupon({
      couponId: 3,
      name: '-10.00 Discount',
      code: '1111',
      type: 'F',
      discount: '10.0000',
      total: money('10.00', 'USD'),
      usesTotal: 100000,
      usesCustomer: 10000,
    }),
    coupon({
      couponId: 4,
      name: '-15% Monitors',
      code: '4444',
      type: 'P',
      discount: '15.0000',
      categoryIds: [28],
    }),
  ];
}
