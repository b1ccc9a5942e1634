/**
 * Writing an order write's events into the outbox, inside the write's own transaction.
 * @module
 */
import { uuidv7 } from 'uuidv7';
import type { EventDraft } from '../../domain/events/event-types.js';
import { EVENT_SCHEMA_VERSION } from '../event-drafts.js';
import type { Tables } from './identifiers.js';
import type { PgClientLike } from './pool.js';

/**
 * Inserts the events a write was handed, numbered after the order's last event, in one statement. A transaction
 * advisory lock on the order's outbox (taken before any product row, as every writer of events takes it) keeps
 * two writers from numbering one order's events at once: an order write holds the order's row, but a hold
 * released because its time came does not; the unique `(order_id, sequence)` would refuse a clash anyway.
 * Rolled back with the write, the events were never written.
 */
export async function writeEvents(
  client: PgClientLike,
  t: Tables,
  orderId: number,
  drafts: readonly EventDraft[],
  occurredAt: string,
): Promise<void> {
  if (drafts.length === 0) return;
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
    `${t.outbox_event}:${orderId}`,
  ]);
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
      orderId,
      occurredAt,
      EVENT_SCHEMA_VERSION,
    ],
  );
}
