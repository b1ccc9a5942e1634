/**
 * The order reads confirm and history_add share: the coupon an order used, by its code.
 * @module
 */
import { okAsync, type ResultAsync } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import type { MessageCatalog } from '../domain/messages.js';
import type { OrderRecord } from '../domain/records/order.js';
import { callPort, type EngineContext } from './context.js';

/** The id of the coupon an order used, looked up by its code (null for none or a coupon since deleted). */
export function couponIdOf(
  context: EngineContext,
  messages: MessageCatalog,
  order: OrderRecord,
): ResultAsync<number | null, CheckoutError> {
  if (order.couponCode === '') return okAsync(null);
  return callPort('coupons', messages, () => context.deps.coupons.getCoupon(order.couponCode)).map(
    (coupon) => coupon?.couponId ?? null,
  );
}
