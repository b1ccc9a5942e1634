/**
 * Writes racing on one order on the real PostgreSQL order repository: 200 history entries sent at once to one
 * order, flipping it between Processing and Canceled, are all accepted and all recorded, through one engine and
 * through two engines (as two processes sharing the database race each other at the order's revision).
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { createPostgresAdapters, loadDemoStore } from '../../../src/adapters/postgres/index.js';
import type { CheckoutDeps } from '../../../src/engine/context.js';
import { type DemoCheckout, demoCheckout, expectOk } from '../../engine/support/demo-checkout.js';
import { confirmOk, readySession } from '../../engine/support/orders.js';
import { flipStatuses } from '../../engine/support/status-flips.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { usePostgres } from '../support/postgres.js';

const FLIPS = 200;
// A database each: the sessions of both tests have the same ids, so a confirm in the second would replay the
// first's order by its idempotency claim.
const databases = [usePostgres('history_race_one', 20), usePostgres('history_race_two', 20)];

async function flipOn(engineCount: number) {
  const database = databases[engineCount - 1];
  if (database === undefined) throw new Error(`no database for ${engineCount} engines`);
  const { pool, schema } = database();
  await loadDemoStore(pool, demoStore(), { schema });
  const pg = createPostgresAdapters({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS });
  const first = demoCheckout({
    deps: () => ({ catalog: pg.catalog, orders: pg.orders, coupons: pg.coupons }),
  });
  const shared = (): Partial<CheckoutDeps> => first.deps;
  const engines: DemoCheckout[] = [first];
  for (let i = 1; i < engineCount; i += 1) engines.push(demoCheckout({ deps: shared }));
  const sessionId = await readySession(first);
  const { orderId } = await confirmOk(first, sessionId, { order_status_id: 10 });
  const before = (await pg.catalog.getProducts([40]))[0]?.quantity;

  const outcome = await flipStatuses(engines, sessionId, orderId, FLIPS);

  expect(outcome).toEqual({ accepted: FLIPS, refused: {} });
  const order = await expectOk(first.checkout.getOrder(sessionId, { order_id: orderId }));
  expect(order.history).toHaveLength(FLIPS + 1);
  const after = (await pg.catalog.getProducts([40]))[0]?.quantity;
  // Stock is out only while the order is in Processing: every move was made on the order as it then was.
  expect(after).toBe((before ?? 0) - (order.orderStatusId === 2 ? 1 : 0));
}

describe('history entries racing on one order on PostgreSQL', () => {
  it('through one engine: all 200 accepted and recorded', async () => {
    await flipOn(1);
  }, 120_000);

  it('through two engines sharing the database: all 200 accepted and recorded', async () => {
    await flipOn(2);
  }, 120_000);
});
