/**
 * `payment_refund` over HTTP on two servers sharing Redis + PostgreSQL and one test card gateway: a partial
 * refund recorded in PostgreSQL with its history entry; a retry with the same Idempotency-Key on the other server
 * answers the same refund; and ten refunds racing across both servers, worth twice what was captured, are
 * accepted only as far as they fit, each given back once at the gateway.
 */
import { describe, expect, it } from 'vitest';
import { compare, type Money, money, multiply, round, sum } from '../../../src/money/index.js';
import type { CardConfirm } from '../../http/support/card-demo.js';
import { confirmWith, readyForCard } from '../../http/support/card-demo.js';
import { useTwoServers } from './support/two-servers.js';

const twoServers = useTwoServers('refunds');

/** `value` as a wire amount with two decimals. */
const wire = (value: Money) => round(value, 2).amount.replace(/(\.\d{2})\d*$/, '$1');

/** A captured card order on server `a`, and a session on each server. */
async function capturedOrder() {
  const servers = await twoServers();
  const { a, b, read } = servers;
  const session = await a.login();
  await readyForCard(session);
  const confirmed = await confirmWith(session, 'tok_success');
  const orderId = (confirmed.body as CardConfirm).order_id;
  const captured = await session.call('api/order&call=history_add', {
    form: { order_id: String(orderId), order_status_id: '2' },
  });
  expect(captured.status).toBe(200);
  const order = await read.orders.get(orderId);
  expect(order?.payment?.status).toBe('captured');
  const other = await b.login();
  return { ...servers, session, other, orderId, amount: order?.payment?.captured ?? money('0', 'GBP') };
}

interface RefundAnswer {
  readonly order_id: number;
  readonly payment: { readonly status: string; readonly refunded: string; readonly currency: string };
}

describe('payment_refund on two servers, Redis + PostgreSQL', () => {
  it('refunds part, recorded with its history entry; the same key on the other server answers the same', async () => {
    const { a, b, read, session, other, orderId } = await capturedOrder();
    const refund = (s: typeof session, amount: string, key: string) =>
      s.call('api/order&call=payment_refund', {
        form: { order_id: String(orderId), amount },
        headers: { 'Idempotency-Key': key },
      });
    const first = await refund(session, '10.00', 'refund-1');
    expect(first.status).toBe(200);
    const body = first.body as RefundAnswer;
    expect(body.payment.status).toBe('partially_refunded');
    expect(body.payment.refunded).toBe('10.00');
    const again = await refund(other, '10.00', 'refund-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const conflict = await refund(other, '11.00', 'refund-1');
    expect(conflict.status).toBe(409);
    const bad = await refund(other, '1.001', 'refund-2');
    expect(bad.status).toBe(422);
    expect(Object.keys((bad.body as { error: object }).error)).toEqual(['amount']);
    const order = await read.orders.get(orderId);
    expect(order?.payment?.refunded.amount).toBe('10.0000');
    expect(order?.payment?.refundLog).toHaveLength(1);
    expect(order?.payment?.refundLog?.[0]?.amount).toEqual(
      money('10', order?.payment?.amount.currency ?? ''),
    );
    expect(order?.history.at(-1)?.comment).toContain('10.00');
    expect(a.calls.refund + b.calls.refund).toBe(1);
  }, 60_000);

  it('ten refunds racing across both servers, twice what was captured: only what fits, given back once', async () => {
    const { a, b, card, read, session, other, orderId, amount } = await capturedOrder();
    const fifth = round(multiply(amount, '0.2'), 2, 'half-even');
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? session : other).call('api/order&call=payment_refund', {
          form: { order_id: String(orderId), amount: wire(fifth) },
        }),
      ),
    );
    const accepted = replies.filter((reply) => reply.status === 200);
    expect(accepted).toHaveLength(compare(multiply(fifth, 5), amount) <= 0 ? 5 : 4);
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect(reply.status).toBe(422);
      expect(Object.keys((reply.body as { error: object }).error)).toEqual(['amount']);
    }
    const order = await read.orders.get(orderId);
    const payment = order?.payment;
    if (payment === undefined || payment.reference === null) throw new Error('no payment');
    const done = (payment.refundLog ?? []).filter((refund) => refund.state === 'done');
    expect(done).toHaveLength(accepted.length);
    const given = sum(
      done.map((refund) => refund.amount),
      amount.currency,
    );
    expect(payment.refunded).toEqual(given);
    const truth = await card.retrieve({
      payment: { ...payment, reference: payment.reference, failure: null },
    });
    expect(truth.outcome === 'done' && truth.payment.refunded).toEqual(given);
    expect(a.calls.refund + b.calls.refund).toBeGreaterThanOrEqual(accepted.length);
    expect(order?.history.filter((entry) => entry.comment.startsWith('Refunded'))).toHaveLength(
      accepted.length,
    );
  }, 60_000);
});
