/**
 * An order repository that hands each write the events the pure core reports for it, for tests that write
 * through a repository directly (the engine hands them itself).
 * @module
 */
import { eventsOfHistory, eventsOfOrderWrite } from '../domain/events/order-events.js';
import type { OrderRepository } from '../ports/order-repository.js';

/**
 * `orders`, with `create`, `update` and `addHistory` handed the events the domain decides for their write (read
 * against the order as it is before an update or an entry): what confirm and history_add would hand them. The
 * repository itself stores only what it is handed, so a test that writes through it directly and expects the
 * outbox filled wraps it in this. Other methods are `orders`' own.
 *
 * @example
 * ```ts
 * const orders = reportingOrders(createMemoryAdapters(store).orders);
 * await orders.create(sampleOrderDraft(), sampleHistoryWrite()); // stores order.placed and customer.notify
 * ```
 */
export function reportingOrders<T extends OrderRepository>(orders: T): T {
  return {
    ...orders,
    create: (draft, history, idempotency) =>
      orders.create(draft, history, idempotency, eventsOfOrderWrite(undefined, draft, history)),
    update: async (orderId, draft, history, expectedRevision, idempotency) => {
      const before = await orders.get(orderId);
      const events = before === undefined ? [] : eventsOfOrderWrite(before, draft, history);
      return orders.update(orderId, draft, history, expectedRevision, idempotency, events);
    },
    addHistory: async (orderId, history, expectedRevision) => {
      const before = await orders.get(orderId);
      const events = before === undefined ? [] : eventsOfHistory(before, history);
      return orders.addHistory(orderId, history, expectedRevision, events);
    },
  };
}
