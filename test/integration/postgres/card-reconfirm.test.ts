/**
 * Confirming again after a card payment ended unpaid, on the PostgreSQL order repository and catalog (the
 * scenarios of test/engine/support/reconfirm-scenarios.ts; the memory store runs them in
 * test/engine/card-reconfirm.test.ts): the expired or failed attempt stays in the database as it was, the new
 * order holds and moves the stock there, and the keys are the repository's own.
 */
import { describe, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { createPostgresAdapters, loadDemoStore, migrate } from '../../../src/adapters/postgres/index.js';
import type { OrderRecord } from '../../../src/domain/records/order.js';
import { createManualClock } from '../../../src/testing/index.js';
import { cardCheckout, cardSession } from '../../engine/support/card-checkout.js';
import { startInstant } from '../../engine/support/demo-checkout.js';
import {
  keysAfterExpiry,
  type ReconfirmWorld,
  repeatAfterExpiry,
  repeatAfterFailure,
} from '../../engine/support/reconfirm-scenarios.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('pay3_reconfirm', 8);

/** A card checkout whose catalog, directories and orders are PostgreSQL's, in a schema loaded afresh. */
async function postgresWorld(): Promise<ReconfirmWorld> {
  const { pool, schema } = database();
  // Each test starts from the demo store as loaded: its own orders and stock, nothing left by the one before.
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await migrate(pool, { schema });
  await loadDemoStore(pool, { data: demoStore().data }, { schema });
  const clock = createManualClock(startInstant);
  const stores = createPostgresAdapters({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS, clock });
  const { catalog, customers, geo, taxes, coupons, orders } = stores;
  // One clock for the engine and the store: the holds' time runs out for both at once.
  const d = cardCheckout({ deps: () => ({ clock, catalog, customers, geo, taxes, coupons, orders }) });
  const order = async (orderId: number): Promise<OrderRecord> => {
    const found = await orders.get(orderId);
    if (found === undefined) throw new Error(`no order ${orderId}`);
    return found;
  };
  return {
    checkout: d.checkout,
    card: d.card,
    calls: d.calls,
    placedStatusId: d.settings.orderStatusId,
    advance: (ms) => clock.advance(ms),
    session: () => cardSession(d),
    order,
    orderCount: async () => {
      const { rows } = await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}".orders`);
      return Number(rows[0]?.n);
    },
    stock: async () => {
      const [iphone] = await catalog.getProducts([40]);
      if (iphone === undefined) throw new Error('no iPhone');
      return iphone.quantity;
    },
  };
}

describe('confirm again after a card payment ended unpaid (PostgreSQL)', () => {
  it('expired: the same confirm makes a new order the customer pays; the expired one stays', async () =>
    repeatAfterExpiry(await postgresWorld()));

  it('expired, with keys: its own key answers it again; a new key pays', async () =>
    keysAfterExpiry(await postgresWorld()));

  it('failed: two repeats at once make one new order; an open challenge is answered as it is', async () =>
    repeatAfterFailure(await postgresWorld()));
});
