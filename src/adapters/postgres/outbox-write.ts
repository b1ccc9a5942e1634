/**
 * Writing an order write's events into the outbox, inside the write's own transaction.
 * @module
 */
import { uuidv7 } from 'uuidv7';
import { EVENT_SCHEMA_VERSION, eventsOfWrite, type OrderWriteReport } from '../events-of-write.js';
import type { Tables } from './identifiers.js';
import type { PgClientLike } from './pool.js';

/**
 * Inserts the events `report` gives, numbered after the order's last event, in one statement. The caller's
 * transaction holds the order's row locked (the revision compare-and-set, or the insert of a new order), so no
 * other write numbers the same order's events at the same time; the unique `(order_id, sequence)` would refuse
 * it anyway. Rolled back with the write, the events were never written.
 */
export async function writeEvents(
  client: PgClientLike,
  t: Tables,
  report: OrderWriteReport,
  occurredAt: string,
): Promise<void> {
  const drafts = eventsOfWrite(report);
  if (drafts.length === 0) return;
  await client.query(
    `INSERT INTO ${t.outbox_event} (id, type, order_id, sequence, occurred_at, schema_version, data)
     SELECT e.id, e.type, $4, base.last + e.ordinality, $5::timestamptz, $6, e.data
     FROM unnest($1::uuid[], $2::text[], $3::jsonb[]) WITH ORDINALITY AS e (id, type, data),
       (SELECT COALESCE(MAX(sequence), 0) AS last FROM ${t.outbox_event} WHERE order_id = $4) AS base
     ORDER BY e.ordinality`,
    [
      drafts.map(() => uuidv7()),
      drafts.map((draft) => draft.type),
      drafts.map((draft) => JSON.stringify(draft.data)),
      report.after.orderId,
      occurredAt,
      EVENT_SCHEMA_VERSION,
    ],
  );
}
