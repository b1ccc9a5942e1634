/**
 * `payment_refund`: part or all of a captured payment given back by amount, in the order's turn. The amount is
 * checked (more than zero, at most what is left, the currency's decimals), the provider is asked once per
 * refund under a key of its own (a retry replays, never refunds twice), the refund is recorded on the payment
 * with one history entry, and refunds racing on one order from two engines are accepted only as far as they fit.
 */
import { describe, expect, it } from 'vitest';
import { createCheckout } from '../../src/engine/index.js';
import { compare, type Money, money, multiply, round, subtract, sum } from '../../src/money/index.js';
import type { ProviderAnswer, RefundRequest } from '../../src/ports/payment-provider.js';
import { type CardCheckout, cardCheckout, cardSession, orderOf } from './support/card-checkout.js';
import { expectErr, expectOk } from './support/demo-checkout.js';

/** A placed order whose card payment is captured (history into Processing). */
async function capturedOrder(d: CardCheckout) {
  const sessionId = await cardSession(d);
  const placed = await expectOk(d.checkout.confirm(sessionId, { payment_token: 'tok_success' }));
  await expectOk(d.checkout.addHistory(sessionId, { order_id: placed.orderId, order_status_id: 2 }));
  const payment = orderOf(d, placed.orderId).payment;
  if (payment?.status !== 'captured') throw new Error('the payment was not captured');
  return { sessionId, orderId: placed.orderId, captured: payment.captured };
}

/** `value` as a wire amount with two decimals. */
const wire = (value: Money) => round(value, 2).amount.replace(/(\.\d{2})\d*$/, '$1');

/** The refunds the gateway itself made for the order's payment (its truth, not our record). */
async function gatewayRefunded(d: CardCheckout, orderId: number): Promise<Money> {
  const payment = orderOf(d, orderId).payment;
  if (payment === undefined || payment.reference === null) throw new Error('no payment');
  const truth = await d.card.retrieve({
    payment: { ...payment, reference: payment.reference, failure: null },
  });
  if (truth.outcome !== 'done') throw new Error('the gateway did not answer');
  return truth.payment.refunded;
}

describe('payment_refund', () => {
  it('refunds part, then the rest: partially_refunded, then refunded, one history entry each', async () => {
    const d = cardCheckout();
    const { sessionId, orderId, captured } = await capturedOrder(d);
    const historyBefore = orderOf(d, orderId).history.length;
    const first = await expectOk(d.checkout.refundPayment(sessionId, { order_id: orderId, amount: '10.00' }));
    expect(first.payment.status).toBe('partially_refunded');
    expect(first.payment.refunded).toEqual(money('10', captured.currency));
    expect(first.success).toContain('10.00');
    let order = orderOf(d, orderId);
    expect(order.payment?.refunded.amount).toBe('10.0000');
    expect(order.history).toHaveLength(historyBefore + 1);
    expect(order.history.at(-1)?.orderStatusId).toBe(2);
    expect(order.history.at(-1)?.comment).toContain('10.00');
    expect(order.orderStatusId).toBe(2);
    // The refund is told like every payment move, in the write's own transaction.
    const moved = d.data.outbox.events.filter(
      (event) => event.order_id === orderId && event.type === 'order.payment_changed',
    );
    expect(moved.at(-1)?.data).toMatchObject({
      from_status: 'captured',
      status: 'partially_refunded',
      refunded: { amount: '10.0000', currency: captured.currency },
    });
    const rest = wire(subtract(captured, money('10', captured.currency)));
    const second = await expectOk(d.checkout.refundPayment(sessionId, { order_id: orderId, amount: rest }));
    expect(second.payment.status).toBe('refunded');
    order = orderOf(d, orderId);
    expect(order.payment?.refunded).toEqual(captured);
    expect(order.payment?.refundLog?.map((refund) => [refund.number, refund.state])).toEqual([
      [1, 'done'],
      [2, 'done'],
    ]);
    expect(order.history).toHaveLength(historyBefore + 2);
    expect(d.calls.refund).toBe(2);
    expect(await gatewayRefunded(d, orderId)).toEqual(captured);
  });

  it('refuses a bad amount under `amount`, and a payment with nothing captured under `payment`', async () => {
    const d = cardCheckout();
    const { sessionId, orderId, captured } = await capturedOrder(d);
    const before = structuredClone(orderOf(d, orderId));
    const over = wire(multiply(captured, 2));
    for (const amount of ['0', '0.00', over, '1.001', 'ten', '-5', '1e2', '']) {
      const error = await expectErr(d.checkout.refundPayment(sessionId, { order_id: orderId, amount }));
      expect(error.kind, amount).toBe('validation');
      expect(Object.keys(error.fields), amount).toEqual(['amount']);
    }
    // A float is never read: a JSON number is refused, whatever it prints as.
    for (const amount of [0.1 + 0.2, 5]) {
      const error = await expectErr(
        d.checkout.run('payment_refund', sessionId, { order_id: orderId, amount }),
      );
      expect(Object.keys(error.fields)).toEqual(['amount']);
    }
    expect(orderOf(d, orderId)).toEqual(before);
    expect(d.calls.refund).toBe(0);
    // An order whose payment is only authorized has nothing to give back yet.
    const other = await cardSession(d);
    const placed = await expectOk(d.checkout.confirm(other, { payment_token: 'tok_success' }));
    const early = await expectErr(
      d.checkout.refundPayment(other, { order_id: placed.orderId, amount: '1.00' }),
    );
    expect(early.kind).toBe('precondition');
    expect(Object.keys(early.fields)).toEqual(['payment']);
    const missing = await expectErr(d.checkout.refundPayment(other, { order_id: 999, amount: '1.00' }));
    expect(missing.kind).toBe('not_found');
  });

  it('the same Idempotency-Key answers the same refund; with another amount it is a conflict', async () => {
    const d = cardCheckout();
    const { sessionId, orderId } = await capturedOrder(d);
    const request = { order_id: orderId, amount: '5.00' };
    const first = await expectOk(
      d.checkout.refundPayment(sessionId, request, { idempotencyKey: 'refund-a' }),
    );
    const again = await expectOk(
      d.checkout.refundPayment(sessionId, request, { idempotencyKey: 'refund-a' }),
    );
    expect(again).toEqual(first);
    expect(d.calls.refund).toBe(1);
    const other = await expectErr(
      d.checkout.refundPayment(
        sessionId,
        { order_id: orderId, amount: '6.00' },
        { idempotencyKey: 'refund-a' },
      ),
    );
    expect(other.kind).toBe('conflict');
    expect(orderOf(d, orderId).payment?.refunded.amount).toBe('5.0000');
  });

  it('a refund whose answer was lost is 503, and asked again under the same key: given back once', async () => {
    const answers: ProviderAnswer[] = [];
    const holder: { d?: CardCheckout; lost: boolean } = { lost: true };
    const d = cardCheckout({
      provider: {
        refund: async (request: RefundRequest) => {
          const answer = await (holder.d as CardCheckout).card.refund(request);
          answers.push(answer);
          return holder.lost ? { outcome: 'unknown', reason: 'connection reset' } : answer;
        },
      },
    });
    holder.d = d;
    const { sessionId, orderId } = await capturedOrder(d);
    const lost = await expectErr(d.checkout.refundPayment(sessionId, { order_id: orderId, amount: '7.00' }));
    expect(lost.kind).toBe('unavailable');
    // The gateway gave it back; the record keeps the refund asked, its money not offered to another refund.
    expect(orderOf(d, orderId).payment?.refundLog?.[0]?.state).toBe('asked');
    expect(orderOf(d, orderId).payment?.refunded.amount).toBe('0.0000');
    holder.lost = false;
    // Another refund finishes the lost one first (the gateway replays it), then makes its own.
    await expectOk(d.checkout.refundPayment(sessionId, { order_id: orderId, amount: '3.00' }));
    const payment = orderOf(d, orderId).payment;
    expect(payment?.refundLog?.map((refund) => [refund.number, refund.amount.amount, refund.state])).toEqual([
      [1, '7.0000', 'done'],
      [2, '3.0000', 'done'],
    ]);
    expect(payment?.refunded.amount).toBe('10.0000');
    expect((await gatewayRefunded(d, orderId)).amount).toBe('10.0000');
    expect(answers).toHaveLength(3);
  });

  it('a refund the provider refuses is refused under `payment`, its money free for the next', async () => {
    let refuse = true;
    const holder: { d?: CardCheckout } = {};
    const d = cardCheckout({
      provider: {
        refund: async (request: RefundRequest) =>
          refuse
            ? { outcome: 'refused', code: 'state', reason: 'the bank says no' }
            : (holder.d as CardCheckout).card.refund(request),
      },
    });
    holder.d = d;
    const { sessionId, orderId, captured } = await capturedOrder(d);
    const all = wire(captured);
    const error = await expectErr(d.checkout.refundPayment(sessionId, { order_id: orderId, amount: all }));
    expect(error.kind).toBe('validation');
    expect(Object.keys(error.fields)).toEqual(['payment']);
    expect(orderOf(d, orderId).payment?.status).toBe('captured');
    refuse = false;
    const done = await expectOk(d.checkout.refundPayment(sessionId, { order_id: orderId, amount: all }));
    expect(done.payment.status).toBe('refunded');
    // The refused number is never asked again with another amount.
    expect(orderOf(d, orderId).payment?.refundLog?.map((refund) => refund.number)).toEqual([1, 2]);
  });

  it('refunds racing from two engines on one order: only what fits is accepted, and given back once', async () => {
    const d = cardCheckout();
    const second = createCheckout(d.deps, { settings: d.settings });
    const { sessionId, orderId, captured } = await capturedOrder(d);
    // Ten refunds of a fifth each: twice what was captured. Exactly five fit.
    const fifth = round(multiply(captured, '0.2'), 2, 'half-even');
    const attempts = Array.from({ length: 10 }, (_, i) =>
      (i % 2 === 0 ? d.checkout : second).refundPayment(sessionId, {
        order_id: orderId,
        amount: wire(fifth),
      }),
    );
    const results = await Promise.all(attempts);
    const accepted = results.filter((result) => result.isOk());
    const refused = results.flatMap((result) => (result.isErr() ? [result.error] : []));
    // A fifth rounded up may leave only four that fit.
    expect(accepted).toHaveLength(compare(multiply(fifth, 5), captured) <= 0 ? 5 : 4);
    for (const error of refused) expect(Object.keys(error.fields)).toEqual(['amount']);
    const payment = orderOf(d, orderId).payment;
    const given = sum(
      (payment?.refundLog ?? []).filter((refund) => refund.state === 'done').map((refund) => refund.amount),
      captured.currency,
    );
    expect(payment?.refunded).toEqual(given);
    expect(compare(given, captured)).toBeLessThanOrEqual(0);
    expect(await gatewayRefunded(d, orderId)).toEqual(given);
    expect(orderOf(d, orderId).history.filter((entry) => entry.comment.startsWith('Refunded'))).toHaveLength(
      accepted.length,
    );
  });
});
