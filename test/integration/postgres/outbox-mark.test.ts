/**
 * The PostgreSQL outbox's mark: claims open delivery rows past a per-sink mark instead of reading the settled
 * history, and an event whose transaction commits after the mark moved past its position is still delivered.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createPostgresAdapters,
  createPostgresOutbox,
  loadDemoStore,
} from '../../../src/adapters/postgres/index.js';
import type { DeliveryClaim, Outbox } from '../../../src/ports/outbox.js';
import { reportingOrders, sampleHistoryWrite, sampleOrderDraft } from '../../../src/testing/index.js';
import { seedOrderRepository } from '../../../src/testing/order-contract/seed.js';
import { orderStore } from '../../contract/support/seeded-store.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('outbox_mark', 4);

const now = () => new Date().toISOString();

function claim(outbox: Outbox, sink: string): Promise<readonly DeliveryClaim[]> {
  const at = new Date();
  return outbox.claim({
    sink,
    limit: 100,
    now: at.toISOString(),
    leaseUntil: new Date(at.getTime() + 60_000).toISOString(),
    token: randomUUID(),
  });
}

/** Claims and completes until nothing is claimable; answers the events delivered, in claim order. */
async function deliverAll(outbox: Outbox, sink: string): Promise<DeliveryClaim[]> {
  const delivered: DeliveryClaim[] = [];
  for (;;) {
    const claims = await claim(outbox, sink);
    if (claims.length === 0) return delivered;
    expect(await outbox.completeAll?.(claims, now())).toBe(claims.length);
    delivered.push(...claims);
  }
}

describe('the PostgreSQL outbox mark', () => {
  it('delivers an event whose transaction commits after later events were delivered past it', async () => {
    const { pool, schema } = database();
    await loadDemoStore(pool, { data: orderStore(seedOrderRepository()) }, { schema });
    const adapters = createPostgresAdapters({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS });
    const orders = reportingOrders(adapters.orders);
    const outbox = createPostgresOutbox({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS });
    const place = async () => {
      const created = await orders.create(sampleOrderDraft(), sampleHistoryWrite({ notify: true }));
      if (created.status !== 'created') throw new Error(created.status);
      return created.order.orderId;
    };
    await place();

    // A writer takes its position now and commits only after later events were written and delivered.
    const late = await pool.connect();
    const lateId = randomUUID();
    try {
      await late.query('BEGIN');
      await late.query(
        `INSERT INTO "${schema}".outbox_event (id, type, order_id, sequence, occurred_at, schema_version, data)
         VALUES ($1, 'order.redemptions_released', 999999, 1, now(), 1, '{"order_id": 999999}')`,
        [lateId],
      );
      const { rows } = await late.query<{ position: string }>(
        `SELECT position FROM "${schema}".outbox_event WHERE id = $1`,
        [lateId],
      );
      const latePosition = Number(rows[0]?.position);
      const second = await place();
      const first = await deliverAll(outbox, 'a');
      expect(first.map((c) => c.event.order_id)).toContain(second);
      // The mark moved past the writer's position: its event is found by its transaction, not its position.
      const mark = await pool.query<{ position: string }>(
        `SELECT position FROM "${schema}".outbox_mark WHERE sink = 'a'`,
      );
      expect(Number(mark.rows[0]?.position)).toBeGreaterThan(latePosition);
      await late.query('COMMIT');
    } catch (error) {
      await late.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      late.release();
    }
    const after = await deliverAll(outbox, 'a');
    expect(after.map((c) => c.event.id)).toEqual([lateId]);
    // Once everything is delivered, the mark is past the newest event: claims no longer read the history.
    await place();
    expect((await deliverAll(outbox, 'a')).length).toBe(2);
    const [{ position, newest }] = (
      await pool.query<{ position: string; newest: string }>(
        `SELECT m.position, (SELECT max(position) FROM "${schema}".outbox_event) AS newest
         FROM "${schema}".outbox_mark m WHERE m.sink = 'a'`,
      )
    ).rows as [{ position: string; newest: string }];
    expect(Number(position)).toBe(Number(newest) + 1);
  });

  it('completeAll records only the claims whose token is still theirs', async () => {
    const { pool, schema } = database();
    const outbox = createPostgresOutbox({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS });
    const orders = reportingOrders(createPostgresAdapters({ pool, schema }).orders);
    for (let i = 0; i < 2; i += 1) {
      const created = await orders.create(sampleOrderDraft(), sampleHistoryWrite());
      if (created.status !== 'created') throw new Error(created.status);
    }
    const claims = await claim(outbox, 'b');
    expect(claims.length).toBeGreaterThanOrEqual(2);
    const [stale, ...rest] = claims as [DeliveryClaim, ...DeliveryClaim[]];
    await outbox.release([stale]);
    expect(await outbox.completeAll?.([{ ...stale }, ...rest], now())).toBe(rest.length);
    const statusFor = async (eventId: string) =>
      (await outbox.deliveriesOf(eventId)).find((state) => state.sink === 'b')?.status;
    expect(await statusFor(stale.event.id)).toBe('pending');
    for (const claimed of rest) expect(await statusFor(claimed.event.id)).toBe('delivered');
  });
});
