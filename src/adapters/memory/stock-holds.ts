/**
 * Stock holds in the memory tables: releasing the holds whose time has come, as a read or a write of the stock
 * finds them.
 * @module
 */

import type { MemoryStoreData } from '../../demo/store-data.js';
import { deepFreeze } from '../../domain/deep-freeze.js';
import { heldStockEvents, isHoldDue, returnMoves } from '../../domain/payment/index.js';
import { commitEvents, planEvents } from './outbox.js';
import { planStockMoves } from './stock-moves.js';

/**
 * Releases (synchronously) every hold due at `now`, up to `limit`: its units go back into stock, its order's
 * record shows the hold ended `expired` (the order's revision does not move: nothing of the order changed but
 * what its time already decided), and the units coming back are reported (`stock.changed`) in the outbox. Answers
 * the orders released. Cheap when nothing is held: it reads the index of active holds only.
 */
export function releaseDueHolds(
  data: MemoryStoreData,
  now: string,
  limit = Number.POSITIVE_INFINITY,
): number[] {
  const released: number[] = [];
  if (data.stockHolds.size === 0) return released;
  for (const [orderId, hold] of data.stockHolds) {
    if (released.length >= limit) break;
    if (!isHoldDue(hold, now)) continue;
    const plan = planStockMoves(data.products, returnMoves(hold.lines));
    if (plan.ok) for (const product of plan.products) data.products.set(product.productId, product);
    data.stockHolds.delete(orderId);
    const order = data.orders.get(orderId);
    if (order?.stockHold !== undefined) {
      const ended = { ...order.stockHold, ended: { at: now, how: 'expired' as const } };
      data.orders.set(orderId, deepFreeze({ ...order, stockHold: ended }));
    }
    commitEvents(data.outbox, planEvents(data.outbox, orderId, heldStockEvents(orderId, hold.lines, 1), now));
    released.push(orderId);
  }
  return released;
}
