/**
 * No duplicate orders and the one transaction of a confirm: the same key and payload answer
 * the same order, another payload is a conflict; 50 concurrent confirms with a key and 50 without make one
 * order and move stock once; A, B, A makes three orders and A, A one; a repository failing mid-write leaves no
 * order and the stock as it was.
 */
import { describe, expect, it } from 'vitest';
import { type DemoCheckout, demoCheckout, expectErr, expectOk } from './support/demo-checkout.js';
import { confirmOk, readySession, stockOf } from './support/orders.js';

/**
 * Confirms without a key, then the same with `Idempotency-Key: late-key` (the same order), then a changed cart
 * under that key: a conflict, and still one order.
 */
async function expectLateKeyRecorded(d: DemoCheckout, sessionId: string): Promise<void> {
  const first = await confirmOk(d, sessionId);
  expect((await confirmOk(d, sessionId, {}, 'late-key')).orderId).toBe(first.orderId);
  await expectOk(d.checkout.addProduct(sessionId, { product_id: 40 }));
  const error = await expectErr(d.checkout.confirm(sessionId, {}, { idempotencyKey: 'late-key' }));
  expect(error).toEqual({
    kind: 'conflict',
    fields: { warning: 'Warning: This Idempotency-Key was already used for a different order!' },
  });
  expect(d.data.orders.size).toBe(1);
}
/** The demo's stock of iPhones (product 40): each ready session buys one. */
const IPHONES = 1_000_000;

describe('idempotency keys', () => {
  it('the same key and payload answer the same order, even once the stock it took has run out', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const first = await confirmOk(d, sessionId, {}, 'key-1');
    // The iPhones sell out after the order: the session's cart is now beyond the stock.
    const iphone = d.data.products.get(40);
    if (iphone === undefined) throw new Error('no iPhone');
    d.data.products.set(40, { ...iphone, quantity: 0 });
    const again = await confirmOk(d, sessionId, {}, 'key-1');
    // The order's figures are the stored ones; the lines are the session's view, whose stock flag now says
    // what the catalog says (see the report: the full stored response is not kept).
    const { products: againLines, ...againRest } = again;
    const { products: firstLines, ...firstRest } = first;
    expect(againRest).toEqual(firstRest);
    expect(againLines.map((line) => [line.productId, line.quantity])).toEqual(
      firstLines.map((line) => [line.productId, line.quantity]),
    );
    expect(d.data.orders.size).toBe(1);
  });

  it('the same key with another payload is a conflict and writes nothing', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    await confirmOk(d, sessionId, {}, 'key-1');
    const error = await expectErr(
      d.checkout.confirm(sessionId, { comment: 'other' }, { idempotencyKey: 'key-1' }),
    );
    expect(error).toMatchObject({
      kind: 'conflict',
      fields: { warning: 'Warning: This Idempotency-Key was already used for a different order!' },
    });
    expect(d.data.orders.size).toBe(1);
    expect(stockOf(d, 40)).toBe(IPHONES - 1);
  });

  it('an update honours the key: the same key replays without a second write, another payload conflicts', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const { orderId } = await confirmOk(d, sessionId);
    const edit = { order_id: orderId, comment: 'edit' };
    await confirmOk(d, sessionId, edit, 'edit-1');
    await confirmOk(d, sessionId, edit, 'edit-1');
    const order = await expectOk(d.checkout.getOrder(sessionId, { order_id: orderId }));
    expect(order.revision).toBe(2);
    expect(stockOf(d, 40)).toBe(IPHONES - 1);
    const error = await expectErr(
      d.checkout.confirm(sessionId, { ...edit, comment: 'x' }, { idempotencyKey: 'edit-1' }),
    );
    expect(error.kind).toBe('conflict');
  });

  it('a key first sent on a replay of the last order is recorded for it: a changed cart under it conflicts', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    await expectLateKeyRecorded(d, sessionId);
    // Without the key the changed cart is a new order, as always.
    expect((await confirmOk(d, sessionId)).orderId).toBe(2);
  });

  it('a key on a confirm the session claim replays is recorded too, when the session never recorded its order', async () => {
    // The session save that records an order always loses: the repeat is caught by the session's claim instead.
    const d = demoCheckout({
      deps: (adapters) => ({
        sessions: {
          ...adapters.sessions,
          save: (session, expected) =>
            session.lastOrder === null
              ? adapters.sessions.save(session, expected)
              : Promise.resolve('conflict'),
        },
      }),
    });
    await expectLateKeyRecorded(d, await readySession(d));
  });

  it('a replay of the last order under a key used for another payload is a conflict', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    await confirmOk(d, sessionId, { comment: 'one' }, 'k');
    const other = await readySession(d);
    await confirmOk(d, other);
    const error = await expectErr(d.checkout.confirm(other, {}, { idempotencyKey: 'k' }));
    expect(error.kind).toBe('conflict');
    expect(d.data.orders.size).toBe(2);
  });

  it('a key must be 1 to 255 visible ASCII characters: anything else is refused, never cut', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    for (const key of ['', 'a b', 'k'.repeat(256), 'é', 'a\0', 'tab\there', 'x\ud800']) {
      const error = await expectErr(d.checkout.confirm(sessionId, {}, { idempotencyKey: key }));
      expect([key, error]).toEqual([
        key,
        {
          kind: 'validation',
          fields: { warning: 'Warning: Idempotency-Key must be 1 to 255 visible ASCII characters!' },
        },
      ]);
    }
    expect(d.data.orders.size).toBe(0);
    const longest = 'k'.repeat(255);
    const { orderId } = await confirmOk(d, sessionId, {}, longest);
    expect((await confirmOk(d, sessionId, {}, longest)).orderId).toBe(orderId);
    expect([...d.data.idempotencyKeys.values()].map((claim) => claim.key)).toContain(longest);
  });

  it('50 concurrent confirms with a key and 50 without make exactly one order and move stock once', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        d.checkout.confirm(sessionId, {}, i % 2 === 0 ? { idempotencyKey: 'race' } : {}),
      ),
    );
    const ids = new Set(results.map((r) => r._unsafeUnwrap().orderId));
    expect([...ids]).toEqual([1]);
    expect(d.data.orders.size).toBe(1);
    expect(stockOf(d, 40)).toBe(IPHONES - 1);
  });
});

describe('re-confirm', () => {
  it('A, A makes one order', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const a = await confirmOk(d, sessionId);
    const again = await confirmOk(d, sessionId);
    expect(again.orderId).toBe(a.orderId);
    expect(d.data.orders.size).toBe(1);
  });

  it('A, B, A makes three orders', async () => {
    const d = demoCheckout();
    const sessionId = await readySession(d);
    const a = await confirmOk(d, sessionId, { comment: 'A' });
    const b = await confirmOk(d, sessionId, { comment: 'B' });
    const a2 = await confirmOk(d, sessionId, { comment: 'A' });
    expect(new Set([a.orderId, b.orderId, a2.orderId]).size).toBe(3);
    expect(stockOf(d, 40)).toBe(IPHONES - 3);
  });

  it('A, B, A still makes three orders when recording the order on the session loses a race', async () => {
    // Each confirm's session save first meets a conflict (another request saved meanwhile): the record is retried.
    let conflicts = 0;
    const d = demoCheckout({
      deps: (adapters) => ({
        sessions: {
          ...adapters.sessions,
          save: async (session, expected) => {
            if (session.lastOrder !== null && conflicts < 3 && session.lastOrder?.orderId !== undefined) {
              const stored = await adapters.sessions.get(session.id);
              if (
                stored.status === 'found' &&
                stored.session.lastOrder?.orderId !== session.lastOrder.orderId
              ) {
                conflicts += 1;
                await adapters.sessions.save({ ...stored.session }, stored.session.version);
              }
            }
            return adapters.sessions.save(session, expected);
          },
        },
      }),
    });
    const sessionId = await readySession(d);
    const a = await confirmOk(d, sessionId, { comment: 'A' });
    const b = await confirmOk(d, sessionId, { comment: 'B' });
    const a2 = await confirmOk(d, sessionId, { comment: 'A' });
    expect(conflicts).toBe(3);
    expect(new Set([a.orderId, b.orderId, a2.orderId]).size).toBe(3);
  });
});

describe('one transaction', () => {
  it('a repository failing mid-write is unavailable and leaves no order and the stock as it was', async () => {
    const fault = { on: true };
    const d = demoCheckout({
      orders: {
        faultBeforeCommit: () => {
          if (fault.on) throw new Error('disk full');
        },
      },
    });
    const sessionId = await readySession(d);
    const error = await expectErr(d.checkout.confirm(sessionId, {}, { idempotencyKey: 'k' }));
    expect(error.kind).toBe('unavailable');
    expect(d.data.orders.size).toBe(0);
    expect(d.data.idempotencyKeys.size).toBe(0);
    expect(stockOf(d, 40)).toBe(IPHONES);
    expect((await d.stored(sessionId)).lastOrder).toBeNull();
    fault.on = false;
    const result = await confirmOk(d, sessionId, {}, 'k');
    expect(result.orderId).toBe(1);
    expect(stockOf(d, 40)).toBe(IPHONES - 1);
  });
});
