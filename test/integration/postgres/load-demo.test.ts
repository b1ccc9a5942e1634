/**
 * `loadDemoStore`: replaces everything (orders, ledgers and idempotency keys included), loads only into an
 * empty store, or reloads the catalog and directories keeping the orders; ids continue after what it loaded.
 */
import { describe, expect, it } from 'vitest';
import {
  createMemoryOrderRepository,
  createMemoryStoreData,
  demoStore,
} from '../../../src/adapters/memory/index.js';
import { createPostgresAdapters, loadDemoStore } from '../../../src/adapters/postgres/index.js';
import { money } from '../../../src/money/index.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../../../src/testing/index.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('load');

describe('loadDemoStore', () => {
  it('writes orders, history, ledgers and claims of a used store, and ids continue after them', async () => {
    const { pool, schema } = database();
    const { data } = demoStore();
    const memory = createMemoryOrderRepository(data);
    const claim = { scope: 'api-1', key: 'first', fingerprint: 'f1' };
    const redeem = sampleHistoryWrite({
      redemptions: [
        { kind: 'coupon', couponId: 4, customerId: 1, amount: money('-10.00', 'USD') },
        { kind: 'reward', customerId: 1, points: -100 },
      ],
    });
    await memory.create(sampleOrderDraft(), redeem, claim);
    await memory.addHistory(1, sampleHistoryWrite({ orderStatusId: 2, comment: 'paid' }), 1);
    await memory.create(sampleOrderDraft({ comment: 'second' }), sampleHistoryWrite());

    expect(await loadDemoStore(pool, { data }, { schema })).toBe(true);
    const ports = createPostgresAdapters({ pool, schema });
    expect(await ports.orders.get(1)).toEqual(await memory.get(1));
    expect(await ports.orders.get(2)).toEqual(await memory.get(2));
    expect(await ports.customers.getRewardBalance(1)).toBe(900);
    expect(await ports.coupons.countUses(4, 1)).toEqual({ total: 1, customer: 1 });

    const replay = await ports.orders.create(sampleOrderDraft(), redeem, claim);
    expect(replay).toEqual({ status: 'replayed', order: await memory.get(1) });
    const next = await ports.orders.create(sampleOrderDraft(), redeem);
    expect(next.status === 'created' && next.order.orderId).toBe(3);
    expect(next.status === 'created' && next.order.history[0]?.orderHistoryId).toBe(4);
    expect(await ports.customers.getRewardBalance(1)).toBe(800);
  });

  it('replaces everything by default, and loads only into an empty store in if-empty mode', async () => {
    const { pool, schema } = database();
    await loadDemoStore(pool, demoStore(), { schema });
    const ports = createPostgresAdapters({ pool, schema });
    await ports.orders.create(sampleOrderDraft(), sampleHistoryWrite());

    const { data } = demoStore();
    data.products.delete(49);
    expect(await loadDemoStore(pool, { data }, { schema, mode: 'if-empty' })).toBe(false);
    expect(await ports.catalog.getProducts([49])).toHaveLength(1);
    expect(await ports.orders.get(1)).toBeDefined();

    expect(await loadDemoStore(pool, { data }, { schema })).toBe(true);
    expect(await ports.catalog.getProducts([49])).toEqual([]);
    expect(await ports.orders.get(1)).toBeUndefined();

    const empty = createMemoryStoreData(data.settings, data.extensions);
    expect(await loadDemoStore(pool, { data: empty }, { schema })).toBe(true);
    expect(await ports.catalog.countManufacturers()).toBe(0);
    expect(await loadDemoStore(pool, demoStore(), { schema, mode: 'if-empty' })).toBe(true);
    expect(await ports.catalog.countManufacturers()).toBe(6);
  });

  it('in keep-orders mode reloads catalog, stock and directories and keeps the orders with their ledger entries', async () => {
    const { pool, schema } = database();
    await loadDemoStore(pool, demoStore(), { schema });
    const ports = createPostgresAdapters({ pool, schema });
    const stockOf40 = async () => (await ports.catalog.getProducts([40]))[0]?.quantity;
    const initialStock = await stockOf40();
    const claim = { scope: 'api-1', key: 'kept', fingerprint: 'f1' };
    const redeem = sampleHistoryWrite({
      stockMoves: [{ productId: 40, productOptionValueId: null, delta: -3, guard: true }],
      redemptions: [
        { kind: 'coupon', couponId: 4, customerId: 1, amount: money('-10.00', 'USD') },
        { kind: 'reward', customerId: 1, points: -100 },
      ],
    });
    const first = await ports.orders.create(sampleOrderDraft(), redeem, claim);
    expect(first.status).toBe('created');
    expect(await stockOf40()).toBe((initialStock ?? 0) - 3);
    const balance = await ports.customers.getRewardBalance(1);

    const { data } = demoStore();
    data.products.delete(49);
    expect(await loadDemoStore(pool, { data }, { schema, mode: 'keep-orders' })).toBe(true);
    // The catalog is the store's again: stock back, product 49 gone.
    expect(await stockOf40()).toBe(initialStock);
    expect(await ports.catalog.getProducts([49])).toEqual([]);
    // The order, its claim and its ledger entries are kept; the store's own entries are there once.
    expect(await ports.orders.get(1)).toEqual(first.status === 'created' ? first.order : undefined);
    expect(await ports.orders.create(sampleOrderDraft(), redeem, claim)).toMatchObject({
      status: 'replayed',
    });
    expect(await ports.coupons.countUses(4, 1)).toEqual({ total: 1, customer: 1 });
    expect(await ports.customers.getRewardBalance(1)).toBe(balance);
    // Twice in a row changes nothing more, and new orders continue after the kept one.
    await loadDemoStore(pool, { data }, { schema, mode: 'keep-orders' });
    expect(await ports.customers.getRewardBalance(1)).toBe(balance);
    const next = await ports.orders.create(sampleOrderDraft(), sampleHistoryWrite());
    expect(next.status === 'created' && next.order.orderId).toBe(2);
  });
});
