/**
 * What an order write reports: a pure function of the order before, the order after and the entry appended.
 */
import { describe, expect, it } from 'vitest';
import { eventsOfWrite } from '../../../src/domain/events/order-events.js';
import { openPayment } from '../../../src/domain/payment/record.js';
import { money } from '../../../src/money/index.js';
import { sampleHistoryWrite, sampleOrderRecord } from '../../../src/testing/index.js';

const types = (events: readonly { type: string }[]) => events.map((event) => event.type);

describe('eventsOfWrite', () => {
  it('a new order at status 0 is created; entering a status above 0 places it and tells the customer', () => {
    const waiting = sampleOrderRecord({ orderStatusId: 0 });
    const created = eventsOfWrite({
      before: undefined,
      after: waiting,
      history: sampleHistoryWrite({ orderStatusId: 0 }),
      edited: true,
    });
    expect(types(created)).toEqual(['order.created']);
    const placed = sampleOrderRecord({ orderStatusId: 1 });
    const history = sampleHistoryWrite({ orderStatusId: 1 });
    expect(types(eventsOfWrite({ before: waiting, after: placed, history, edited: false }))).toEqual([
      'order.placed',
      'customer.notify',
    ]);
  });

  it('a history entry moves the status; stock, ledgers and the notice follow in the order applied', () => {
    const before = sampleOrderRecord({ orderStatusId: 1 });
    const after = sampleOrderRecord({ orderStatusId: 2 });
    const history = sampleHistoryWrite({
      orderStatusId: 2,
      notify: true,
      releaseRedemptions: true,
      stockMoves: [{ productId: 40, productOptionValueId: null, delta: -2, guard: true }],
      redemptions: [
        { kind: 'coupon', couponId: 4, customerId: 1, amount: money('-10', 'USD') },
        { kind: 'reward', customerId: 1, points: -100 },
      ],
    });
    const events = eventsOfWrite({ before, after, history, edited: false });
    expect(types(events)).toEqual([
      'order.status_changed',
      'stock.changed',
      'order.redemptions_released',
      'coupon.redeemed',
      'reward.redeemed',
      'customer.notify',
    ]);
    expect(events[1]?.data).toEqual({
      order_id: 1,
      product_id: 40,
      product_option_value_id: null,
      delta: -2,
    });
    expect(
      types(eventsOfWrite({ before, after, history: { ...history, notify: false }, edited: true })),
    ).toContain('order.updated');
  });

  it('a payment move reports the payment once; a write that moved nothing visible reports nothing', () => {
    const payment = openPayment({
      providerCode: 'cod',
      amount: money('10', 'USD'),
      at: '2024-05-01T10:00:00.000Z',
    });
    const before = sampleOrderRecord({ orderStatusId: 1 });
    const after = sampleOrderRecord({ orderStatusId: 1, payment });
    const events = eventsOfWrite({ before, after, history: undefined, edited: false });
    expect(types(events)).toEqual(['order.payment_changed']);
    expect(events[0]?.data).toMatchObject({
      from_status: null,
      status: payment.status,
      provider_code: 'cod',
    });
    expect(eventsOfWrite({ before: after, after, history: undefined, edited: false })).toEqual([]);
  });
});
