/**
 * Stock held while card payments wait for their customers: 20 checkouts race for the last 5 units, half of the
 * customers abandon their 3-D Secure challenge; exactly 5 units are ever held or sold, and the abandoned units
 * come back once their holds run out (a manual clock), for the others to buy: exactly 5 sold in the end.
 */
import { describe, expect, it } from 'vitest';
import { knownPayment, type PaymentRecord } from '../../src/domain/payment/index.js';
import { cardCheckout, cardSession, orderOf } from './support/card-checkout.js';
import { expectOk } from './support/demo-checkout.js';
import { stockOf } from './support/orders.js';

/** Units placed orders took: each placed order's iPhones (one each). */
function sold(d: ReturnType<typeof cardCheckout>): number {
  return [...d.data.orders.values()].filter((order) => order.orderStatusId !== 0).length;
}

describe('stock holds', () => {
  it('20 card checkouts for 5 units, half abandoned in the challenge: 5 held, then exactly 5 sold', async () => {
    const d = cardCheckout();
    const iphone = d.data.products.get(40);
    if (iphone === undefined) throw new Error('no iPhone');
    d.data.products.set(40, { ...iphone, quantity: 5 });
    const sessions = await Promise.all(Array.from({ length: 20 }, () => cardSession(d)));
    const confirm = (sessionId: string) => d.checkout.confirm(sessionId, { payment_token: 'tok_challenge' });
    const first = await Promise.all(sessions.map(confirm));
    const waiting = first.flatMap((result, index) =>
      result.isOk() && result.value.payment?.status === 'requires_action'
        ? [{ index, order: result.value }]
        : [],
    );
    // Exactly the 5 units are held; every other confirm was refused for stock, and nothing went below zero.
    expect(waiting).toHaveLength(5);
    expect(
      first.filter((result) => result.isErr()).every((result) => result._unsafeUnwrapErr().fields.product),
    ).toBe(true);
    expect(stockOf(d, 40)).toBe(0);
    // Customers at an even index pass their challenge; the others abandon it.
    const passing = waiting.filter(({ index }) => index % 2 === 0);
    for (const { index, order } of passing) {
      await d.card.completeChallenge(orderOf(d, order.orderId).payment?.reference ?? '', true);
      await expectOk(d.checkout.completePayment(sessions[index] ?? '', {}));
    }
    expect(sold(d)).toBe(passing.length);
    expect(stockOf(d, 40)).toBe(0);
    // The holds run out: the sweep gives the abandoned units back and marks their payments expired.
    d.clock.advance(31 * 60 * 1000);
    const swept = await expectOk(d.checkout.sweep());
    expect(swept.expiredPayments).toBe(waiting.length - passing.length);
    expect(stockOf(d, 40)).toBe(5 - passing.length);
    for (const { order } of waiting.filter(({ index }) => index % 2 !== 0)) {
      expect(orderOf(d, order.orderId).payment?.status).toBe('expired');
      expect(orderOf(d, order.orderId).stockHold?.ended?.how).toBe('expired');
    }
    // The customers refused for stock try again, with a card authorized at once: the units left are sold.
    const refused = sessions.filter((_, index) => !waiting.some((entry) => entry.index === index));
    const second = await Promise.all(
      refused.map((sessionId) => d.checkout.confirm(sessionId, { payment_token: 'tok_success' })),
    );
    const placed = second.filter((result) => result.isOk() && result.value.payment?.status === 'authorized');
    expect(placed).toHaveLength(5 - passing.length);
    expect(sold(d)).toBe(5);
    expect(stockOf(d, 40)).toBe(0);
  });

  it('an abandoned challenge gives its units back when its stock is next read, before any sweep', async () => {
    const d = cardCheckout();
    const before = stockOf(d, 40);
    const sessionId = await cardSession(d);
    await expectOk(d.checkout.confirm(sessionId, { payment_token: 'tok_challenge' }));
    expect(stockOf(d, 40)).toBe(before - 1);
    d.clock.advance(31 * 60 * 1000);
    // A read through the catalog (another customer's cart) releases the due hold.
    const other = await d.open();
    await expectOk(d.checkout.addProducts(other, { product: [{ product_id: 40 }] }));
    expect(stockOf(d, 40)).toBe(before);
  });

  it('a challenge passed after its hold ran out never places the order: the payment is voided at the provider', async () => {
    const d = cardCheckout();
    const before = stockOf(d, 40);
    const sessionId = await cardSession(d);
    const waiting = await expectOk(d.checkout.confirm(sessionId, { payment_token: 'tok_challenge' }));
    d.clock.advance(31 * 60 * 1000);
    await expectOk(d.checkout.sweep());
    const reference = orderOf(d, waiting.orderId).payment?.reference ?? '';
    await d.card.completeChallenge(reference, true);
    const late = await expectOk(d.checkout.completePayment(sessionId, {}));
    expect(late.payment.status).toBe('expired');
    expect(orderOf(d, waiting.orderId).orderStatusId).toBe(0);
    const known = knownPayment({ ...(orderOf(d, waiting.orderId).payment as PaymentRecord), reference });
    if (known === undefined) throw new Error('no payment');
    const truth = await d.card.retrieve({ payment: known });
    expect(truth.outcome === 'done' && truth.payment.status).toBe('voided');
    expect(stockOf(d, 40)).toBe(before);
  });
});
