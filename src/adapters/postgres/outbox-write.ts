/**
 * Writing an order write's events into the outbox, inside the write's own transaction: by a call of their own,
 * or as a part of the statement that writes the order (one round trip fewer).
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
  await client.query(`SELECT ${eventsCall(t, 1)}`, eventsParameters(t, orderId, drafts, occurredAt));
}

/**
 * The call that writes events (see {@link writeEvents}), as an expression for another statement to hold, its
 * seven parameters numbered from `$first`. A statement that holds it makes the call once for each row it is
 * evaluated on, so an order write puts it where exactly the written order's row is (none when a
 * compare-and-set found the order moved on: then no event is written either).
 */
export function eventsCall(t: Tables, first: number): string {
  const parameters = Array.from({ length: 7 }, (_, index) => `$${first + index}`).join(', ');
  return `${routineName(t, 'cartwright_write_events')}(${parameters})`;
}

/** The seven parameters of {@link eventsCall}: the lock, the order, and the events' ids, types, data and time. */
export function eventsParameters(
  t: Tables,
  orderId: number,
  drafts: readonly EventDraft[],
  occurredAt: string,
): unknown[] {
  return [
    `${t.outbox_event}:${orderId}`,
    orderId,
    drafts.map(() => newEventId()),
    drafts.map((draft) => draft.type),
    drafts.map((draft) => JSON.stringify(draft.data)),
    occurredAt,
    EVENT_SCHEMA_VERSION,
  ];
}
