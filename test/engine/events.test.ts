/**
 * Notifications: OrderPlaced, OrderStatusChanged with `notify`, StockAdjusted, CouponRedeemed and
 * CouponReleased reach the Notifier after the write commits; a throwing notifier never loses the order.
 */
import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../../src/domain/machine/events.js';
import { money } from '../../src/money/index.js';
import { demoCheckout, expectOk } from './support/demo-checkout.js';
import { confirmOk, readySession, stockOf } from './support/orders.js';

describe('events', () => {
  it('confirm and two history entries deliver their events in order, each after its write', async () => {
    const seen: { event: DomainEvent; orders: number; stock: number }[] = [];
    const d = demoCheckout({
      deps: () => ({
        notifier: {
          notify: async (event) => {
            // What the stores held when the event arrived: the write is committed by then.
            seen.push({ event, orders: d.data.orders.size, stock: stockOf(d, 40) });
          },
        },
      }),
    });
    const sessionId = await readySession(d);
    await expectOk(d.checkout.setCoupon(sessionId, { coupon: '2222' }));
    const couponId = (await d.adapters.coupons.getCoupon('2222'))?.couponId ?? 0;
    const { orderId } = await confirmOk(d, sessionId);
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 5, notify: true }));
    await expectOk(
      d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 7, notify: 'false' }),
    );
    // sub-total 101.00 − 10% coupon 10.10 + shipping 5.00 + VAT 20% of 95.90 = 19.18 + eco tax 2 × 2.00 = 119.08
    expect(seen.map((s) => s.event)).toEqual([
      {
        type: 'OrderPlaced',
        orderId,
        orderStatusId: 1,
        total: money('119.0800', 'USD'),
        customerEmail: 'jane@example.com',
      },
      { type: 'StockAdjusted', orderId, productId: 40, productOptionValueId: null, delta: -1 },
      { type: 'CouponRedeemed', orderId, couponId, amount: money('10.1000', 'USD') },
      { type: 'OrderStatusChanged', orderId, fromStatusId: 1, toStatusId: 5, comment: '', notify: true },
      { type: 'OrderStatusChanged', orderId, fromStatusId: 5, toStatusId: 7, comment: '', notify: false },
      { type: 'StockAdjusted', orderId, productId: 40, productOptionValueId: null, delta: 1 },
      { type: 'CouponReleased', orderId, couponId },
    ]);
    // The demo has a million iPhones: one taken at confirm, given back at the cancel.
    expect(seen.slice(0, 3).every((s) => s.orders === 1 && s.stock === 999_999)).toBe(true);
    expect(seen[5]?.stock).toBe(1_000_000);
  });

  it('a throwing notifier never loses the order; the failure goes to onEventError', async () => {
    const failures: unknown[] = [];
    const d = demoCheckout({
      deps: () => ({
        notifier: {
          notify: () => {
            throw new Error('mail server down');
          },
        },
      }),
      options: { onEventError: (error) => failures.push(error) },
    });
    const sessionId = await readySession(d);
    const { orderId } = await confirmOk(d, sessionId);
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 7 }));
    expect(d.data.orders.get(orderId)?.orderStatusId).toBe(7);
    expect(stockOf(d, 40)).toBe(1_000_000);
    expect(failures.length).toBe(4);
  });

  it('without onEventError a notifier failure is logged through the logger, with the event it was delivering', async () => {
    const logged: { message: string; error: unknown }[] = [];
    const d = demoCheckout({
      deps: () => ({ notifier: { notify: () => Promise.reject(new Error('mail server down')) } }),
      options: { logger: { error: (message, error) => logged.push({ message, error }) } },
    });
    const sessionId = await readySession(d);
    await confirmOk(d, sessionId);
    expect(d.data.orders.size).toBe(1);
    expect(logged[0]).toEqual({
      message: 'cartwright: the notifier failed to deliver OrderPlaced',
      error: new Error('mail server down'),
    });
    expect(logged.map((entry) => entry.message)).toContain(
      'cartwright: the notifier failed to deliver StockAdjusted',
    );
  });

  it('with neither option a notifier failure goes to console.error, never dropped', async () => {
    const errors: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    try {
      const d = demoCheckout({
        deps: () => ({ notifier: { notify: () => Promise.reject(new Error('mail server down')) } }),
      });
      await confirmOk(d, await readySession(d));
    } finally {
      spy.mockRestore();
    }
    expect(errors[0]).toEqual([
      'cartwright: the notifier failed to deliver OrderPlaced',
      new Error('mail server down'),
    ]);
  });

  it('a replayed confirm delivers nothing again', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    await confirmOk(d, sessionId, {}, 'k');
    const count = d.adapters.notifier.events.length;
    await confirmOk(d, sessionId, {}, 'k');
    expect(d.adapters.notifier.events.length).toBe(count);
  });
});
