/**
 * The statements that write an order: its draft (the `orders` row and its child rows) and history entries.
 * Rows travel as JSON parameters and are unpacked with `jsonb_populate_record(set)` against the table's own
 * row type, so one statement writes a whole draft whatever its number of lines.
 * @module
 */
import type { EventDraft } from '../../domain/events/event-types.js';
import type { HistoryWrite } from '../../ports/order-repository.js';
import type { Tables } from './identifiers.js';
import { type DraftRows, orderDraftColumns } from './order-rows.js';
import { eventsCall, eventsParameters } from './outbox-write.js';
import type { PgClientLike } from './pool.js';
import { isoTimestamp } from './values.js';

const draftColumns = orderDraftColumns.join(', ');

const lineColumns =
  'position, product_id, master_id, name, model, quantity, price, total, tax, reward, subtract';
const optionColumns = `position, product_option_id, product_option_value_id, option_id, option_value_id, name,
  value, type, subtract`;
const subscriptionColumns = `subscription_plan_id, name, trial_status, trial_price, trial_tax, trial_frequency,
  trial_cycle, trial_duration, price, tax, frequency, cycle, duration`;

/** `alias.a, alias.b, …` for a column list. */
const prefixed = (alias: string, columns: string) =>
  columns
    .split(',')
    .map((column) => `${alias}.${column.trim()}`)
    .join(', ');

/**
 * The children of a draft, inserted after `main` (parameters: `$1` order id, `$3` lines, `$4` options,
 * `$5` subscriptions, `$6` totals, `$7` taxes), each returning its rows.
 */
function childInserts(t: Tables): string {
  return `lines AS (
      INSERT INTO ${t.order_product} (order_id, ${lineColumns})
      SELECT $1, ${prefixed('l', lineColumns)} FROM jsonb_populate_recordset(NULL::${t.order_product}, $3::jsonb) l
      RETURNING *
    ), options AS (
      INSERT INTO ${t.order_option} (order_id, order_product_id, ${optionColumns})
      SELECT $1, lines.order_product_id, ${prefixed('o', optionColumns)}
      FROM jsonb_array_elements($4::jsonb) e
      CROSS JOIN LATERAL jsonb_populate_record(NULL::${t.order_option}, e) o
      JOIN lines ON lines.position = (e ->> 'line')::int
      RETURNING *
    ), subscriptions AS (
      INSERT INTO ${t.order_subscription} (order_id, order_product_id, ${subscriptionColumns})
      SELECT $1, lines.order_product_id, ${prefixed('s', subscriptionColumns)}
      FROM jsonb_array_elements($5::jsonb) e
      CROSS JOIN LATERAL jsonb_populate_record(NULL::${t.order_subscription}, e) s
      JOIN lines ON lines.position = (e ->> 'line')::int
      RETURNING *
    ), totals AS (
      INSERT INTO ${t.order_total} (order_id, position, code, title, value, sort_order)
      SELECT $1, x.position, x.code, x.title, x.value, x.sort_order
      FROM jsonb_populate_recordset(NULL::${t.order_total}, $6::jsonb) x
      RETURNING *
    ), taxes AS (
      INSERT INTO ${t.order_tax} (order_id, position, tax_rate_id, name, amount)
      SELECT $1, x.position, x.tax_rate_id, x.name, x.amount
      FROM jsonb_populate_recordset(NULL::${t.order_tax}, $7::jsonb) x
      RETURNING *
    )`;
}

/** The parameters of a draft statement. */
function draftParameters(orderId: number, rows: DraftRows, order: Record<string, unknown>): unknown[] {
  return [
    orderId,
    JSON.stringify(order),
    JSON.stringify(rows.lines),
    JSON.stringify(rows.options),
    JSON.stringify(rows.subscriptions),
    JSON.stringify(rows.totals),
    JSON.stringify(rows.taxes),
  ];
}

/** Where a new order starts: its status, and its revision (1 for a create; a loaded order keeps its own). */
export interface OrderState {
  readonly orderStatusId: number;
  readonly revision: number;
}

/** The history entry of a new order (parameters `$8` to `$11`), inserted with it. */
const historyInsert = (t: Tables) => `entry AS (
      INSERT INTO ${t.order_history} (order_id, order_status_id, notify, comment, date_added)
      SELECT order_id, $8, $9, $10, $11 FROM main
      RETURNING *
    )`;

/** The parameters of a history entry. */
const historyParameters = (history: HistoryWrite) => [
  history.orderStatusId,
  history.notify,
  history.comment,
  history.dateAdded,
];

/** The `orders` row of a new order (parameters `$1` order id, `$2` the row as JSON), returning it. */
const mainInsert = (t: Tables) => `main AS (
      INSERT INTO ${t.orders} (order_id, revision, order_status_id, ${draftColumns})
      SELECT $1, r.revision, r.order_status_id, ${prefixed('r', draftColumns)}
      FROM jsonb_populate_record(NULL::${t.orders}, $2::jsonb) r
      RETURNING *
    )`;

/** The parameters of a new order's statement, its status and revision given. */
const newOrderParameters = (orderId: number, rows: DraftRows, state: OrderState) =>
  draftParameters(orderId, rows, {
    ...rows.order,
    order_status_id: state.orderStatusId,
    revision: state.revision,
  });

/** Writes a new order with all of its child rows (no history: a loaded order's comes apart), in one statement. */
export async function insertDraft(
  client: PgClientLike,
  t: Tables,
  orderId: number,
  rows: DraftRows,
  state: OrderState,
): Promise<void> {
  await client.query(
    `WITH ${mainInsert(t)}, ${childInserts(t)} SELECT 1`,
    newOrderParameters(orderId, rows, state),
  );
}

/**
 * Writes a new order with all of its child rows, its first history entry and its `events` (numbered with its
 * id already), in one statement, and answers its `record` as `recordOf` builds it over the rows the insertions
 * returned (the statement cannot read them back from the tables: its parts all see the tables as they were
 * before it).
 */
export async function insertOrder(
  client: PgClientLike,
  t: Tables,
  orderId: number,
  rows: DraftRows,
  state: OrderState,
  history: HistoryWrite,
  events: readonly EventDraft[],
  recordOf: string,
): Promise<unknown> {
  const parameters = [...newOrderParameters(orderId, rows, state), ...historyParameters(history)];
  const inserts = `WITH ${mainInsert(t)}, ${historyInsert(t)}, ${childInserts(t)}`;
  if (events.length === 0) {
    const { rows: written } = await client.query(`${inserts} ${recordOf}`, parameters);
    return written[0]?.record;
  }
  // The call sits in a part of its own, made once for the order's row and joined to the answer so that it runs.
  const { rows: written } = await client.query(
    `${inserts}, events AS (SELECT ${eventsCall(t, parameters.length + 1)} FROM main)
     SELECT r.record FROM (${recordOf}) r CROSS JOIN events`,
    [...parameters, ...eventsParameters(t, orderId, events, history.dateAdded)],
  );
  return written[0]?.record;
}

/** Replaces the draft of an existing order (its `orders` columns and every child row), in two statements. */
export async function replaceDraft(
  client: PgClientLike,
  t: Tables,
  orderId: number,
  rows: DraftRows,
): Promise<void> {
  await client.query(
    `WITH lines AS (DELETE FROM ${t.order_product} WHERE order_id = $1),
       totals AS (DELETE FROM ${t.order_total} WHERE order_id = $1),
       taxes AS (DELETE FROM ${t.order_tax} WHERE order_id = $1)
     SELECT 1`,
    [orderId],
  );
  const statement = `WITH main AS (
      UPDATE ${t.orders} SET (${draftColumns}) = (
        SELECT ${prefixed('r', draftColumns)} FROM jsonb_populate_record(NULL::${t.orders}, $2::jsonb) r
      )
      WHERE order_id = $1
    ), ${childInserts(t)}
    SELECT 1`;
  await client.query(statement, draftParameters(orderId, rows, rows.order));
}

/** An order's record as it was before a history write, and the entry the write added. */
export interface MovedRevision {
  /** The `record` column of the order as it was (the statement saw the tables before its own changes). */
  readonly before: unknown;
  readonly orderHistoryId: number;
  /** The entry's date as the order's record gives dates (ISO-8601 UTC with milliseconds). */
  readonly dateAdded: string;
}

/**
 * Moves the order's revision on from `expectedRevision` (a compare-and-set on its row, which also locks it),
 * sets its status, and appends the entry of `history` and the `events`, in one statement that also answers the
 * order as it was before (`recordOf`, reading order `$1`) and the new entry's id and date. Undefined when the
 * order is missing or at another revision (nothing written, no event either).
 */
export async function moveRevision(
  client: PgClientLike,
  t: Tables,
  orderId: number,
  expectedRevision: number,
  history: HistoryWrite,
  events: readonly EventDraft[],
  recordOf: string,
): Promise<MovedRevision | undefined> {
  const parameters = [orderId, expectedRevision, ...historyParameters(history)];
  // Made once for the entry's row, which exists only when the compare-and-set moved the revision.
  const call =
    events.length === 0 ? '' : `, ${eventsCall(t, parameters.length + 1)} IS NULL AS events_written`;
  const { rows } = await client.query(
    `WITH moved AS (
       UPDATE ${t.orders} SET revision = revision + 1, order_status_id = $3
       WHERE order_id = $1 AND revision = $2 RETURNING order_id
     ), entry AS (
       INSERT INTO ${t.order_history} (order_id, order_status_id, notify, comment, date_added)
       SELECT order_id, $3, $4, $5, $6 FROM moved
       RETURNING order_history_id, date_added
     )
     SELECT (${recordOf}) AS record, e.order_history_id, ${isoTimestamp('e.date_added')} AS date_added${call}
     FROM entry e`,
    events.length === 0
      ? parameters
      : [...parameters, ...eventsParameters(t, orderId, events, history.dateAdded)],
  );
  const [row] = rows;
  if (row === undefined) return undefined;
  return {
    before: row.record,
    orderHistoryId: Number(row.order_history_id),
    dateAdded: String(row.date_added),
  };
}
