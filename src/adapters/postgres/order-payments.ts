/**
 * The payment side of the PostgreSQL order repository: an order's payment and stock hold, written with the
 * order in one transaction.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import { type HoldChange, takeMoves } from '../../domain/payment/index.js';
import type { OrderRecord } from '../../domain/records/order.js';
import type { OrderPayments, PaymentWrite } from '../../ports/order-payments.js';
import type { HistoryWrite, StockMove, WriteOrderOutcome } from '../../ports/order-repository.js';
import type { Database } from './database.js';
import type { Tables } from './identifiers.js';
import { writeLedgers } from './ledgers.js';
import { orderRecordOf, readOrder } from './order-read.js';
import { moveRevision } from './order-write.js';
import { writeEvents } from './outbox-write.js';
import type { PgClientLike } from './pool.js';
import type { ReferenceReads } from './reference-cache.js';
import { heldLines, releaseDueHolds } from './stock-holds.js';
import { forgettingMoved, moveStock } from './stock-moves.js';
import type { TransactionOutcome } from './transaction.js';
import { isStoredId } from './values.js';

/** What the payment writes need of the repository. */
export interface PaymentContext {
  readonly db: Database;
  readonly t: Tables;
  readonly currency: string;
  readonly cache: ReferenceReads;
  /** Reads order `$1` from its tables. */
  readonly read: string;
}

/** The default number of orders a sweep handles in one call. */
const DEFAULT_LIMIT = 100;

/**
 * Moves the revision on (with the history entry when there is one) and answers the order's status before the
 * write; undefined when the order is missing or at another revision.
 */
async function moveOn(
  client: PgClientLike,
  context: PaymentContext,
  orderId: number,
  expectedRevision: number,
  history: HistoryWrite | undefined,
): Promise<number | undefined> {
  const revision = isStoredId(expectedRevision) ? expectedRevision : -1;
  if (history !== undefined) {
    const moved = await moveRevision(client, context.t, orderId, revision, history, [], context.read);
    return moved === undefined ? undefined : orderRecordOf(moved.before, context.currency).orderStatusId;
  }
  const { rows } = await client.query(
    `UPDATE ${context.t.orders} SET revision = revision + 1 WHERE order_id = $1 AND revision = $2
     RETURNING order_status_id`,
    [orderId, revision],
  );
  return rows.length === 0 ? undefined : Number(rows[0]?.order_status_id);
}

/**
 * Whether the order's hold still holds, and the moves giving its units back (its payment row locked first, so a
 * sweep skips it and another write waits).
 */
async function heldMoves(
  client: PgClientLike,
  t: Tables,
  orderId: number,
): Promise<{ readonly holding: boolean; readonly moves: readonly StockMove[] }> {
  const { rows } = await client.query(
    `SELECT hold_expires_at IS NOT NULL AND hold_ended_at IS NULL AS holding
     FROM ${t.order_payment} WHERE order_id = $1 FOR UPDATE`,
    [orderId],
  );
  const holding = rows[0]?.holding === true;
  return { holding, moves: holding ? await heldLines(client, t, [orderId]) : [] };
}

/** Writes the payment row: the record, its search columns, and the hold's header as `change` leaves it. */
async function savePayment(
  client: PgClientLike,
  t: Tables,
  orderId: number,
  write: PaymentWrite,
  holding: boolean,
): Promise<void> {
  const { payment } = write;
  const change: HoldChange | undefined = write.hold;
  const take = change?.kind === 'take' ? change : undefined;
  // A release or conversion ends a hold that still holds; one already ended keeps its end.
  const ends = change !== undefined && change.kind !== 'take' && holding;
  const endHow = !ends ? null : change.kind === 'convert' ? 'converted' : change.how;
  await client.query(
    `INSERT INTO ${t.order_payment} AS p (order_id, provider_code, reference, status, record, hold_expires_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::timestamptz)
     ON CONFLICT (order_id) DO UPDATE SET provider_code = $2, reference = $3, status = $4, record = $5::jsonb,
       hold_expires_at = CASE WHEN $7 THEN $6::timestamptz ELSE p.hold_expires_at END,
       hold_ended_at = CASE WHEN $7 THEN NULL WHEN $8::text IS NULL THEN p.hold_ended_at ELSE $9::timestamptz END,
       hold_ended_how = CASE WHEN $7 THEN NULL WHEN $8::text IS NULL THEN p.hold_ended_how ELSE $8::text END`,
    [
      orderId,
      payment.providerCode,
      payment.reference,
      payment.status,
      JSON.stringify(payment),
      take?.expiresAt ?? null,
      take !== undefined,
      endHow,
      write.at,
    ],
  );
  if (take === undefined) return;
  await client.query(`DELETE FROM ${t.order_stock_hold} WHERE order_id = $1`, [orderId]);
  await client.query(
    `INSERT INTO ${t.order_stock_hold} (order_id, position, product_id, product_option_value_id, quantity)
     SELECT $1, ordinality, l.product_id, l.product_option_value_id, l.quantity
     FROM unnest($2::int[], $3::int[], $4::int[]) WITH ORDINALITY AS l (product_id, product_option_value_id, quantity)`,
    [
      orderId,
      take.lines.map((line) => line.productId),
      take.lines.map((line) => line.productOptionValueId),
      take.lines.map((line) => line.quantity),
    ],
  );
}

/**
 * `writePayment` inside its transaction: the revision (and history entry), the payment row locked, the held
 * units given back when the change releases, converts or replaces the hold, the payment and hold written, the
 * ledgers, the events, then every stock move at once (given back, the history's, the new hold's, in that order), which
 * refuses the whole write when a guarded one would oversell.
 */
async function write(
  client: PgClientLike,
  context: PaymentContext,
  orderId: number,
  payment: PaymentWrite,
  expectedRevision: number,
): Promise<TransactionOutcome<WriteOrderOutcome>> {
  const { t } = context;
  const fromStatus = await moveOn(client, context, orderId, expectedRevision, payment.history);
  if (fromStatus === undefined) {
    const found = await client.query(`SELECT 1 FROM ${t.orders} WHERE order_id = $1`, [orderId]);
    return { commit: false, value: { status: found.rows.length === 0 ? 'not_found' : 'conflict' } };
  }
  const held =
    payment.hold === undefined ? { holding: false, moves: [] } : await heldMoves(client, t, orderId);
  const give = held.moves;
  await savePayment(client, t, orderId, payment, held.holding);
  if (payment.history !== undefined)
    await writeLedgers(client, t, context.currency, orderId, payment.history);
  // The hold's units are reported back only when this write gives them back.
  const returned = give.length > 0 ? (payment.heldStockEvents ?? []) : [];
  await writeEvents(client, t, orderId, [...returned, ...(payment.events ?? [])], payment.at);
  const take = payment.hold?.kind === 'take' ? takeMoves(payment.hold.lines) : [];
  const shortages = await moveStock(client, t, [...give, ...(payment.history?.stockMoves ?? []), ...take]);
  if (shortages.length > 0) return { commit: false, value: { status: 'insufficient_stock', shortages } };
  const order = await readOrder(client, context.read, context.currency, orderId);
  if (order === undefined) throw new Error(`cartwright postgres: order ${orderId} vanished inside its write`);
  return { commit: true, value: { status: 'written', order: deepFreeze(order) as OrderRecord } };
}

/** Every product a payment write may move: its history's, its new hold's, and (unknown here) its old hold's. */
function touched(payment: PaymentWrite): readonly StockMove[] {
  const take = payment.hold?.kind === 'take' ? takeMoves(payment.hold.lines) : [];
  return [...(payment.history?.stockMoves ?? []), ...take];
}

/**
 * The {@link OrderPayments} of the PostgreSQL order repository. A payment write first releases the holds due by
 * its instant (in a transaction of their own), then writes, in one transaction, the revision, the payment row and
 * its hold, the history entry and ledgers, and the stock moves: all or nothing. The orders, payment and product
 * rows are locked in that order by every payment write, and sweeps skip the payments being written, so they
 * never deadlock with each other.
 */
export function createPostgresOrderPayments(context: PaymentContext): OrderPayments {
  const { db, t, cache } = context;
  return {
    async writePayment(orderId, payment, expectedRevision) {
      if (!isStoredId(orderId)) return { status: 'not_found' };
      await releaseDueHolds(db, t, cache, payment.at, DEFAULT_LIMIT);
      const outcome = await forgettingMoved(cache, touched(payment), () =>
        db.transaction('order payment', (client) =>
          write(client, context, orderId, payment, expectedRevision),
        ),
      );
      // A released or converted hold moved products this process may keep: forget them too.
      if (outcome.status === 'written') {
        const held = outcome.order.stockHold?.lines.map((line) => line.productId) ?? [];
        if (held.length > 0) cache.forget('products', [...new Set(held)]);
      }
      return outcome;
    },
    releaseDueHolds(now, limit = DEFAULT_LIMIT) {
      return releaseDueHolds(db, t, cache, now, limit);
    },
    async dueOpenPayments(now, limit = DEFAULT_LIMIT) {
      const { rows } = await db.query(
        `SELECT order_id FROM ${t.order_payment}
         WHERE status IN ('pending', 'requires_action') AND hold_expires_at <= $1::timestamptz
           AND (hold_ended_how IS NULL OR hold_ended_how = 'expired')
         ORDER BY order_id LIMIT $2`,
        [now, limit],
      );
      return rows.map((row) => Number(row.order_id));
    },
    async findByPaymentReference(providerCode, reference) {
      const { rows } = await db.query(
        `SELECT order_id FROM ${t.order_payment} WHERE provider_code = $1 AND reference = $2 ORDER BY order_id LIMIT 1`,
        [providerCode, reference],
      );
      return rows[0] === undefined ? undefined : Number(rows[0].order_id);
    },
  };
}
