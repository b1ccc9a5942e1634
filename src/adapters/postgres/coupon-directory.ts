/**
 * The PostgreSQL coupon directory.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { Coupon, CouponUses } from '../../domain/records/coupon.js';
import type { CouponDirectory } from '../../ports/coupon-directory.js';
import { type PostgresAdapterOptions, resolveOptions } from './options.js';
import { isoDate, isStoredId, isStoredText, jsonColumn, toMoney } from './values.js';

/**
 * A {@link CouponDirectory} over PostgreSQL, one statement per call. Codes match exactly (of several coupons
 * with one code the lowest id wins); uses are counted from the `coupon_history` ledger the order repository
 * writes, never per customer for a guest (customer 0). Records are handed out frozen.
 */
export function createPostgresCouponDirectory(options: PostgresAdapterOptions): CouponDirectory {
  const { db, tables: t, currency } = resolveOptions(options);
  const byCode = `SELECT json_build_object(
      'couponId', c.coupon_id, 'name', c.name, 'code', c.code, 'type', c.type, 'discount', c.discount::text,
      'logged', c.logged, 'shipping', c.shipping, 'total', c.total::text,
      'dateStart', ${isoDate('c.date_start')}, 'dateEnd', ${isoDate('c.date_end')},
      'usesTotal', c.uses_total, 'usesCustomer', c.uses_customer, 'status', c.status,
      'productIds', COALESCE((
        SELECT json_agg(p.product_id ORDER BY p.position, p.product_id)
        FROM ${t.coupon_product} p WHERE p.coupon_id = c.coupon_id
      ), '[]'::json),
      'categoryIds', COALESCE((
        SELECT json_agg(k.category_id ORDER BY k.position, k.category_id)
        FROM ${t.coupon_category} k WHERE k.coupon_id = c.coupon_id
      ), '[]'::json)
    ) AS record
    FROM ${t.coupon} c WHERE c.code = $1 ORDER BY c.coupon_id LIMIT 1`;

  return {
    async getCoupon(code: string): Promise<Coupon | undefined> {
      if (!isStoredText(code)) return undefined;
      const { rows } = await db.query(byCode, [code]);
      const [row] = rows;
      if (row === undefined) return undefined;
      const stored = jsonColumn<Omit<Coupon, 'total'> & { readonly total: string }>(row.record);
      return deepFreeze({ ...stored, total: toMoney(stored.total, currency) });
    },

    async countUses(couponId: number, customerId: number): Promise<CouponUses> {
      if (!isStoredId(couponId)) return deepFreeze({ total: 0, customer: 0 });
      const { rows } = await db.query(
        `SELECT count(*)::int AS total,
           count(*) FILTER (WHERE $2::int <> 0 AND customer_id = $2::int)::int AS customer
         FROM ${t.coupon_history} WHERE coupon_id = $1`,
        [couponId, isStoredId(customerId) ? customerId : 0],
      );
      const [row] = rows;
      return deepFreeze({ total: Number(row?.total ?? 0), customer: Number(row?.customer ?? 0) });
    },
  };
}
