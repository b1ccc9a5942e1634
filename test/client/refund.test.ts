/**
 * The typed client's `refundPayment` against a real server with a card method: the answer is checked against
 * the document, the Idempotency-Key travels with it, and a refused amount is an answer keyed by `amount`.
 */
import { describe, expect, it } from 'vitest';
import { type CardConfirm, confirmWith, readyForCard, startCardDemo } from '../http/support/card-demo.js';

describe('the typed client: refundPayment', () => {
  it('refunds part of a captured payment, replays under its key, and refuses too much under amount', async () => {
    const demo = await startCardDemo();
    const session = await demo.login();
    await readyForCard(session);
    const { order_id: orderId } = (await confirmWith(session, 'tok_success')).body as CardConfirm;
    const client = demo.client({ headers: { cookie: session.cookie } });
    const captured = await client.addHistory({ order_id: orderId, order_status_id: 2 });
    expect(captured.isOk()).toBe(true);
    const refunded = await client.refundPayment(
      { order_id: orderId, amount: '5.00' },
      { idempotencyKey: 'client-refund-1' },
    );
    if (refunded.isErr()) throw new Error(JSON.stringify(refunded.error));
    expect(refunded.value.payment).toMatchObject({ status: 'partially_refunded', refunded: '5.00' });
    const again = await client.refundPayment(
      { order_id: orderId, amount: '5.00' },
      { idempotencyKey: 'client-refund-1' },
    );
    expect(again.isOk() && again.value).toEqual(refunded.value);
    expect(demo.calls.refund).toBe(1);
    const tooMuch = await client.refundPayment({ order_id: orderId, amount: '100000.00' });
    expect(tooMuch.isErr() && tooMuch.error.kind).toBe('answer');
    if (tooMuch.isErr() && tooMuch.error.kind === 'answer') {
      expect(tooMuch.error.status).toBe(422);
      expect(Object.keys(tooMuch.error.error)).toEqual(['amount']);
    }
  }, 60_000);
});
