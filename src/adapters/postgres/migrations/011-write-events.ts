/**
 * Migration 11: writing an order write's events in one call.
 * @module
 */
import type { Migration } from './migration.js';

/**
 * `cartwright_write_events` takes the transaction advisory lock that numbers one order's events one writer at a
 * time (`p_lock`, the key every writer of events uses), then inserts the events numbered after the order's last
 * one, in the order given. One call instead of two statements: each statement is a round trip to the server,
 * and every confirm and history entry writes events. The insert is a statement of its own inside the function,
 * so it reads the order's last event after the lock is held (a function's statements each take a fresh
 * snapshot), as the two statements did. Its `search_path` is the schema it was created in.
 */
export const writeEventsMigration: Migration = {
  version: 11,
  name: 'write events',
  sql: `
CREATE FUNCTION cartwright_write_events(
  p_lock TEXT,
  p_order INTEGER,
  p_ids UUID[],
  p_types TEXT[],
  p_data JSONB[],
  p_at TIMESTAMPTZ,
  p_schema INTEGER
) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_lock, 0));
  INSERT INTO outbox_event (id, type, order_id, sequence, occurred_at, schema_version, data)
  SELECT e.id, e.type, p_order, base.last + e.ordinality, p_at, p_schema, e.data
  FROM unnest(p_ids, p_types, p_data) WITH ORDINALITY AS e (id, type, data),
    (SELECT COALESCE(MAX(sequence), 0) AS last FROM outbox_event WHERE order_id = p_order) AS base
  ORDER BY e.ordinality;
END
$$;
`,
};
