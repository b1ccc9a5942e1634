/**
 * What the outbox fault tests share: a fresh schema with the order seed, orders written on it, and a webhook
 * receiver that checks what it got (every event, in order per order, duplicates only as repeats of an id).
 */
import pg from 'pg';
import { createPostgresAdapters, loadDemoStore } from '../../../src/adapters/postgres/index.js';
import type { OutboxEvent } from '../../../src/domain/events/index.js';
import { reportingOrders, sampleHistoryWrite, sampleOrderDraft } from '../../../src/testing/index.js';
import { seedOrderRepository } from '../../../src/testing/order-contract/seed.js';
import { orderStore } from '../../contract/support/seeded-store.js';
import { databaseUrl, openTestDatabase, type TestDatabase } from '../../integration/support/postgres.js';
import type { ReceivedWebhook } from '../../support/webhook-receiver.js';

/** A migrated schema holding the order seed. */
export async function outboxDatabase(label: string): Promise<TestDatabase> {
  const database = await openTestDatabase(label, 6);
  await loadDemoStore(
    database.pool,
    { data: orderStore(seedOrderRepository()) },
    { schema: database.schema },
  );
  return database;
}

/** A pool on the schema's database through `port` (a proxy), for a dispatcher to use. */
export function poolThrough(port: number): pg.Pool {
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${port}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  return pool;
}

/** Writes `count` orders of five events each (placed, stock, notice, status change, notice); answers every event. */
export async function writeOrders(database: TestDatabase, count: number): Promise<OutboxEvent[]> {
  const adapters = createPostgresAdapters({ pool: database.pool, schema: database.schema });
  const { outbox } = adapters;
  const orders = reportingOrders(adapters.orders);
  const events: OutboxEvent[] = [];
  for (let i = 0; i < count; i += 1) {
    const move = { productId: 40, productOptionValueId: null, delta: -1, guard: true };
    const created = await orders.create(sampleOrderDraft(), sampleHistoryWrite({ stockMoves: [move] }));
    if (created.status !== 'created') throw new Error(`create: ${created.status}`);
    const id = created.order.orderId;
    await orders.addHistory(id, sampleHistoryWrite({ orderStatusId: 2, notify: true }), 1);
    events.push(...(await outbox.eventsOf(id)));
  }
  return events;
}

/**
 * Checks what a receiver accepted against what was written: every event at least once, each copy the event
 * itself (same id, same body), and per order the first arrivals in sequence. Answers the duplicates' count.
 */
export function checkReceived(written: readonly OutboxEvent[], accepted: readonly ReceivedWebhook[]): number {
  const byId = new Map(written.map((event) => [event.id, event]));
  const seen = new Set<string>();
  const nextOf = new Map<number, number>();
  let duplicates = 0;
  for (const { id, body } of accepted) {
    const event = byId.get(id);
    if (event === undefined) throw new Error(`an event never written arrived: ${id}`);
    if (JSON.stringify(body) !== JSON.stringify(event)) throw new Error(`event ${id} arrived changed`);
    if (seen.has(id)) {
      duplicates += 1;
      continue;
    }
    seen.add(id);
    const expected = (nextOf.get(event.order_id) ?? 0) + 1;
    if (event.sequence !== expected) {
      throw new Error(`order ${event.order_id}: event ${event.sequence} arrived before ${expected}`);
    }
    nextOf.set(event.order_id, expected);
  }
  const lost = written.filter((event) => !seen.has(event.id));
  if (lost.length > 0) throw new Error(`${lost.length} events never arrived`);
  return duplicates;
}

/** Waits until `done` or `ms` passed (the tests then check, and fail with what is missing). */
export async function until(done: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}
