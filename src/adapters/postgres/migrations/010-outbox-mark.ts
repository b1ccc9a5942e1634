/**
 * Migration 10: what lets a claim find the outbox's undelivered events without reading the delivered ones.
 * @module
 */
import type { Migration } from './migration.js';

/**
 * `outbox_event.tx` is the id of the transaction that wrote the event. `outbox_mark` keeps, per sink, a position
 * and a transaction id such that every event before the position, written by a transaction before that id, has a
 * delivery row for the sink: a claim opens the rows of the events past the mark (in position order, a bounded
 * number at a time) and moves the mark on, so it never reads the settled history again. A transaction still
 * running when the mark moved is at or after the mark's transaction id, so an event that commits late, below the
 * mark's position, is still found. `outbox_delivery_pending` holds the deliveries claims choose from. The sinks
 * that already have deliveries get their mark here, at their first event without one: a first claim then need not
 * read an existing history (its table is locked by the column's addition, so no event is written meanwhile).
 */
export const outboxMarkMigration: Migration = {
  version: 10,
  name: 'outbox mark',
  sql: `
ALTER TABLE outbox_event ADD COLUMN tx xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX outbox_event_tx ON outbox_event (tx);
CREATE INDEX outbox_delivery_pending ON outbox_delivery (sink, next_attempt_at) WHERE status = 'pending';
CREATE TABLE outbox_mark (
  sink TEXT PRIMARY KEY,
  position BIGINT NOT NULL,
  tx xid8 NOT NULL
);
INSERT INTO outbox_mark (sink, position, tx)
SELECT s.sink,
  COALESCE(
    (SELECT min(e.position) FROM outbox_event e
     WHERE NOT EXISTS (SELECT 1 FROM outbox_delivery d WHERE d.event_id = e.id AND d.sink = s.sink)),
    (SELECT COALESCE(max(position), 0) + 1 FROM outbox_event)),
  pg_snapshot_xmin(pg_current_snapshot())
FROM (SELECT DISTINCT sink FROM outbox_delivery) AS s;
`,
};
