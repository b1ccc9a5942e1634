/**
 * The coupon and reward-point ledgers as the PostgreSQL order repository writes them.
 * @module
 */
import type { HistoryWrite } from '../../ports/order-repository.js';
import type { Tables } from './identifiers.js';
import type { PgClientLike } from './pool.js';
import { amountIn } from './values.js';

/**
 * Writes the ledger side of `history` for `orderId`, in one statement: with `releaseRedemptions`, deletes every
 * `coupon_history` and `customer_reward` entry of the order first (entries of other orders, and those with
 * order id 0 such as an opening balance, are never touched); then records each redemption. A reward's points
 * are written signed as given (negative spends), described `Order ID: #<id>`, as the memory repository does.
 */
export async function writeLedgers(
  client: PgClientLike,
  t: Tables,
  currency: string,
  orderId: number,
  history: HistoryWrite,
): Promise<void> {
  if (!history.releaseRedemptions && history.redemptions.length === 0) return;
  const coupons: Record<string, unknown>[] = [];
  const rewards: Record<string, unknown>[] = [];
  for (const redemption of history.redemptions) {
    if (redemption.kind === 'coupon') {
      coupons.push({
        coupon_id: redemption.couponId,
        customer_id: redemption.customerId,
        amount: amountIn(redemption.amount, currency, 'coupon redemption'),
      });
    } else {
      rewards.push({ customer_id: redemption.customerId, points: redemption.points });
    }
  }
  // The deletes and the inserts see the same snapshot: the deletes never remove what this statement inserts.
  await client.query(
    `WITH released_coupons AS (
       DELETE FROM ${t.coupon_history} WHERE $2::boolean AND order_id = $1
     ), released_rewards AS (
       DELETE FROM ${t.customer_reward} WHERE $2::boolean AND order_id = $1
     ), coupons AS (
       INSERT INTO ${t.coupon_history} (coupon_id, order_id, customer_id, amount, date_added)
       SELECT c.coupon_id, $1, c.customer_id, c.amount, $3::timestamptz
       FROM jsonb_populate_recordset(NULL::${t.coupon_history}, $4::jsonb) WITH ORDINALITY AS c
       ORDER BY ordinality
     ), rewards AS (
       INSERT INTO ${t.customer_reward} (customer_id, order_id, description, points, date_added)
       SELECT r.customer_id, $1, 'Order ID: #' || $1, r.points, $3::timestamptz
       FROM jsonb_populate_recordset(NULL::${t.customer_reward}, $5::jsonb) WITH ORDINALITY AS r
       ORDER BY ordinality
     )
     SELECT 1`,
    [
      orderId,
      history.releaseRedemptions,
      history.dateAdded,
      JSON.stringify(coupons),
      JSON.stringify(rewards),
    ],
  );
}
