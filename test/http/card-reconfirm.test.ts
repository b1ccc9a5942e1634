/**
 * Confirming again after a card payment ended unpaid, over a real listening server: the challenge is left until
 * its hold runs out and the sweep expires it; the same confirm with the attempt's own `Idempotency-Key` answers
 * that attempt again (expired, nothing written); the same cart and card under a new key is a new order with its
 * own challenge, which the provider's webhook places; and a declined card confirmed again is asked again.
 */
import { describe, expect, it } from 'vitest';
import { type CardConfirm, confirmWith, readyForCard, startCardDemo } from './support/card-demo.js';

const PAST_HOLD_MS = 31 * 60 * 1000;

describe('confirm again over HTTP after a card payment ended unpaid', () => {
  it('an expired challenge: its key answers it again; a new key is a new order, placed by its webhook', async () => {
    const demo = await startCardDemo();
    const stock = demo.app.data.products.get(40)?.quantity ?? 0;
    const session = await demo.login();
    await readyForCard(session);

    const first = await confirmWith(session, 'tok_challenge', 'attempt-1');
    expect(first.status).toBe(200);
    const waiting = first.body as CardConfirm;
    expect(waiting.payment.status).toBe('requires_action');
    demo.clock.advance(PAST_HOLD_MS);
    expect((await demo.app.checkout.sweep()).isOk()).toBe(true);
    expect(demo.app.data.products.get(40)?.quantity).toBe(stock);

    // The same key: the same attempt, as it now stands.
    const sameKey = await confirmWith(session, 'tok_challenge', 'attempt-1');
    expect(sameKey.status).toBe(200);
    expect(sameKey.body).toMatchObject({ order_id: waiting.order_id, payment: { status: 'expired' } });
    expect(demo.app.data.orders.size).toBe(1);

    // A new key, the same cart and card: a new order, holding the unit again, with its own challenge.
    const again = await confirmWith(session, 'tok_challenge', 'attempt-2');
    expect(again.status).toBe(200);
    const fresh = again.body as CardConfirm;
    expect(fresh.order_id).not.toBe(waiting.order_id);
    expect(fresh.payment.status).toBe('requires_action');
    expect(fresh.payment.action?.url).not.toBe(waiting.payment.action?.url);
    expect(demo.app.data.products.get(40)?.quantity).toBe(stock - 1);

    const reference = demo.app.data.orders.get(fresh.order_id)?.payment?.reference ?? '';
    await demo.card.completeChallenge(reference, true);
    expect((await demo.deliver(await demo.card.signedWebhook(reference))).status).toBe(200);
    const placed = demo.app.data.orders.get(fresh.order_id);
    expect([placed?.orderStatusId, placed?.payment?.status]).toEqual([
      demo.app.settings.orderStatusId,
      'authorized',
    ]);
    expect(demo.app.data.orders.get(waiting.order_id)?.payment?.status).toBe('expired');
    expect(demo.app.data.products.get(40)?.quantity).toBe(stock - 1);
    expect(demo.calls.authorize).toBe(2);
    expect(demo.app.data.orders.size).toBe(2);

    // Once placed, the same confirm without a key answers the placed order.
    const replayed = await confirmWith(session, 'tok_challenge');
    expect(replayed.body).toMatchObject({ order_id: fresh.order_id, payment: { status: 'authorized' } });
    expect(demo.calls.authorize).toBe(2);
  });

  it('a declined card confirmed again (no key) is asked again, as a new order', async () => {
    const demo = await startCardDemo();
    const session = await demo.login();
    await readyForCard(session);
    const declined = (await confirmWith(session, 'tok_decline')).body as CardConfirm;
    expect(declined.payment.status).toBe('failed');
    const again = (await confirmWith(session, 'tok_decline')).body as CardConfirm;
    expect(again.payment.status).toBe('failed');
    expect(again.order_id).not.toBe(declined.order_id);
    expect(demo.calls.authorize).toBe(2);
  });
});
