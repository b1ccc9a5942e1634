/**
 * Payment faults: a provider that stalls past its deadline (the order stays pending, and a retry never
 * authorizes twice at the provider), and a provider that authorizes while the order's write fails (the
 * webhook then completes the order: never a charge without an order).
 */
import { describe, expect, it } from 'vitest';
import type { AuthorizeRequest, ProviderAnswer } from '../../src/ports/payment-provider.js';
import { type CardCheckout, cardCheckout, cardSession, orderOf } from './support/card-checkout.js';
import { expectErr, expectOk } from './support/demo-checkout.js';
import { stockOf } from './support/orders.js';

/** Waits `ms` milliseconds. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The references the gateway answered, to count the payments it made. */
function references(answers: readonly ProviderAnswer[]): Set<string> {
  return new Set(answers.flatMap((answer) => (answer.outcome === 'done' ? [answer.payment.reference] : [])));
}

describe('a provider that stalls past its deadline', () => {
  it('leaves the order pending with its stock held; the retried confirm completes it with one authorization', async () => {
    const answers: ProviderAnswer[] = [];
    const finished: Promise<unknown>[] = [];
    const holder: { d?: CardCheckout } = {};
    let stall = true;
    const d = cardCheckout({
      deadlineMs: 100,
      provider: {
        authorize: (request: AuthorizeRequest) => {
          const run = (async () => {
            if (stall) await sleep(300);
            const answer = await (holder.d as CardCheckout).card.authorize(request);
            answers.push(answer);
            return answer;
          })();
          finished.push(run);
          return run;
        },
      },
    });
    holder.d = d;
    const before = stockOf(d, 40);
    const sessionId = await cardSession(d);
    const first = await expectOk(
      d.checkout.confirm(sessionId, { payment_token: 'tok_success' }, { idempotencyKey: 'k' }),
    );
    expect(first.payment?.status).toBe('pending');
    expect(orderOf(d, first.orderId).orderStatusId).toBe(0);
    expect(stockOf(d, 40)).toBe(before - 1);
    // The gateway did authorize, after the deadline: the retry asks again with the same key, and it replays.
    await Promise.all(finished);
    stall = false;
    const retried = await expectOk(
      d.checkout.confirm(sessionId, { payment_token: 'tok_success' }, { idempotencyKey: 'k' }),
    );
    expect(retried.orderId).toBe(first.orderId);
    expect(retried.payment?.status).toBe('authorized');
    expect(orderOf(d, first.orderId).orderStatusId).toBe(d.settings.orderStatusId);
    expect(stockOf(d, 40)).toBe(before - 1);
    expect(d.calls.authorize).toBe(2);
    expect(references(answers).size).toBe(1);
    // A third confirm changes nothing and asks nothing.
    await expectOk(d.checkout.confirm(sessionId, { payment_token: 'tok_success' }, { idempotencyKey: 'k' }));
    expect(d.calls.authorize).toBe(2);
  });
});

describe('a provider that authorizes while the order write fails', () => {
  it('answers 503, and the webhook completes the order: never a charge without an order', async () => {
    let writes = 0;
    const answers: ProviderAnswer[] = [];
    const holder: { d?: CardCheckout } = {};
    const d = cardCheckout({
      provider: {
        authorize: async (request: AuthorizeRequest) => {
          const answer = await (holder.d as CardCheckout).card.authorize(request);
          answers.push(answer);
          return answer;
        },
      },
      deps: (adapters) => ({
        orderPayments: {
          releaseDueHolds: (now, limit) => adapters.orders.releaseDueHolds(now, limit),
          dueOpenPayments: (now, limit) => adapters.orders.dueOpenPayments(now, limit),
          findByPaymentReference: (code, reference) =>
            adapters.orders.findByPaymentReference(code, reference),
          writePayment: (orderId, write, revision) => {
            writes += 1;
            // The second write records the authorization: the store fails it.
            if (writes === 2) return Promise.reject(new Error('connection reset'));
            return adapters.orders.writePayment(orderId, write, revision);
          },
        },
      }),
    });
    holder.d = d;
    const before = stockOf(d, 40);
    const sessionId = await cardSession(d);
    const error = await expectErr(d.checkout.confirm(sessionId, { payment_token: 'tok_success' }));
    expect(error.kind).toBe('unavailable');
    const [order] = [...d.data.orders.values()];
    if (order === undefined) throw new Error('no order');
    expect(order.orderStatusId).toBe(0);
    expect(order.payment?.reference).toBeNull();
    // The gateway holds an authorization; its webhook names the payment and the order it was made for.
    const [reference] = [...references(answers)];
    if (reference === undefined) throw new Error('the gateway made no payment');
    const webhook = await d.card.signedWebhook(reference);
    const request = new Request('https://shop.test/index.php?route=api/payment/webhook&code=test_card', {
      method: 'POST',
      headers: webhook.headers,
      body: webhook.body,
    });
    const received = await expectOk(d.checkout.receivePaymentWebhook('test_card', request));
    expect(received.orderId).toBe(order.orderId);
    const placed = orderOf(d, order.orderId);
    expect(placed.orderStatusId).toBe(d.settings.orderStatusId);
    expect(placed.payment).toMatchObject({ status: 'authorized', reference });
    expect(stockOf(d, 40)).toBe(before - 1);
    expect(references(answers).size).toBe(1);
  });
});
