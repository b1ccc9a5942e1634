/**
 * A history entry that keeps losing the race at its order's revision: another process's writes to the order are
 * made meanwhile (each loss means one was), so the entry is decided again past the retry count, for as long as a
 * turn may last, and answers `conflict` only then.
 */
import { describe, expect, it } from 'vitest';
import type { OrderRepository } from '../../src/ports/order-repository.js';
import { demoCheckout, expectErr, expectOk } from './support/demo-checkout.js';
import { confirmOk, readySession } from './support/orders.js';

/** The engine over orders whose first `losses` history appends report a lost race and write nothing. */
function losingFirst(losses: number) {
  let lost = 0;
  const demo = demoCheckout({
    options: { contention: { retries: 2, backoffMs: () => 1, turnMs: 300 } },
    deps: (adapters) => {
      const orders: OrderRepository = {
        ...adapters.orders,
        async addHistory(...args) {
          if (lost < losses) {
            lost += 1;
            return { status: 'conflict' };
          }
          return adapters.orders.addHistory(...args);
        },
      };
      return { orders };
    },
  });
  return { demo, losses: () => lost };
}

describe('a history entry losing the race to its order', () => {
  it('is decided again past the retry count while the turn lasts, and then recorded', async () => {
    const { demo, losses } = losingFirst(6);
    const sessionId = await readySession(demo);
    const { orderId } = await confirmOk(demo, sessionId, { order_status_id: 1 });
    await expectOk(demo.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 7 }));
    expect(losses()).toBe(6);
    const order = await expectOk(demo.checkout.getOrder(sessionId, { order_id: orderId }));
    expect(order.orderStatusId).toBe(7);
  });

  it('answers conflict once the turn is over, having written nothing', async () => {
    const { demo, losses } = losingFirst(Number.POSITIVE_INFINITY);
    const sessionId = await readySession(demo);
    const { orderId } = await confirmOk(demo, sessionId, { order_status_id: 1 });
    const started = Date.now();
    const error = await expectErr(
      demo.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 7 }),
    );
    expect(error.kind).toBe('conflict');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(losses()).toBeGreaterThan(3);
    const order = await expectOk(demo.checkout.getOrder(sessionId, { order_id: orderId }));
    expect(order.orderStatusId).toBe(1);
  });
});
