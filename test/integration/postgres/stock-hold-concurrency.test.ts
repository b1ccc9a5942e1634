/**
 * Stock holds racing on the real server: a product with 5 in stock, 20 payments holding 1 unit each at once
 * through two repositories (two processes' worth: two adapter sets, each with its own listening reference cache)
 * → exactly 5 hold, the other 15 are refused, and nothing oversells; once the holds are due, two sweeps at once
 * give the 5 units back exactly once, and the next customers can hold them again.
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { createPostgresAdapters, loadDemoStore } from '../../../src/adapters/postgres/index.js';
import { openPayment } from '../../../src/domain/payment/index.js';
import { money } from '../../../src/money/index.js';
import { createManualClock, sampleHistoryWrite, sampleOrderDraft } from '../../../src/testing/index.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { usePostgres } from '../support/postgres.js';
import { useCaches } from '../support/reference-cache.js';

const database = usePostgres('holds', 24);
const openCache = useCaches();

/** A product with 5 in stock, a copy of the iPhone. */
const SCARCE = 200;
const START = '2024-05-01T10:00:00.000Z';
const EXPIRES = '2024-05-01T10:30:00.000Z';
const LATER = '2024-05-01T10:31:00.000Z';

async function openStores() {
  const { pool, schema } = database();
  const { data } = demoStore();
  const iphone = data.products.get(40);
  if (iphone === undefined) throw new Error('demo product 40 missing');
  data.products.set(SCARCE, { ...iphone, productId: SCARCE, name: 'Scarce thing', quantity: 5 });
  await loadDemoStore(pool, { data }, { schema });
  const clock = createManualClock('2024-05-01T10:00:00Z');
  const open = async () =>
    createPostgresAdapters({
      pool,
      schema,
      deadlineMs: CONTENTION_DEADLINE_MS,
      clock,
      cache: await openCache(true, pool, schema),
    });
  return { clock, servers: [await open(), await open()] as const };
}

const hold = (expiresAt = EXPIRES, at = START) => ({
  payment: openPayment({ providerCode: 'test_card', amount: money('101.00', 'USD'), at }),
  hold: {
    kind: 'take' as const,
    lines: [{ productId: SCARCE, productOptionValueId: null, quantity: 1 }],
    expiresAt,
  },
  at,
});

async function stockOf(ports: ReturnType<typeof createPostgresAdapters>): Promise<number> {
  const [product] = await ports.catalog.getProducts([SCARCE]);
  if (product === undefined) throw new Error('no scarce product');
  return product.quantity;
}

/**
 * The stock `ports` reads once it reads `expected`, waiting up to 2 s: another server's change reaches this
 * server's reference cache by a change notice, a moment after the commit.
 */
async function settledStock(
  ports: ReturnType<typeof createPostgresAdapters>,
  expected: number,
): Promise<number> {
  const deadline = Date.now() + 2_000;
  let stock = await stockOf(ports);
  while (stock !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    stock = await stockOf(ports);
  }
  return stock;
}

describe('postgres stock holds under concurrency', () => {
  it('stock 5, 20 holds of 1 at once on two servers: exactly 5 hold; expiry gives the 5 back once', async () => {
    const { clock, servers } = await openStores();
    const orderIds = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const server = servers[i % 2] ?? servers[0];
        const outcome = await server.orders.create(
          sampleOrderDraft({ comment: `buyer ${i}` }),
          sampleHistoryWrite({ orderStatusId: 0, dateAdded: START }),
        );
        if (outcome.status !== 'created') throw new Error(`create ${i}: ${outcome.status}`);
        return outcome.order.orderId;
      }),
    );
    const outcomes = await Promise.all(
      orderIds.map((orderId, i) => (servers[i % 2] ?? servers[0]).orders.writePayment(orderId, hold(), 1)),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'written')).toHaveLength(5);
    const refused = outcomes.filter((outcome) => outcome.status !== 'written');
    expect(refused).toHaveLength(15);
    for (const outcome of refused) expect(outcome.status).toBe('insufficient_stock');
    for (const server of servers) expect(await settledStock(server, 0)).toBe(0);

    clock.set(LATER);
    const sweeps = await Promise.all([
      servers[0].orders.releaseDueHolds(LATER),
      servers[1].orders.releaseDueHolds(LATER),
      servers[0].orders.releaseDueHolds(LATER),
    ]);
    expect(sweeps.flat().sort((a, b) => a - b)).toEqual(
      orderIds.filter((_, i) => outcomes[i]?.status === 'written').sort((a, b) => a - b),
    );
    for (const server of servers) expect(await settledStock(server, 5)).toBe(5);
    expect(await servers[1].orders.dueOpenPayments(LATER)).toHaveLength(5);

    const again = await Promise.all(
      orderIds
        .filter((_, i) => outcomes[i]?.status !== 'written')
        .slice(0, 8)
        .map((orderId, i) =>
          (servers[i % 2] ?? servers[0]).orders.writePayment(
            orderId,
            hold('2024-05-01T11:00:00.000Z', LATER),
            1,
          ),
        ),
    );
    expect(again.filter((outcome) => outcome.status === 'written')).toHaveLength(5);
    expect(await settledStock(servers[0], 0)).toBe(0);
  }, 60_000);
});
