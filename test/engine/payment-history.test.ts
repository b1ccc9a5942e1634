/**
 * Capture, void and refund through history_add: into a capture status the authorized payment is captured first;
 * into a void status an uncaptured payment is voided and a captured one refunded. A refusal refuses the entry
 * (key `payment`) and an unknown outcome answers 503, writing nothing either way; the entry is safe to repeat.
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../src/demo/demo-store.js';
import { captureStatusIds } from '../../src/domain/order/history-payment.js';
import type { CaptureRequest, ProviderAnswer } from '../../src/ports/payment-provider.js';
import { type CardCheckout, cardCheckout, cardSession, orderOf } from './support/card-checkout.js';
import { expectErr, expectOk } from './support/demo-checkout.js';
import { stockOf } from './support/orders.js';

/** A placed order paid by an authorized card. */
async function authorizedOrder(d: CardCheckout) {
  const sessionId = await cardSession(d);
  const placed = await expectOk(d.checkout.confirm(sessionId, { payment_token: 'tok_success' }));
  expect(placed.payment?.status).toBe('authorized');
  return { sessionId, orderId: placed.orderId };
}

describe('history_add and the payment', () => {
  it('into Processing captures the authorized payment once, with the entry', async () => {
    const d = cardCheckout();
    const { sessionId, orderId } = await authorizedOrder(d);
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 2 }));
    const order = orderOf(d, orderId);
    expect(order.orderStatusId).toBe(2);
    expect(order.payment?.status).toBe('captured');
    expect(order.payment?.captured).toEqual(order.payment?.amount);
    expect(d.calls.capture).toBe(1);
    // Complete next: the payment is captured already, nothing more is asked.
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 5 }));
    expect(d.calls.capture).toBe(1);
    expect(orderOf(d, orderId).orderStatusId).toBe(5);
  });

  it("a comment at Pending, the placed order's status, captures nothing", async () => {
    const d = cardCheckout();
    const { sessionId, orderId } = await authorizedOrder(d);
    await expectOk(
      d.checkout.addHistory(sessionId, {
        order_id: orderId,
        order_status_id: 1,
        comment: 'packing tomorrow',
      }),
    );
    expect(orderOf(d, orderId).payment?.status).toBe('authorized');
    expect(d.calls.capture).toBe(0);
  });

  it('without the setting, captures at processing and complete statuses but not the placed status or a void one', () => {
    const settings = { ...demoStore().settings, paymentCaptureStatusIds: undefined };
    expect([...captureStatusIds(settings)].sort((a, b) => a - b)).toEqual([2, 3, 5]);
  });

  it('into Canceled voids an uncaptured payment and gives the stock back', async () => {
    const d = cardCheckout();
    const before = stockOf(d, 40);
    const { sessionId, orderId } = await authorizedOrder(d);
    expect(stockOf(d, 40)).toBe(before - 1);
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 7 }));
    expect(orderOf(d, orderId).payment?.status).toBe('voided');
    expect(d.calls.void).toBe(1);
    expect(stockOf(d, 40)).toBe(before);
  });

  it('into Refunded refunds a captured payment whole', async () => {
    const d = cardCheckout();
    const { sessionId, orderId } = await authorizedOrder(d);
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 2 }));
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 11 }));
    const payment = orderOf(d, orderId).payment;
    expect(payment?.status).toBe('refunded');
    expect(payment?.refunded).toEqual(payment?.captured);
    expect(d.calls.refund).toBe(1);
  });

  it('a refused capture refuses the entry under payment and writes nothing', async () => {
    const d = cardCheckout({
      provider: {
        capture: async () => ({ outcome: 'refused', code: 'state', reason: 'the bank says no' }),
      },
    });
    const { sessionId, orderId } = await authorizedOrder(d);
    const before = structuredClone(orderOf(d, orderId));
    const error = await expectErr(
      d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 2 }),
    );
    expect(error.kind).toBe('validation');
    expect(Object.keys(error.fields)).toEqual(['payment']);
    expect(orderOf(d, orderId)).toEqual(before);
  });

  it('a capture with no answer (and no truth) is 503 with nothing written; repeated, it captures once', async () => {
    const answers: ProviderAnswer[] = [];
    const holder: { d?: CardCheckout; down: boolean } = { down: true };
    const d = cardCheckout({
      provider: {
        capture: async (request: CaptureRequest) => {
          const answer = await (holder.d as CardCheckout).card.capture(request);
          answers.push(answer);
          return holder.down ? { outcome: 'unknown', reason: 'connection reset' } : answer;
        },
        retrieve: async (request) =>
          holder.down
            ? { outcome: 'unknown', reason: 'still down' }
            : (holder.d as CardCheckout).card.retrieve(request),
      },
    });
    holder.d = d;
    const { sessionId, orderId } = await authorizedOrder(d);
    const before = structuredClone(orderOf(d, orderId));
    const error = await expectErr(
      d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 2 }),
    );
    expect(error.kind).toBe('unavailable');
    expect(orderOf(d, orderId)).toEqual(before);
    holder.down = false;
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 2 }));
    expect(orderOf(d, orderId).payment?.status).toBe('captured');
    // The gateway captured on the first call; the repeat replayed it under the same key.
    expect(answers.every((answer) => answer.outcome === 'done')).toBe(true);
    expect(
      new Set(answers.map((answer) => (answer.outcome === 'done' ? answer.payment.captured.amount : ''))),
    ).toEqual(new Set([orderOf(d, orderId).payment?.amount.amount]));
  });

  it('a capture whose write loses the race at the revision is decided again: one key, one capture, one entry', async () => {
    const keys: string[] = [];
    const holder: { d?: CardCheckout; orderId: number } = { orderId: 0 };
    const d = cardCheckout({
      provider: {
        capture: async (request: CaptureRequest) => {
          const card = holder.d as CardCheckout;
          keys.push(request.idempotencyKey);
          if (keys.length === 1) {
            // Another process writes the order while the provider answers: the entry's write loses the race.
            const order = orderOf(card, holder.orderId);
            const note = {
              orderStatusId: 1,
              comment: 'elsewhere',
              notify: false,
              dateAdded: '2026-01-01T00:00:00Z',
            };
            const write = { ...note, stockMoves: [], redemptions: [], releaseRedemptions: false };
            await card.adapters.orders.addHistory(order.orderId, write, order.revision);
          }
          return card.card.capture(request);
        },
      },
    });
    holder.d = d;
    const { sessionId, orderId } = await authorizedOrder(d);
    holder.orderId = orderId;
    const placed = orderOf(d, orderId).history.length;
    await expectOk(d.checkout.addHistory(sessionId, { order_id: orderId, order_status_id: 2 }));
    const order = orderOf(d, orderId);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(order.payment?.status).toBe('captured');
    expect(order.payment?.captured).toEqual(order.payment?.amount);
    expect(order.history.slice(placed).map((entry) => entry.comment)).toEqual(['elsewhere', '']);
    expect(order.orderStatusId).toBe(2);
  });
});
