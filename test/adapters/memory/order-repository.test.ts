import { describe, expect, it } from 'vitest';
import {
  createMemoryAdapters,
  createMemoryOrderRepository,
  demoStore,
  type MemoryStoreData,
} from '../../../src/adapters/memory/index.js';
import { draft, history, take, testClock, usd, withInstalledStock } from './helpers.js';

/** The demo with OpenCart's installed stock of products 30 and 40, so the tests can run it out. */
function setup(faultBeforeCommit?: () => void) {
  const data = withInstalledStock(demoStore().data);
  const ports = createMemoryAdapters(data, { clock: testClock(), orders: { faultBeforeCommit } });
  return { data, ...ports };
}

async function stockOf(
  ports: ReturnType<typeof setup>,
  productId: number,
  valueId?: number,
): Promise<number> {
  const [product] = await ports.catalog.getProducts([productId]);
  if (valueId === undefined) return product?.quantity ?? Number.NaN;
  const value = product?.options.flatMap((o) => o.values).find((v) => v.productOptionValueId === valueId);
  return value?.quantity ?? Number.NaN;
}

/** Everything the repository could have written, as plain data. */
function snapshot(data: MemoryStoreData) {
  return structuredClone({
    products: [...data.products.entries()],
    orders: [...data.orders.entries()],
    couponUses: data.couponUses,
    rewardPoints: data.rewardPoints,
    idempotencyKeys: [...data.idempotencyKeys.entries()],
    sequences: data.sequences,
  });
}

const redeeming = history({
  stockMoves: [take(40, 2), take(30, 1), take(30, 1, 15)],
  redemptions: [
    { kind: 'coupon', couponId: 1, customerId: 1, amount: usd('-10.00') },
    { kind: 'reward', customerId: 1, points: -200 },
  ],
});

describe('memory order repository: shared tables', () => {
  it('moves stock the catalog reads and records uses the coupon and customer directories count', async () => {
    const ports = setup();
    const created = await ports.orders.create(draft(), redeeming);
    expect(created.status).toBe('created');
    expect(await stockOf(ports, 40)).toBe(968);
    expect(await stockOf(ports, 30)).toBe(6);
    expect(await stockOf(ports, 30, 15)).toBe(1);
    expect(await ports.coupons.countUses(1, 1)).toEqual({ total: 1, customer: 1 });
    expect(await ports.coupons.countUses(1, 2)).toEqual({ total: 1, customer: 0 });
    expect(await ports.coupons.countUses(1, 0)).toEqual({ total: 1, customer: 0 });
    expect(await ports.customers.getRewardBalance(1)).toBe(800);
  });

  it('releases an order’s uses and spent points, and puts stock back', async () => {
    const ports = setup();
    const created = await ports.orders.create(draft(), redeeming);
    if (created.status !== 'created') throw new Error(created.status);
    const release = history({
      orderStatusId: 7,
      stockMoves: [
        { productId: 40, productOptionValueId: null, delta: 2, guard: false },
        { productId: 30, productOptionValueId: 15, delta: 1, guard: false },
      ],
      releaseRedemptions: true,
    });
    const written = await ports.orders.addHistory(created.order.orderId, release, 1);
    expect(written.status).toBe('written');
    expect(await stockOf(ports, 40)).toBe(970);
    expect(await stockOf(ports, 30, 15)).toBe(2);
    expect(await ports.coupons.countUses(1, 1)).toEqual({ total: 0, customer: 0 });
    expect(await ports.customers.getRewardBalance(1)).toBe(1000);
  });

  it('reports each short target once, with the stock the write began with and all units asked', async () => {
    const ports = setup();
    const before = snapshot(ports.data);
    const outcome = await ports.orders.create(
      draft(),
      history({
        stockMoves: [take(30, 4), take(30, 4), take(30, 1, 15), take(30, 2, 15), take(40, 1), take(999, 1)],
      }),
    );
    expect(outcome).toEqual({
      status: 'insufficient_stock',
      shortages: [
        { productId: 30, productOptionValueId: null, available: 7, requested: 8 },
        { productId: 30, productOptionValueId: 15, available: 2, requested: 3 },
        { productId: 999, productOptionValueId: null, available: 0, requested: 1 },
      ],
    });
    expect(snapshot(ports.data)).toEqual(before);
  });

  it('lets unguarded moves take stock below zero (stock checkout) and skips unknown targets', async () => {
    const ports = setup();
    const outcome = await ports.orders.create(
      draft(),
      history({
        stockMoves: [
          { productId: 49, productOptionValueId: null, delta: -3, guard: false },
          { productId: 999, productOptionValueId: null, delta: -3, guard: false },
        ],
      }),
    );
    expect(outcome.status).toBe('created');
    expect(await stockOf(ports, 49)).toBe(-3);
  });

  it('never oversells under concurrent creates', async () => {
    const ports = setup();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        ports.orders.create(draft(), history({ stockMoves: [take(30, 1, 15)] })),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'created')).toHaveLength(2);
    expect(outcomes.filter((o) => o.status === 'insufficient_stock')).toHaveLength(8);
    expect(await stockOf(ports, 30, 15)).toBe(0);
  });
});

describe('memory order repository: fault hook', () => {
  it('a crash before commit leaves nothing behind, for create, update, addHistory and claim', async () => {
    let fail = false;
    const ports = setup(() => {
      if (fail) throw new Error('simulated crash');
    });
    const created = await ports.orders.create(draft(), history());
    if (created.status !== 'created') throw new Error(created.status);
    const id = created.order.orderId;
    fail = true;
    const before = snapshot(ports.data);
    const claim = { scope: 'api:1', key: 'k-1', fingerprint: 'f-1' };
    await expect(ports.orders.create(draft(), redeeming, claim)).rejects.toThrow('simulated crash');
    await expect(ports.orders.update(id, draft({ comment: 'changed' }), redeeming, 1)).rejects.toThrow(
      'simulated crash',
    );
    await expect(ports.orders.addHistory(id, redeeming, 1)).rejects.toThrow('simulated crash');
    await expect(ports.orders.claim(id, claim)).rejects.toThrow('simulated crash');
    expect(snapshot(ports.data)).toEqual(before);

    // The failed writes consumed no ids and no idempotency key: the next write goes through cleanly.
    fail = false;
    const next = await ports.orders.create(draft(), redeeming, claim);
    if (next.status !== 'created') throw new Error(next.status);
    expect(next.order.orderId).toBe(id + 1);
    expect(next.order.history[0]?.orderHistoryId).toBe((created.order.history[0]?.orderHistoryId ?? 0) + 1);
    expect(await ports.orders.create(draft(), redeeming, claim)).toEqual({
      status: 'replayed',
      order: next.order,
    });
  });

  it('the hook runs only once a write has passed its checks', async () => {
    let calls = 0;
    const ports = setup(() => {
      calls += 1;
    });
    await ports.orders.create(draft(), history({ stockMoves: [take(30, 99)] }));
    await ports.orders.addHistory(12345, history(), 1);
    expect(calls).toBe(0);
    await ports.orders.create(draft(), history());
    expect(calls).toBe(1);
  });
});

describe('memory order repository: records and idempotency', () => {
  it('keeps a copy of the draft: changing the caller’s object later changes nothing stored', async () => {
    const { data } = demoStore();
    const orders = createMemoryOrderRepository(data);
    const mine = structuredClone(draft());
    const original = mine.comment;
    const created = await orders.create(mine, history());
    if (created.status !== 'created') throw new Error(created.status);
    (mine as { comment: string }).comment = 'changed';
    (mine.products as unknown[]).push({});
    const stored = await orders.get(created.order.orderId);
    if (stored === undefined) throw new Error('order not stored');
    expect(stored.comment).toBe(original);
    expect(stored.products).toHaveLength(1);
    expect(() => {
      (stored as { comment: string }).comment = 'x';
    }).toThrow(TypeError);
    expect(() => {
      (stored.history as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it('scopes idempotency keys by API user', async () => {
    const { data } = demoStore();
    const orders = createMemoryOrderRepository(data);
    const a = await orders.create(draft(), history(), { scope: 'api:1', key: 'k', fingerprint: 'f' });
    const b = await orders.create(draft(), history(), { scope: 'api:2', key: 'k', fingerprint: 'g' });
    expect([a.status, b.status]).toEqual(['created', 'created']);
    expect(
      (await orders.create(draft(), history(), { scope: 'api:2', key: 'k', fingerprint: 'f' })).status,
    ).toBe('idempotency_conflict');
  });

  it('replays before checking stock: a repeated create answers the first order even when stock ran out', async () => {
    const data = withInstalledStock(demoStore().data);
    const orders = createMemoryOrderRepository(data);
    const claim = { scope: 'api:1', key: 'k', fingerprint: 'f' };
    const first = await orders.create(draft(), history({ stockMoves: [take(30, 7)] }), claim);
    const again = await orders.create(draft(), history({ stockMoves: [take(30, 7)] }), claim);
    expect(first.status).toBe('created');
    expect(again).toEqual({
      status: 'replayed',
      order: first.status === 'created' ? first.order : undefined,
    });
    expect(data.products.get(30)?.quantity).toBe(0);
  });

  it('update replaces the draft, keeps the id and appends history', async () => {
    const { data } = demoStore();
    const orders = createMemoryOrderRepository(data);
    const created = await orders.create(draft(), history());
    if (created.status !== 'created') throw new Error(created.status);
    const updated = await orders.update(
      created.order.orderId,
      draft({ comment: 'second' }),
      history({ orderStatusId: 2 }),
      1,
    );
    if (updated.status !== 'written') throw new Error(updated.status);
    expect(updated.order).toMatchObject({ orderId: created.order.orderId, comment: 'second', revision: 2 });
    expect(updated.order.orderStatusId).toBe(2);
    expect(updated.order.history.map((h) => h.orderStatusId)).toEqual([1, 2]);
  });
});
