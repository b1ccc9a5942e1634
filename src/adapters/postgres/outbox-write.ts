/**
 * Writing an order write's events into the outbox, inside the write's own transaction.
 * @module
 */

import type { EventDraft } from '../../domain/events/event-types.js';
import { EVENT_SCHEMA_VERSION } from '../event-drafts.js';
import { newEventId } from '../event-ids.js';
import { routineName, type Tables } from './identifiers.js';
import type { PgClientLike } from './pool.js';

/**
 * Inserts the events a write was handed, numbered after the order's last event, in one call (see the migration
 * `write events`). A transaction advisory lock on the order's outbox (taken before any product row, as every
 * writer of events takes it) keeps two writers from numbering one order's events at once: an order write holds
 * the order's row, but a hold released because its time came does not; the unique `(order_id, sequence)` would
 * refuse a clash anyway. Rolled back with the write, the events were never written.
 */
export async function writeEvents(
  client: PgClientLike,
  t: Tables,
  orderId: number,
  drafts: readonly EventDraft[],
  occurredAt: string,
): Promise<void> {
  if (drafts.length === 0) return;
  await client.query(`SELECT ${routineName(t, 'cartwright_write_events')}($1, $2, $3, $4, $5, $6, $7)`, [
    `${t.outbox_event}:${orderId}`,
    orderId,
    drafts.map(() => newEventId()),
    drafts.map((draft) => draft.type),
    drafts.map((draft) => JSON.stringify(draft.data)),
    occurredAt,
    EVENT_SCHEMA_VERSION,
  ]);
}
