/**
 * Concurrent stock moves on the real server: row locks and conditional updates never oversell, and locks taken
 * in id order never deadlock.
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { createPostgresAdapters, loadDemoStore } from '../../../src/adapters/postgres/index.js';
import type { StockMove } from '../../../src/ports/order-repository.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../../../src/testing/index.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('stock', 20);

/** A product with 10 in stock, a copy of the iPhone. */
const SCARCE = 200;

const take = (productId: number, units: number): StockMove => ({
  productId,
  productOptionValueId: null,
  delta: -units,
  guard: true,
});

async function openStore() {
  const { pool, schema } = database();
  const { data } = demoStore();
  const iphone = data.products.get(40);
  if (iphone === undefined) throw new Error('demo product 40 missing');
  data.products.set(SCARCE, { ...iphone, productId: SCARCE, name: 'Scarce thing', quantity: 10 });
  await loadDemoStore(pool, { data }, { schema });
  return createPostgresAdapters({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS });
}

async function stockOf(ports: Awaited<ReturnType<typeof openStore>>, productId: number): Promise<number> {
  const [product] = await ports.catalog.getProducts([productId]);
  if (product === undefined) throw new Error(`no product ${productId}`);
  return product.quantity;
}

describe('postgres stock moves under concurrency', () => {
  it('200 orders moving to processing at once on a product with 10 in stock: exactly 10 succeed', async () => {
    const ports = await openStore();
    const created = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const outcome = await ports.orders.create(
          sampleOrderDraft({ comment: `buyer ${i}` }),
          sampleHistoryWrite({ orderStatusId: 1 }),
        );
        if (outcome.status !== 'created') throw new Error(`create ${i}: ${outcome.status}`);
        return outcome.order.orderId;
      }),
    );
    const processing = sampleHistoryWrite({ orderStatusId: 2, stockMoves: [take(SCARCE, 1)] });
    const outcomes = await Promise.all(created.map((id) => ports.orders.addHistory(id, processing, 1)));

    const written = outcomes.filter((outcome) => outcome.status === 'written');
    expect(written).toHaveLength(10);
    const refused = outcomes.filter((outcome) => outcome.status !== 'written');
    expect(refused).toHaveLength(190);
    for (const outcome of refused) {
      expect(outcome).toEqual({
        status: 'insufficient_stock',
        shortages: [{ productId: SCARCE, productOptionValueId: null, available: 0, requested: 1 }],
      });
    }
    expect(await stockOf(ports, SCARCE)).toBe(0);
    for (const outcome of written) {
      if (outcome.status !== 'written') continue;
      expect(outcome.order).toMatchObject({ orderStatusId: 2, revision: 2 });
    }
    const untouched = created.filter(
      (id) => !written.some((o) => o.status === 'written' && o.order.orderId === id),
    );
    for (const id of untouched.slice(0, 20)) {
      expect(await ports.orders.get(id)).toMatchObject({ orderStatusId: 1, revision: 1 });
    }
  }, 60_000);

  it('writes moving the same products in opposite orders never deadlock', async () => {
    const ports = await openStore();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        ports.orders.create(
          sampleOrderDraft({ comment: `crossing ${i}` }),
          sampleHistoryWrite({
            stockMoves: i % 2 === 0 ? [take(40, 1), take(29, 1)] : [take(29, 1), take(40, 1)],
          }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'created')).toHaveLength(100);
    expect(await stockOf(ports, 40)).toBe(1_000_000 - 100);
    expect(await stockOf(ports, 29)).toBe(999 - 100);
  }, 60_000);
});
