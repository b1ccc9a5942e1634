/**
 * Completing a card payment over a real server: the webhook route and `payment_complete`, raced with real
 * concurrency. Whatever the interleaving: one order placed, one authorization honoured, the stock moved once.
 * A webhook whose signature is wrong, whose body was changed or whose timestamp is old is 401 with nothing
 * written.
 */
import { describe, expect, it } from 'vitest';
import {
  type CardConfirm,
  type CardDemo,
  confirmWith,
  readyForCard,
  startCardDemo,
} from './support/card-demo.js';
import type { Session } from './support/harness.js';

/**
 * A card demo whose provider takes a moment to answer `retrieve`, as a gateway does: racing completions both
 * read the order before either writes, so only the order's turn and its compare-and-set keep them apart.
 */
async function slowDemo(): Promise<CardDemo> {
  const holder: { demo?: CardDemo } = {};
  const demo = await startCardDemo({
    provider: {
      retrieve: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (holder.demo === undefined) throw new Error('not started');
        return holder.demo.card.retrieve(request);
      },
    },
  });
  holder.demo = demo;
  return demo;
}

/** A session whose card payment waits for its challenge: the demo, the session, the order and its reference. */
async function waitingPayment(demo: CardDemo) {
  const session = await demo.login();
  await readyForCard(session);
  const confirmed = await confirmWith(session, 'tok_challenge');
  expect(confirmed.status).toBe(200);
  const answer = confirmed.body as CardConfirm;
  expect(answer.payment.status).toBe('requires_action');
  const order = demo.app.data.orders.get(answer.order_id);
  const reference = order?.payment?.reference ?? '';
  expect(reference).not.toBe('');
  return { session, orderId: answer.order_id, reference };
}

/** The order now. */
function orderOf(demo: CardDemo, orderId: number) {
  const order = demo.app.data.orders.get(orderId);
  if (order === undefined) throw new Error(`no order ${orderId}`);
  return order;
}

/** Expects the order placed once: its status, one entry into it, its stock taken once, one authorization. */
function expectPlacedOnce(demo: CardDemo, orderId: number, stockBefore: number) {
  const order = orderOf(demo, orderId);
  expect(order.orderStatusId).toBe(demo.app.settings.orderStatusId);
  expect(order.history.map((entry) => entry.orderStatusId)).toEqual([0, demo.app.settings.orderStatusId]);
  expect(order.payment?.status).toBe('authorized');
  expect(order.payment?.moves.filter((move) => move.to === 'authorized')).toHaveLength(1);
  expect(demo.app.data.products.get(40)?.quantity).toBe(stockBefore - 1);
  expect(demo.calls.authorize).toBe(1);
  expect(demo.calls.capture).toBe(0);
}

/** Calls `payment_complete` on the session. */
function complete(session: Session, orderId?: number) {
  return session.call('api/order&call=payment_complete', {
    form: orderId === undefined ? {} : { order_id: String(orderId) },
  });
}

describe('the webhook route', () => {
  it('places the order when the webhook arrives before the client returns; the client then answers the same', async () => {
    const demo = await startCardDemo();
    const stock = demo.app.data.products.get(40)?.quantity ?? 0;
    const { session, orderId, reference } = await waitingPayment(demo);
    demo.autoDeliver = true;
    await demo.card.completeChallenge(reference, true);
    expectPlacedOnce(demo, orderId, stock);
    const revision = orderOf(demo, orderId).revision;
    const completed = await complete(session);
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ order_id: orderId, payment: { status: 'authorized' } });
    expect(orderOf(demo, orderId).revision).toBe(revision);
    expectPlacedOnce(demo, orderId, stock);
  });

  it('the webhook and the client at once: one order placed, the other answers the same', async () => {
    for (let round = 0; round < 5; round += 1) {
      const demo = await slowDemo();
      const stock = demo.app.data.products.get(40)?.quantity ?? 0;
      const { session, orderId, reference } = await waitingPayment(demo);
      await demo.card.completeChallenge(reference, true);
      const webhook = await demo.card.signedWebhook(reference);
      const [hooked, completed] = await Promise.all([demo.deliver(webhook), complete(session, orderId)]);
      expect(hooked.status).toBe(200);
      expect(hooked.body).toMatchObject({ order_id: orderId });
      expect(completed.status).toBe(200);
      expect(completed.body).toMatchObject({ payment: { status: 'authorized' } });
      expectPlacedOnce(demo, orderId, stock);
    }
  });

  it('the webhook delivered five times at once changes the order once', async () => {
    const demo = await slowDemo();
    const stock = demo.app.data.products.get(40)?.quantity ?? 0;
    const { orderId, reference } = await waitingPayment(demo);
    await demo.card.completeChallenge(reference, true);
    const webhook = await demo.card.signedWebhook(reference);
    const replies = await Promise.all(Array.from({ length: 5 }, () => demo.deliver(webhook)));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    expectPlacedOnce(demo, orderId, stock);
  });

  it('refuses a wrong signature, a changed body and an old timestamp with 401, writing nothing', async () => {
    const demo = await startCardDemo();
    const { orderId, reference } = await waitingPayment(demo);
    await demo.card.completeChallenge(reference, true);
    const before = structuredClone(orderOf(demo, orderId));
    const webhook = await demo.card.signedWebhook(reference);
    const wrong = { ...webhook, headers: { 'Test-Card-Signature': 't=1,v1=00' } };
    const changed = { ...webhook, body: webhook.body.replace('payment.', 'payment.x') };
    const old = await demo.card.signedWebhook(reference, { ageSeconds: 3600 });
    const unsigned = { body: webhook.body, headers: {} };
    for (const bad of [wrong, changed, old, unsigned]) {
      const reply = await demo.deliver(bad);
      expect(reply.status).toBe(401);
      expect(Object.keys(reply.error)).toEqual(['warning']);
    }
    expect(orderOf(demo, orderId)).toEqual(before);
    expect(demo.calls.retrieve).toBe(0);
  });

  it('answers 404 for a method with no provider, and an event about no order of ours with no order', async () => {
    const demo = await startCardDemo();
    const unknown = await demo.send('api/payment/webhook', {
      method: 'POST',
      query: { code: 'nope' },
      json: {},
    });
    expect(unknown.status).toBe(404);
    const offline = await demo.send('api/payment/webhook', {
      method: 'POST',
      query: { code: 'cod' },
      json: {},
    });
    expect(offline.status).toBe(401);
    const session = await demo.login();
    await readyForCard(session);
    const confirmed = (await confirmWith(session, 'tok_challenge')).body as CardConfirm;
    const reference = orderOf(demo, confirmed.order_id).payment?.reference ?? '';
    // A signed event about a payment the shop never recorded: acknowledged, nothing to do.
    demo.app.data.orders.delete(confirmed.order_id);
    const stray = await demo.deliver(await demo.card.signedWebhook(reference));
    expect(stray.status).toBe(200);
    expect(stray.body).toMatchObject({ order_id: null });
  });
});
