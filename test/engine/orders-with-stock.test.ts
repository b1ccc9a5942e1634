/**
 * `ordersWithStock`: the order repository's writes with their stock moved through a host's `Stock` instead. The
 * moves reach the stock, never the repository; a write that is not made gives the units back; and what a
 * repository would answer before reaching the stock (a replay, an unknown order, a stale revision) is what the
 * pair answers too, however short the stock.
 */
import { describe, expect, it } from 'vitest';
import {
  createMemoryCatalog,
  createMemoryOrderRepository,
  createMemoryStock,
  demoStore,
  type MemoryStoreData,
} from '../../src/adapters/memory/index.js';
import { ordersWithStock } from '../../src/engine/index.js';
import type { OrderRepository, StockMove } from '../../src/ports/order-repository.js';
import type { Stock } from '../../src/ports/stock.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../../src/testing/index.js';

const take = (productId: number, units: number): StockMove => ({
  productId,
  productOptionValueId: null,
  delta: -units,
  guard: true,
});

/** The repository over one store and the stock over another, so that the test sees which one moved. */
function pair(
  options: { stock?: (stock: Stock) => Stock; orders?: (orders: OrderRepository) => OrderRepository } = {},
) {
  const orderData = demoStore().data;
  const stockData = demoStore().data;
  const stock = (options.stock ?? ((s) => s))(createMemoryStock(stockData));
  const inner = (options.orders ?? ((o) => o))(createMemoryOrderRepository(orderData));
  const giveBackErrors: unknown[] = [];
  const orders = ordersWithStock(inner, stock, (error) => giveBackErrors.push(error));
  const catalog = createMemoryCatalog(stockData);
  const stockOf = async (productId: number) => (await catalog.getProducts([productId]))[0]?.quantity;
  return { orders, orderData, stockData, stockOf, giveBackErrors };
}

/** The stock of product `productId` in `data`, as stored. */
const stored = (data: MemoryStoreData, productId: number) => data.products.get(productId)?.quantity;

describe('ordersWithStock', () => {
  it('moves the stock through the stock port; the repository gets the write without moves', async () => {
    const { orders, orderData, stockOf } = pair();
    const outcome = await orders.create(
      sampleOrderDraft(),
      sampleHistoryWrite({ stockMoves: [take(40, 2)] }),
    );
    expect(outcome.status).toBe('created');
    expect(await stockOf(40)).toBe(999_998);
    expect(stored(orderData, 40)).toBe(1_000_000);
  });

  it("answers the stock port's shortages when the repository would have reached the stock", async () => {
    const { orders, orderData, stockOf } = pair();
    const outcome = await orders.create(
      sampleOrderDraft(),
      sampleHistoryWrite({ stockMoves: [take(28, 1)] }),
    );
    expect(outcome).toEqual({
      status: 'insufficient_stock',
      shortages: [{ productId: 28, productOptionValueId: null, available: 0, requested: 1 }],
    });
    expect(orderData.orders.size).toBe(0);
    expect(await stockOf(28)).toBe(0);
  });

  it('answers a replay, not a shortage, for a claim already used when the stock has run out since', async () => {
    const { orders, stockOf } = pair();
    const claim = { scope: 'api:1', key: 'k1', fingerprint: 'f1' };
    const history = sampleHistoryWrite({ stockMoves: [take(29, 999)] });
    const first = await orders.create(sampleOrderDraft(), history, claim);
    expect(first.status).toBe('created');
    expect(await stockOf(29)).toBe(0);
    const again = await orders.create(sampleOrderDraft(), history, claim);
    expect(again).toEqual({
      status: 'replayed',
      order: first.status === 'created' ? first.order : undefined,
    });
    const other = await orders.create(sampleOrderDraft(), history, { ...claim, fingerprint: 'f2' });
    expect(other).toEqual({ status: 'idempotency_conflict' });
  });

  it('gives the units back when a claim replays though the stock could be taken', async () => {
    const { orders, stockOf } = pair();
    const claim = { scope: 'api:1', key: 'k1', fingerprint: 'f1' };
    const history = sampleHistoryWrite({ stockMoves: [take(40, 3)] });
    await orders.create(sampleOrderDraft(), history, claim);
    expect(await stockOf(40)).toBe(999_997);
    expect((await orders.create(sampleOrderDraft(), history, claim)).status).toBe('replayed');
    expect(await stockOf(40)).toBe(999_997);
  });

  it('answers not_found and conflict as the repository does, short stock or not, and gives units back', async () => {
    const { orders, stockOf } = pair();
    const created = await orders.create(sampleOrderDraft(), sampleHistoryWrite());
    if (created.status !== 'created') throw new Error('not created');
    const { orderId } = created.order;
    const short = sampleHistoryWrite({ orderStatusId: 2, stockMoves: [take(28, 1)] });
    expect(await orders.addHistory(orderId + 1, short, 1)).toEqual({ status: 'not_found' });
    expect(await orders.addHistory(orderId, short, 7)).toEqual({ status: 'conflict' });
    const enough = sampleHistoryWrite({ orderStatusId: 2, stockMoves: [take(40, 5)] });
    expect(await orders.update(orderId, sampleOrderDraft(), enough, 7)).toEqual({ status: 'conflict' });
    expect(await orders.addHistory(orderId + 1, enough, 1)).toEqual({ status: 'not_found' });
    expect(await stockOf(40)).toBe(1_000_000);
    expect((await orders.addHistory(orderId, enough, 1)).status).toBe('written');
    expect(await stockOf(40)).toBe(999_995);
  });

  it('gives the units back when the repository fails, and passes the failure on', async () => {
    const failing = (inner: OrderRepository): OrderRepository => ({
      ...inner,
      create: () => Promise.reject(new Error('the order store is down')),
    });
    const { orders, stockOf } = pair({ orders: failing });
    await expect(
      orders.create(sampleOrderDraft(), sampleHistoryWrite({ stockMoves: [take(40, 2)] })),
    ).rejects.toThrow('the order store is down');
    expect(await stockOf(40)).toBe(1_000_000);
  });

  it('reports a give-back that failed, and still answers what the repository answered', async () => {
    let calls = 0;
    const failsSecond = (stock: Stock): Stock => ({
      move: (moves) => {
        calls += 1;
        return calls === 2 ? Promise.reject(new Error('the stock store is down')) : stock.move(moves);
      },
    });
    const { orders, stockOf, giveBackErrors } = pair({ stock: failsSecond });
    const outcome = await orders.addHistory(99, sampleHistoryWrite({ stockMoves: [take(40, 2)] }), 1);
    expect(outcome).toEqual({ status: 'not_found' });
    expect(giveBackErrors).toEqual([new Error('the stock store is down')]);
    expect(await stockOf(40)).toBe(999_998);
  });

  it('leaves a write without moves to the repository alone, and passes claim and get through', async () => {
    const untouchable: Stock = { move: () => Promise.reject(new Error('the stock must not be asked')) };
    const { orders } = pair({ stock: () => untouchable });
    const created = await orders.create(sampleOrderDraft(), sampleHistoryWrite());
    if (created.status !== 'created') throw new Error('not created');
    const claim = { scope: 'api:1', key: 'k2', fingerprint: 'f' };
    expect((await orders.claim(created.order.orderId, claim)).status).toBe('claimed');
    expect(await orders.get(created.order.orderId)).toEqual(created.order);
  });
});
