/**
 * The order reads confirm and history_add share: the coupon an order used, by its code.
 * @module
 */
import { err, ok } from 'neverthrow';
import type { MessageCatalog } from '../domain/messages.js';
import type { OrderRecord } from '../domain/records/order.js';
import { type Answer, askPort, type EngineContext } from './context.js';

/** The id of the coupon an order used, looked up by its code (null for none or a coupon since deleted). */
export async function couponIdOf(
  context: EngineContext,
  messages: MessageCatalog,
  order: OrderRecord,
): Answer<number | null> {
  if (order.couponCode === '') return ok(null);
  const coupon = await askPort('coupons', messages, () => context.deps.coupons.getCoupon(order.couponCode));
  return coupon.isErr() ? err(coupon.error) : ok(coupon.value?.couponId ?? null);
}
