/**
 * Migration 8: the outbox, the events each order write reports, and their delivery to each sink.
 * @module
 */
import type { Migration } from './migration.js';

/**
 * `outbox_event` holds every event, written in the transaction of the order write it reports: `position` is the
 * order of insertion (what claims scan by), `(order_id, sequence)` numbers an order's events 1, 2, ….
 * `outbox_delivery` holds one row per event and sink once a dispatcher claimed it: its status, attempts, last
 * error, when it is next due, and the current claim's token and lease (a claim is taken over when its lease has
 * run out; a token no longer the row's cannot complete it). Each insert of events sends a notice on the channel
 * `cartwright_outbox:<schema>` (cut to 63 bytes), at commit, to wake the dispatchers.
 */
export const outboxMigration: Migration = {
  version: 8,
  name: 'outbox',
  sql: `
CREATE TABLE outbox_event (
  position BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id UUID NOT NULL UNIQUE,
  type TEXT NOT NULL,
  order_id INTEGER NOT NULL,
  sequence INTEGER NOT NULL,
  occurred_at TIMESTAMPTZ NOT NULL,
  schema_version INTEGER NOT NULL,
  data JSONB NOT NULL,
  UNIQUE (order_id, sequence)
);
CREATE INDEX outbox_event_occurred ON outbox_event (occurred_at);
CREATE TABLE outbox_delivery (
  event_id UUID NOT NULL REFERENCES outbox_event (id) ON DELETE CASCADE,
  sink TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'dead', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL,
  token TEXT,
  lease_until TIMESTAMPTZ,
  first_failed_at TIMESTAMPTZ,
  last_error TEXT,
  delivered_at TIMESTAMPTZ,
  PRIMARY KEY (event_id, sink)
);
CREATE FUNCTION cartwright_notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(left('cartwright_outbox:' || TG_TABLE_SCHEMA, 63), '');
  RETURN NULL;
END
$$;
CREATE TRIGGER cartwright_outbox AFTER INSERT ON outbox_event
  FOR EACH STATEMENT EXECUTE FUNCTION cartwright_notify_outbox();
`,
};
