/**
 * Writing an order write's events: one call numbers them after the order's last event, and two transactions
 * writing events for one order at once take turns (the second numbers after the first's), never clash.
 */
import { describe, expect, it } from 'vitest';
import { qualifiedTables } from '../../../src/adapters/postgres/identifiers.js';
import { writeEvents } from '../../../src/adapters/postgres/outbox-write.js';
import type { EventDraft } from '../../../src/domain/events/event-types.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('outbox_write', 4);

/** An event draft for order `orderId` (its data is not read here). */
function draft(orderId: number): EventDraft {
  return { type: 'order.status_changed', data: { order_id: orderId } } as unknown as EventDraft;
}

/** The sequence numbers of `orderId`'s events, in the order they were written. */
async function sequencesOf(orderId: number): Promise<number[]> {
  const { pool, schema } = database();
  const { rows } = await pool.query(
    `SELECT sequence FROM "${schema}".outbox_event WHERE order_id = $1 ORDER BY position`,
    [orderId],
  );
  return rows.map((row) => Number(row.sequence));
}

describe('writeEvents (PostgreSQL)', () => {
  it("numbers a write's events after the order's last, in the order given", async () => {
    const { pool, schema } = database();
    const t = qualifiedTables(schema);
    const client = await pool.connect();
    try {
      await writeEvents(client, t, 901, [draft(901), draft(901)], new Date().toISOString());
      await writeEvents(client, t, 901, [draft(901)], new Date().toISOString());
      await writeEvents(client, t, 901, [], new Date().toISOString());
    } finally {
      client.release();
    }
    expect(await sequencesOf(901)).toEqual([1, 2, 3]);
  });

  it('two transactions writing one order’s events at once take turns: the second numbers after the first', async () => {
    const { pool, schema } = database();
    const t = qualifiedTables(schema);
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      await first.query('BEGIN');
      await second.query('BEGIN');
      await writeEvents(first, t, 902, [draft(902)], new Date().toISOString());
      // The second waits for the first's lock; it reads the order's last event only once it holds it.
      const waiting = writeEvents(second, t, 902, [draft(902), draft(902)], new Date().toISOString());
      await new Promise((resolve) => setTimeout(resolve, 200));
      await first.query('COMMIT');
      await waiting;
      await second.query('COMMIT');
    } finally {
      first.release();
      second.release();
    }
    expect(await sequencesOf(902)).toEqual([1, 2, 3]);
  });
});
