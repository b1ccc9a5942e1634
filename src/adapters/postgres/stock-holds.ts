/**
 * Stock holds in PostgreSQL: releasing the holds whose time has come, each once, whoever sweeps.
 * @module
 */
import { type HeldStock, heldStockEvents, returnMoves } from '../../domain/payment/index.js';
import type { Database } from './database.js';
import type { Tables } from './identifiers.js';
import { writeEvents } from './outbox-write.js';
import type { PgClientLike } from './pool.js';
import type { ReferenceReads } from './reference-cache.js';
import { moveStock } from './stock-moves.js';
import { isoTimestamp } from './values.js';

/** The held lines of `orderIds`, by order. */
async function heldByOrder(
  client: PgClientLike,
  t: Tables,
  orderIds: readonly number[],
): Promise<ReadonlyMap<number, readonly HeldStock[]>> {
  const { rows } = await client.query(
    `SELECT order_id, product_id, product_option_value_id, quantity FROM ${t.order_stock_hold}
     WHERE order_id = ANY($1::int[]) ORDER BY order_id, position`,
    [orderIds],
  );
  const held = new Map<number, HeldStock[]>();
  for (const row of rows) {
    const orderId = Number(row.order_id);
    const lines = held.get(orderId) ?? [];
    lines.push({
      productId: Number(row.product_id),
      productOptionValueId: row.product_option_value_id === null ? null : Number(row.product_option_value_id),
      quantity: Number(row.quantity),
    });
    held.set(orderId, lines);
  }
  return held;
}

/** The held lines of `orderIds`, as the moves that give them back. */
export async function heldLines(client: PgClientLike, t: Tables, orderIds: readonly number[]) {
  return returnMoves([...(await heldByOrder(client, t, orderIds)).values()].flat());
}

/** SQL: the earliest end of the holds still holding (an ISO-8601 text), or NULL when nothing is held. */
export function nextHoldDueColumn(t: Tables): string {
  return `SELECT ${isoTimestamp('min(hold_expires_at)')} FROM ${t.order_payment} WHERE hold_ended_at IS NULL`;
}

/** The time (milliseconds since the epoch) of a {@link nextHoldDueColumn} value: never when nothing is held. */
export function dueTime(value: unknown): number {
  return typeof value === 'string' ? Date.parse(value) : Number.POSITIVE_INFINITY;
}

/** When the next hold falls due, in milliseconds since the epoch (never: nothing is held). */
export async function nextHoldDue(db: Database, t: Tables): Promise<number> {
  const { rows } = await db.query(`SELECT (${nextHoldDueColumn(t)}) AS due`);
  return dueTime(rows[0]?.due);
}

/** True when some hold is due at `now` (one index read: what the sweeps check before opening a transaction). */
export async function anyHoldDue(db: Database, t: Tables, now: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT EXISTS (SELECT 1 FROM ${t.order_payment}
       WHERE hold_ended_at IS NULL AND hold_expires_at <= $1::timestamptz) AS due`,
    [now],
  );
  return rows[0]?.due === true;
}

/**
 * Releases up to `limit` holds due at `now`, in one transaction: the holds are claimed with
 * `FOR UPDATE SKIP LOCKED` (a hold another sweep or a payment write is working on is left to it, so no hold is
 * released twice and sweeps never wait for each other), marked ended `expired`, their units put back (the
 * product rows locked in id order, as every stock move locks them) and reported (`stock.changed`) in the outbox.
 * Answers the orders released, and forgets their products in `cache`.
 */
export async function releaseDueHolds(
  db: Database,
  t: Tables,
  cache: ReferenceReads,
  now: string,
  limit: number,
): Promise<readonly number[]> {
  if (!(await anyHoldDue(db, t, now))) return [];
  const released = await db.transaction('stock hold release', async (client) => {
    const { rows } = await client.query(
      `WITH due AS (
         SELECT order_id FROM ${t.order_payment}
         WHERE hold_ended_at IS NULL AND hold_expires_at <= $1::timestamptz
         ORDER BY hold_expires_at, order_id LIMIT $2 FOR UPDATE SKIP LOCKED
       )
       UPDATE ${t.order_payment} p SET hold_ended_at = $1::timestamptz, hold_ended_how = 'expired'
       FROM due WHERE p.order_id = due.order_id RETURNING p.order_id`,
      [now, limit],
    );
    const orderIds = rows.map((row) => Number(row.order_id)).sort((a, b) => a - b);
    const held =
      orderIds.length === 0
        ? new Map<number, readonly HeldStock[]>()
        : await heldByOrder(client, t, orderIds);
    // The events before the stock: every writer takes an order's outbox lock before any product row.
    for (const [orderId, lines] of held) {
      await writeEvents(client, t, orderId, heldStockEvents(orderId, lines, 1), now);
    }
    const moves = returnMoves([...held.values()].flat());
    await moveStock(client, t, moves);
    return { commit: true, value: { orderIds, productIds: moves.map((move) => move.productId) } };
  });
  if (released.productIds.length > 0) cache.forget('products', [...new Set(released.productIds)]);
  return released.orderIds;
}
