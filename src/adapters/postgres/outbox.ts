/**
 * The PostgreSQL outbox: the events the order repository writes with each order write, and each sink's
 * delivery of them, claimed with `FOR UPDATE SKIP LOCKED` under a lease and a token.
 * @module
 */
import type { OutboxEvent } from '../../domain/events/event-types.js';
import type {
  DeliveryClaim,
  DeliveryState,
  DeliveryStatus,
  Outbox,
  RedeliverySelector,
} from '../../ports/outbox.js';
import { deadlineOption } from '../deadline.js';
import { createDatabase } from './database.js';
import { qualifiedTables, type Tables } from './identifiers.js';
import { listenForOutbox } from './outbox-listener.js';
import type { PgListenPoolLike, PgPoolLike, QueryResultLike } from './pool.js';

/** Options of {@link createPostgresOutbox}. */
export interface PostgresOutboxOptions {
  /**
   * The host's pool (`pg.Pool`); one of its connections listens for new events while a dispatcher runs. A pool
   * whose clients never report notices still works: the dispatcher's polling finds the events.
   */
  readonly pool: PgPoolLike;
  /** The schema `migrate` created the tables in; the connection's `search_path` when left out. */
  readonly schema?: string | undefined;
  /** The longest one call may take, in milliseconds (default 2,000). */
  readonly deadlineMs?: number | undefined;
}

const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : iso(value);

/** The event of a row selected with {@link EVENT_COLUMNS}. */
function eventOf(row: Record<string, unknown>): OutboxEvent {
  return {
    id: String(row.id),
    type: String(row.type),
    order_id: Number(row.order_id),
    sequence: Number(row.sequence),
    occurred_at: iso(row.occurred_at),
    schema: Number(row.schema_version),
    data: row.data,
  } as OutboxEvent;
}

const EVENT_COLUMNS = 'e.id, e.type, e.order_id, e.sequence, e.occurred_at, e.schema_version, e.data';

/** Is a pending delivery `d` free to claim at `$now`: due, and not leased. */
const claimable = (d: string, now: string) =>
  `${d}.status = 'pending' AND ${d}.next_attempt_at <= ${now} AND (${d}.lease_until IS NULL OR ${d}.lease_until <= ${now})`;

/**
 * Opening, one statement: gives the events past the sink's mark (`$5`, `$6`, read just before) that have no delivery row for it yet a pending
 * one, due since it occurred (the oldest `$2` of them, by position), and moves the mark past them, so that claims only ever read
 * pending deliveries, never the settled history. One opener per sink at a time (a transaction advisory lock; a
 * claim that does not get it opens nothing this time). The mark is the position after the last event opened (or
 * after the newest event, when all were) with the oldest transaction still running when the statement began: an
 * event of a transaction that commits later is at or after that transaction id, so the next opening finds it
 * however low its position.
 */
function openStatement(t: Tables): string {
  // A lateral look-up per event, never a hash of every delivery: the window past the mark is small, the
  // deliveries are the whole history (an anti-join planned as a hash reads them all). The second branch is found
  // by the transactions' index: "+ 0" keeps the planner off the positions' index, which would read the history.
  const unopened = `LEFT JOIN LATERAL (SELECT true AS found FROM ${t.outbox_delivery} d
    WHERE d.event_id = e.id AND d.sink = $1 LIMIT 1) o ON true`;
  return `
WITH gate AS (
  SELECT pg_try_advisory_xact_lock(hashtextextended($4, 0)) AS held
), mark AS (
  SELECT $5::bigint AS position, $6::xid8 AS tx FROM gate WHERE gate.held
), fresh AS (
  SELECT id, position, occurred_at FROM (
    (SELECT e.id, e.position, e.occurred_at FROM ${t.outbox_event} e ${unopened}
     WHERE e.position >= $5::bigint AND EXISTS (SELECT 1 FROM mark) AND o.found IS NULL
     ORDER BY e.position LIMIT $2)
    UNION
    (SELECT e.id, e.position, e.occurred_at FROM ${t.outbox_event} e ${unopened}
     WHERE e.tx >= $6::xid8 AND e.position + 0 < $5::bigint AND EXISTS (SELECT 1 FROM mark) AND o.found IS NULL)
  ) f ORDER BY position LIMIT $2
), opened AS (
  INSERT INTO ${t.outbox_delivery} (event_id, sink, status, next_attempt_at)
  SELECT id, $1, 'pending', LEAST(occurred_at, $3::timestamptz) FROM fresh
  ON CONFLICT (event_id, sink) DO NOTHING
)
INSERT INTO ${t.outbox_mark} (sink, position, tx)
SELECT $1,
  CASE WHEN (SELECT count(*) FROM fresh) < $2
    THEN (SELECT COALESCE(max(position), 0) + 1 FROM ${t.outbox_event})
    ELSE (SELECT max(position) + 1 FROM fresh) END,
  pg_snapshot_xmin(pg_current_snapshot())
FROM mark
ON CONFLICT (sink) DO UPDATE SET position = EXCLUDED.position, tx = EXCLUDED.tx`;
}

/**
 * The claim, one statement: of the sink's pending deliveries that are due and unleased (the partial index on
 * pending deliveries finds them), the oldest (by position) whose every earlier event of the same order was
 * delivered or skipped; their delivery rows locked with SKIP LOCKED so concurrent claims pass each other, then
 * taken with this claim's token and lease by an update that re-checks each row as it is now.
 */
function claimStatement(t: Tables): string {
  return `
WITH candidate AS (
  SELECT d.event_id, e.position FROM ${t.outbox_delivery} d
  JOIN ${t.outbox_event} e ON e.id = d.event_id
  WHERE d.sink = $1 AND ${claimable('d', '$2::timestamptz')}
    AND NOT EXISTS (
      SELECT 1 FROM ${t.outbox_event} p
      LEFT JOIN ${t.outbox_delivery} pd ON pd.event_id = p.id AND pd.sink = $1
      WHERE p.order_id = e.order_id AND p.sequence < e.sequence
        AND (pd.status IS NULL OR pd.status NOT IN ('delivered', 'skipped')))
  ORDER BY e.position
  LIMIT $3
  FOR UPDATE OF d SKIP LOCKED
), taken AS (
  UPDATE ${t.outbox_delivery} AS d SET token = $4, lease_until = $5::timestamptz
  WHERE d.event_id = ANY (ARRAY(SELECT event_id FROM candidate)) AND d.sink = $1
    AND ${claimable('d', '$2::timestamptz')}
  RETURNING d.event_id, d.attempts, d.first_failed_at
)
SELECT ${EVENT_COLUMNS}, taken.attempts, taken.first_failed_at
FROM taken JOIN ${t.outbox_event} e ON e.id = taken.event_id
ORDER BY e.position`;
}

/** The event ids a selector names, as a SQL condition on `e` with its parameters from `$first`. */
function selection(selector: RedeliverySelector, first: number): { where: string; values: unknown[] } {
  if ('ids' in selector) return { where: `e.id::text = ANY($${first}::text[])`, values: [selector.ids] };
  if ('orderId' in selector) return { where: `e.order_id = $${first}`, values: [selector.orderId] };
  return {
    where: `e.occurred_at >= $${first}::timestamptz AND e.occurred_at < $${first + 1}::timestamptz`,
    values: [selector.from, selector.to],
  };
}

const count = (result: QueryResultLike): number => result.rows.length;

/** The event ids, sinks and tokens of claims, as the parameters of {@link createPostgresOutbox}'s batch writes. */
const claimArrays = (claims: readonly DeliveryClaim[]): [string[], string[], string[]] => [
  claims.map((claimed) => claimed.event.id),
  claims.map((claimed) => claimed.sink),
  claims.map((claimed) => claimed.token),
];

/**
 * An {@link Outbox} over PostgreSQL (the tables of migration 8, which the order repository of the same schema
 * writes). Several dispatchers, in as many processes, may share it: claims skip each other's locked rows, a
 * claim holds its deliveries until its lease runs out, and completing or failing one needs its token (a
 * dispatcher whose lease ran out cannot overwrite the delivery another took over). `onWritten` listens on the
 * channel `cartwright_outbox:<schema>` with one connection of the pool, re-listening after a failure; polling
 * covers the notices missed meanwhile.
 *
 * @example
 * ```ts
 * const outbox = createPostgresOutbox({ pool, schema: 'shop' });
 * const dispatcher = createDispatcher({ store: { outbox }, sinks: [webhooks] });
 * ```
 */
export function createPostgresOutbox(options: PostgresOutboxOptions): Outbox {
  const t = qualifiedTables(options.schema);
  const deadlineMs = deadlineOption(options.deadlineMs, 'postgres outbox');
  const db = createDatabase(options.pool, deadlineMs);
  const open = openStatement(t);
  const claim = claimStatement(t);
  const fenced = `event_id = $1 AND sink = $2 AND token = $3 AND status = 'pending'`;
  // Several claims at once: their keys and tokens as three arrays ($1–$3), one row each.
  const claimedRows = 'unnest($1::uuid[], $2::text[], $3::text[]) AS c (event_id, sink, token)';
  const fencedRows = `d.event_id = c.event_id AND d.sink = c.sink AND d.token = c.token AND d.status = 'pending'`;
  async function completeAll(claims: readonly DeliveryClaim[], at: string): Promise<number> {
    if (claims.length === 0) return 0;
    const result = await db.query(
      `UPDATE ${t.outbox_delivery} d SET status = 'delivered', delivered_at = $4, token = NULL, lease_until = NULL
       FROM ${claimedRows} WHERE ${fencedRows} RETURNING 1`,
      [...claimArrays(claims), at],
    );
    return count(result);
  }
  return {
    async claim({ sink, limit, now, leaseUntil, token }) {
      // The mark as committed now (another opener may move it on meanwhile: an older mark only widens the
      // window), given to the opening as values so that it is planned for the few events past it.
      const marks = await db.query(`SELECT position, tx::text AS tx FROM ${t.outbox_mark} WHERE sink = $1`, [
        sink,
      ]);
      const [mark] = marks.rows;
      // Opens a few batches' worth ahead: an order's later events wait for its earlier ones.
      await db.query(open, [
        sink,
        Math.max(limit * 4, 100),
        now,
        `${t.outbox_mark}:${sink}`,
        String(mark?.position ?? 0),
        String(mark?.tx ?? 0),
      ]);
      const { rows } = await db.query(claim, [sink, now, limit, token, leaseUntil]);
      return rows.map(
        (row): DeliveryClaim => ({
          event: eventOf(row),
          sink,
          token,
          attempts: Number(row.attempts),
          firstFailedAt: isoOrNull(row.first_failed_at),
        }),
      );
    },

    async complete(claimed, at) {
      return (await completeAll([claimed], at)) > 0;
    },

    completeAll,

    async fail(claimed, { error, at, retryAt }) {
      const result = await db.query(
        `UPDATE ${t.outbox_delivery} SET attempts = attempts + 1, last_error = $4,
           first_failed_at = COALESCE(first_failed_at, $5::timestamptz),
           status = CASE WHEN $6::timestamptz IS NULL THEN 'dead' ELSE 'pending' END,
           next_attempt_at = COALESCE($6::timestamptz, next_attempt_at), token = NULL, lease_until = NULL
         WHERE ${fenced} RETURNING 1`,
        [claimed.event.id, claimed.sink, claimed.token, error, at, retryAt],
      );
      return count(result) > 0;
    },

    async release(claims) {
      if (claims.length === 0) return;
      await db.query(
        `UPDATE ${t.outbox_delivery} d SET token = NULL, lease_until = NULL FROM ${claimedRows}
         WHERE ${fencedRows}`,
        claimArrays(claims),
      );
    },

    async redeliver(selector, at, sinks) {
      const { where, values } = selection(selector, 3);
      const reset = `status = 'pending', attempts = 0, last_error = NULL, first_failed_at = NULL,
        next_attempt_at = $1::timestamptz, delivered_at = NULL, token = NULL, lease_until = NULL`;
      const statement =
        sinks === undefined
          ? `UPDATE ${t.outbox_delivery} d SET ${reset} FROM ${t.outbox_event} e
             WHERE d.event_id = e.id AND ${where} AND $2::text[] IS NULL RETURNING 1`
          : `INSERT INTO ${t.outbox_delivery} AS d (event_id, sink, status, next_attempt_at)
             SELECT e.id, s.sink, 'pending', $1::timestamptz FROM ${t.outbox_event} e, unnest($2::text[]) AS s (sink)
             WHERE ${where}
             ON CONFLICT (event_id, sink) DO UPDATE SET ${reset} RETURNING 1`;
      const result = await db.query(statement, [at, sinks ?? null, ...values]);
      // Wakes the dispatchers of every process, as a write of new events does.
      await db.query(
        `SELECT pg_notify(left('cartwright_outbox:' || COALESCE($1, current_schema()), 63), '')`,
        [options.schema ?? null],
      );
      return count(result);
    },

    async skip(eventId, sink, at) {
      const result = await db.query(
        `INSERT INTO ${t.outbox_delivery} AS d (event_id, sink, status, next_attempt_at, delivered_at)
         SELECT e.id, $2, 'skipped', $3::timestamptz, $3::timestamptz FROM ${t.outbox_event} e WHERE e.id::text = $1
         ON CONFLICT (event_id, sink) DO UPDATE SET status = 'skipped', delivered_at = $3::timestamptz,
           token = NULL, lease_until = NULL
           WHERE d.status NOT IN ('delivered', 'skipped')
         RETURNING 1`,
        [eventId, sink, at],
      );
      return count(result) > 0;
    },

    async prune(before, sinks, limit) {
      // Deliveries go with their events (ON DELETE CASCADE); an order's last event stays, carrying its sequence.
      const result = await db.query(
        `WITH doomed AS (
           SELECT e.position FROM ${t.outbox_event} e
           WHERE e.occurred_at < $1::timestamptz
             AND EXISTS (SELECT 1 FROM ${t.outbox_event} later
                         WHERE later.order_id = e.order_id AND later.sequence > e.sequence)
             AND NOT EXISTS (
               SELECT 1 FROM unnest($2::text[]) AS s (sink)
               WHERE NOT EXISTS (SELECT 1 FROM ${t.outbox_delivery} d WHERE d.event_id = e.id AND d.sink = s.sink
                                   AND d.status IN ('delivered', 'skipped')))
           ORDER BY e.position LIMIT $3 FOR UPDATE SKIP LOCKED
         )
         DELETE FROM ${t.outbox_event} e USING doomed WHERE e.position = doomed.position RETURNING 1`,
        [before, sinks, limit],
      );
      return count(result);
    },

    async eventsOf(orderId) {
      const { rows } = await db.query(
        `SELECT ${EVENT_COLUMNS} FROM ${t.outbox_event} e WHERE e.order_id = $1 ORDER BY e.sequence`,
        [orderId],
      );
      return rows.map(eventOf);
    },

    async deliveriesOf(eventId) {
      const { rows } = await db.query(
        `SELECT sink, status, attempts, last_error, next_attempt_at, delivered_at FROM ${t.outbox_delivery}
         WHERE event_id::text = $1 ORDER BY sink`,
        [eventId],
      );
      return rows.map(
        (row): DeliveryState => ({
          eventId,
          sink: String(row.sink),
          status: String(row.status) as DeliveryStatus,
          attempts: Number(row.attempts),
          lastError: row.last_error === null ? null : String(row.last_error),
          nextAttemptAt: iso(row.next_attempt_at),
          deliveredAt: isoOrNull(row.delivered_at),
        }),
      );
    },

    onWritten(listener) {
      // pg's clients report notices; a pool whose clients do not simply never wakes the dispatcher early.
      return listenForOutbox(options.pool as PgListenPoolLike, options.schema, deadlineMs, listener);
    },
  };
}
