/**
 * Stock held while card payments wait, across two servers on Redis + PostgreSQL: 20 customers, served by two
 * servers alternately (each with its own engine, Redis client and PostgreSQL adapters over one key prefix and
 * one schema), race to buy the last 5 iPhones with a card that asks for a 3-D Secure challenge; half of the
 * customers who got a hold abandon the challenge. Exactly 5 units are ever held or sold, the abandoned units come
 * back once their holds run out (the sweep, on one server), and the others buy them: exactly 5 sold.
 */
import { describe, expect, it } from 'vitest';
import { type CardConfirm, type CardDemo, confirmWith, readyForCard } from '../../http/support/card-demo.js';
import type { Session } from '../../http/support/harness.js';
import { useTwoServers } from './support/two-servers.js';

const twoServers = useTwoServers('holds');

describe('stock holds on two servers, Redis + PostgreSQL', () => {
  it('20 card checkouts for 5 units, half abandoned in the challenge: 5 held, then exactly 5 sold', async () => {
    const { a, b, card, clock, read } = await twoServers(5);
    const stock = async () => (await read.catalog.getProducts([40]))[0]?.quantity;
    // Each customer is served by one server and completes on the other.
    const customers: { session: Session; other: CardDemo }[] = [];
    for (let i = 0; i < 20; i += 1) {
      const [server, other] = i % 2 === 0 ? [a, b] : [b, a];
      const session = await server.login();
      await readyForCard(session);
      customers.push({ session, other });
    }
    const first = await Promise.all(customers.map(({ session }) => confirmWith(session, 'tok_challenge')));
    const waiting = first.flatMap((reply, index) => {
      const body = reply.body as CardConfirm;
      return reply.status === 200 && body.payment.status === 'requires_action'
        ? [{ index, orderId: body.order_id }]
        : [];
    });
    // Exactly the 5 units are held; every other confirm was refused for stock, and nothing went below zero.
    expect(waiting).toHaveLength(5);
    for (const reply of first.filter((_, index) => !waiting.some((entry) => entry.index === index))) {
      expect(reply.status).toBe(422);
      expect(Object.keys((reply.body as { error: Record<string, string> }).error)).toContain('product');
    }
    expect(await stock()).toBe(0);
    // Customers at an even place in the queue pass their challenge (and complete on the other server); the
    // others abandon it.
    const passing = waiting.filter((_, place) => place % 2 === 0);
    const abandoned = waiting.filter((_, place) => place % 2 !== 0);
    for (const { index, orderId } of passing) {
      const order = await read.orders.get(orderId);
      await card.completeChallenge(order?.payment?.reference ?? '', true);
      const customer = customers[index];
      if (customer === undefined) throw new Error('no customer');
      const completed = await customer.other.send('api/order&call=payment_complete', {
        method: 'POST',
        form: { order_id: String(orderId) },
        headers: { cookie: customer.session.cookie },
      });
      expect(completed.status).toBe(200);
    }
    expect(await stock()).toBe(0);
    // The holds run out: a sweep on one server gives the abandoned units back and marks their payments expired.
    clock.advance(31 * 60 * 1000);
    const swept = await b.app.checkout.sweep();
    expect(swept.isOk() && swept.value.expiredPayments).toBe(abandoned.length);
    expect(await stock()).toBe(5 - passing.length);
    for (const { orderId } of abandoned) {
      const order = await read.orders.get(orderId);
      expect(order?.payment?.status).toBe('expired');
      expect(order?.stockHold?.ended?.how).toBe('expired');
      expect(order?.orderStatusId).toBe(0);
    }
    // The customers refused for stock try again, with a card authorized at once: the units left are sold.
    const refused = customers.filter((_, index) => !waiting.some((entry) => entry.index === index));
    const second = await Promise.all(refused.map(({ session }) => confirmWith(session, 'tok_success')));
    const placed = second.filter(
      (reply) => reply.status === 200 && (reply.body as CardConfirm).payment.status === 'authorized',
    );
    expect(placed).toHaveLength(5 - passing.length);
    const orderIds = [
      ...waiting.map(({ orderId }) => orderId),
      ...placed.map((reply) => (reply.body as CardConfirm).order_id),
    ];
    const orders = await Promise.all(orderIds.map((orderId) => read.orders.get(orderId)));
    expect(orders.filter((order) => order !== undefined && order.orderStatusId !== 0)).toHaveLength(5);
    expect(await stock()).toBe(0);
    expect(a.calls.capture + b.calls.capture).toBe(0);
  }, 120_000);
});
