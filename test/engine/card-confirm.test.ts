/**
 * Confirm with a card provider that needs the customer, on the memory store: authorized at once, a 3-D Secure
 * challenge passed, failed or left, a decline; replays never authorize again; the offline methods answer as
 * before.
 */
import { describe, expect, it } from 'vitest';
import { cardCheckout, cardSession, confirmCard, orderOf } from './support/card-checkout.js';
import { expectOk } from './support/demo-checkout.js';
import { confirmOk, readySession, stockOf } from './support/orders.js';

describe('confirm with a card', () => {
  it('authorized at once: the order is placed in its status, its stock moved once, the hold converted', async () => {
    const d = cardCheckout();
    const before = stockOf(d, 40);
    const sessionId = await cardSession(d);
    const placed = await confirmCard(d, sessionId, 'tok_success');
    expect(placed.payment).toEqual({ status: 'authorized', action: null });
    const order = orderOf(d, placed.orderId);
    expect(order.orderStatusId).toBe(d.settings.orderStatusId);
    expect(order.payment?.status).toBe('authorized');
    expect(order.payment?.amount).toEqual(expect.objectContaining({ currency: 'USD' }));
    expect(order.stockHold?.ended?.how).toBe('converted');
    expect(stockOf(d, 40)).toBe(before - 1);
    expect(d.calls.authorize).toBe(1);
  });

  it('a challenge: status 0 with the stock held and the redirect in the answer; completing places it', async () => {
    const d = cardCheckout();
    const before = stockOf(d, 40);
    const sessionId = await cardSession(d);
    const waiting = await confirmCard(d, sessionId, 'tok_challenge');
    expect(waiting.payment?.status).toBe('requires_action');
    expect(waiting.payment?.action?.url).toMatch(/^https:\/\/bank\.test\/challenge\//);
    expect(orderOf(d, waiting.orderId).orderStatusId).toBe(0);
    expect(stockOf(d, 40)).toBe(before - 1);
    const reference = orderOf(d, waiting.orderId).payment?.reference ?? '';
    await d.card.completeChallenge(reference, true);
    const completed = await expectOk(d.checkout.completePayment(sessionId, {}));
    expect(completed).toMatchObject({ orderId: waiting.orderId, payment: { status: 'authorized' } });
    const order = orderOf(d, waiting.orderId);
    expect(order.orderStatusId).toBe(d.settings.orderStatusId);
    expect(order.stockHold?.ended?.how).toBe('converted');
    expect(stockOf(d, 40)).toBe(before - 1);
    // Completing again finds nothing left to do.
    await expectOk(d.checkout.completePayment(sessionId, { order_id: waiting.orderId }));
    expect(orderOf(d, waiting.orderId).revision).toBe(order.revision);
    expect(stockOf(d, 40)).toBe(before - 1);
    expect(d.calls.authorize).toBe(1);
  });

  it('a failed challenge leaves the order at status 0 and gives the stock back', async () => {
    const d = cardCheckout();
    const before = stockOf(d, 40);
    const sessionId = await cardSession(d);
    const waiting = await confirmCard(d, sessionId, 'tok_challenge');
    await d.card.completeChallenge(orderOf(d, waiting.orderId).payment?.reference ?? '', false);
    const completed = await expectOk(d.checkout.completePayment(sessionId, {}));
    expect(completed.payment.status).toBe('failed');
    expect(orderOf(d, waiting.orderId).orderStatusId).toBe(0);
    expect(orderOf(d, waiting.orderId).stockHold?.ended?.how).toBe('released');
    expect(stockOf(d, 40)).toBe(before);
    // The session keeps its cart: the customer may try again.
    expect((await d.stored(sessionId)).cart).toHaveLength(1);
  });

  it('a declined card: failed, status 0, the stock back', async () => {
    const d = cardCheckout();
    const before = stockOf(d, 40);
    const sessionId = await cardSession(d);
    const declined = await confirmCard(d, sessionId, 'tok_decline');
    expect(declined.payment).toEqual({ status: 'failed', action: null });
    expect(orderOf(d, declined.orderId).orderStatusId).toBe(0);
    expect(stockOf(d, 40)).toBe(before);
  });

  it('an unknown token is refused by the provider: failed, nothing held', async () => {
    const d = cardCheckout();
    const before = stockOf(d, 40);
    const sessionId = await cardSession(d);
    const refused = await confirmCard(d, sessionId, 'tok_nonsense');
    expect(refused.payment?.status).toBe('failed');
    expect(stockOf(d, 40)).toBe(before);
  });

  it('a replayed confirm (same session, same key) answers the same payment and never authorizes again', async () => {
    const d = cardCheckout();
    const sessionId = await cardSession(d);
    const first = await confirmCard(d, sessionId, 'tok_challenge', 'key-1');
    const again = await confirmCard(d, sessionId, 'tok_challenge', 'key-1');
    const third = await confirmCard(d, sessionId, 'tok_challenge');
    expect(again.orderId).toBe(first.orderId);
    expect(third.orderId).toBe(first.orderId);
    expect(again.payment).toEqual(first.payment);
    expect(d.calls.authorize).toBe(1);
    expect(d.data.orders.size).toBe(1);
  });

  it('the offline methods answer exactly as before, with no payment, beside a card provider', async () => {
    const d = cardCheckout();
    const sessionId = await readySession(d);
    const placed = await confirmOk(d, sessionId);
    expect(placed).not.toHaveProperty('payment');
    expect(orderOf(d, placed.orderId)).not.toHaveProperty('payment');
    expect(orderOf(d, placed.orderId).orderStatusId).toBe(d.settings.orderStatusId);
    expect(d.calls.authorize).toBe(0);
  });
});
