/**
 * The PostgreSQL order repository.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { EventDraft } from '../../domain/events/event-types.js';
import type { OrderDraft, OrderRecord } from '../../domain/records/order.js';
import type { OrderPayments } from '../../ports/order-payments.js';
import type {
  ClaimOrderOutcome,
  CreateOrderOutcome,
  HistoryWrite,
  IdempotencyClaim,
  IdempotencyClaims,
  OrderRepository,
  UpdateOrderOutcome,
  WriteOrderOutcome,
} from '../../ports/order-repository.js';
import { withOrderId } from '../event-drafts.js';
import { claimKeys, nextOrderId } from './idempotency.js';
import type { Tables } from './identifiers.js';
import { writeLedgers } from './ledgers.js';
import { type PostgresAdapterOptions, resolveOptions } from './options.js';
import { createPostgresOrderPayments } from './order-payments.js';
import { insertedOrderTables, orderRecordOf, orderStatement, readOrder } from './order-read.js';
import { type DraftRows, draftRows } from './order-rows.js';
import { insertOrder, type MovedRevision, moveRevision, replaceDraft } from './order-write.js';
import type { PgClientLike } from './pool.js';
import { forgettingMoved, moveStock } from './stock-moves.js';
import type { TransactionOutcome } from './transaction.js';
import { isStoredId } from './values.js';

/** What every write needs: the tables, the store currency and the order-reading statements. */
interface Context {
  readonly t: Tables;
  readonly currency: string;
  /** Reads order `$1` from its tables. */
  readonly read: string;
  /** Reads order `$1` from the rows the statement inserting it returned. */
  readonly readInserted: string;
}

/** Keeps the writes and answers `value`. */
const commit = <T>(value: T): TransactionOutcome<T> => ({ commit: true, value });
/** Drops the writes and answers `value`. */
const rollback = <T>(value: T): TransactionOutcome<T> => ({ commit: false, value });

/** The order as just written, read back on the writing transaction's client, frozen. */
async function written(client: PgClientLike, context: Context, orderId: number): Promise<OrderRecord> {
  const order = await readOrder(client, context.read, context.currency, orderId);
  if (order === undefined) throw new Error(`cartwright postgres: order ${orderId} vanished inside its write`);
  return deepFreeze(order);
}

/**
 * The order after a history write, from the record as it was before: the new status, the next revision and the
 * entry appended, as the write stored them (a history write changes nothing else of the record).
 */
function withEntry(context: Context, moved: MovedRevision, history: HistoryWrite): OrderRecord {
  const before = orderRecordOf(moved.before, context.currency);
  const entry = {
    orderHistoryId: moved.orderHistoryId,
    orderStatusId: history.orderStatusId,
    comment: history.comment,
    notify: history.notify,
    dateAdded: moved.dateAdded,
  };
  return deepFreeze({
    ...before,
    orderStatusId: history.orderStatusId,
    revision: before.revision + 1,
    history: [...before.history, entry],
  });
}

/** What a key already used answers. */
type UsedKey =
  | { readonly status: 'replayed'; readonly order: OrderRecord }
  | { readonly status: 'idempotency_conflict' };

/** The claims of an `idempotency` argument as a list. */
function claimList(idempotency: IdempotencyClaims | undefined): readonly IdempotencyClaim[] {
  return ([] as readonly IdempotencyClaim[]).concat(idempotency ?? []);
}

/**
 * Claims `claims` for order `orderId` (a new order's when undefined): undefined when they are this write's now,
 * or the outcome of a key already used (the order as it is now, or a conflict).
 */
async function claimFor(
  client: PgClientLike,
  context: Context,
  claims: readonly IdempotencyClaim[],
  orderId: number | undefined,
): Promise<{ readonly orderId: number } | UsedKey | undefined> {
  const [first, ...rest] = claims;
  if (first === undefined) return undefined;
  const result = await claimKeys(client, context.t, [first, ...rest], orderId);
  if (result.status === 'claimed') return { orderId: result.orderId };
  if (result.status === 'conflict') return { status: 'idempotency_conflict' };
  return { status: 'replayed', order: await written(client, context, result.orderId) };
}

/** The id of the new order: the claims' (claimed with it), or a fresh one; or the outcome of a key already used. */
async function newOrderId(
  client: PgClientLike,
  context: Context,
  claims: readonly IdempotencyClaim[],
): Promise<number | CreateOrderOutcome> {
  const claimed = await claimFor(client, context, claims, undefined);
  if (claimed === undefined) {
    const { rows } = await client.query(`SELECT ${nextOrderId(context.t)} AS order_id`);
    return Number(rows[0]?.order_id);
  }
  return 'orderId' in claimed ? claimed.orderId : claimed;
}

/** What a write answers when its stock moves are refused. */
type Shortages = Extract<WriteOrderOutcome, { readonly status: 'insufficient_stock' }>;

/**
 * The end of every write once the order, its history entry and its events are written: the ledgers, the record
 * (`order`, or read back), then the stock moves. Those come last because they lock product rows that every order for the
 * same product needs: locked last, the commit follows at once, and concurrent orders wait for each other the
 * least. Refused moves roll everything back.
 */
async function settle<T>(
  client: PgClientLike,
  context: Context,
  orderId: number,
  history: HistoryWrite,
  outcome: (order: OrderRecord) => T,
  known?: OrderRecord,
): Promise<TransactionOutcome<T | Shortages>> {
  await writeLedgers(client, context.t, context.currency, orderId, history);
  const order = known ?? (await written(client, context, orderId));
  const shortages = await moveStock(client, context.t, history.stockMoves);
  if (shortages.length > 0) return rollback({ status: 'insufficient_stock', shortages });
  return commit(outcome(order));
}

/** `create`, inside its transaction. */
async function create(
  client: PgClientLike,
  context: Context,
  rows: DraftRows,
  history: HistoryWrite,
  claims: readonly IdempotencyClaim[],
  events: readonly EventDraft[],
): Promise<TransactionOutcome<CreateOrderOutcome>> {
  const orderId = await newOrderId(client, context, claims);
  if (typeof orderId !== 'number') return rollback(orderId);
  const state = { orderStatusId: history.orderStatusId, revision: 1 };
  // A new order's events were decided before it had an id.
  const numbered = withOrderId(events, orderId);
  const record = await insertOrder(
    client,
    context.t,
    orderId,
    rows,
    state,
    history,
    numbered,
    context.readInserted,
  );
  const order = deepFreeze(orderRecordOf(record, context.currency));
  return settle(
    client,
    context,
    orderId,
    history,
    (created) => ({ status: 'created', order: created }),
    order,
  );
}

/**
 * `update`'s claims, checked before its revision (the claimed write itself moved the revision on): undefined
 * when they are free (and now this write's, unless it rolls back), or the outcome of a key already used.
 */
async function updateClaims(
  client: PgClientLike,
  context: Context,
  orderId: number,
  claims: readonly IdempotencyClaim[],
): Promise<UpdateOrderOutcome | undefined> {
  if (claims.length === 0) return undefined;
  const found = await client.query(`SELECT 1 FROM ${context.t.orders} WHERE order_id = $1`, [orderId]);
  if (found.rows.length === 0) return { status: 'not_found' };
  const claimed = await claimFor(client, context, claims, orderId);
  return claimed === undefined || 'orderId' in claimed ? undefined : claimed;
}

/**
 * `claim`, inside its transaction: the order must exist (its row is locked against a concurrent delete until
 * the claim, which references it, commits), then the claim is made for it as a create's would be.
 */
async function claimOrder(
  client: PgClientLike,
  context: Context,
  orderId: number,
  claim: IdempotencyClaim,
): Promise<TransactionOutcome<ClaimOrderOutcome>> {
  const found = await client.query(`SELECT 1 FROM ${context.t.orders} WHERE order_id = $1 FOR SHARE`, [
    orderId,
  ]);
  if (found.rows.length === 0) return rollback({ status: 'not_found' });
  const claimed = await claimFor(client, context, [claim], orderId);
  if (claimed !== undefined && !('orderId' in claimed)) return rollback(claimed);
  return commit({ status: 'claimed', order: await written(client, context, orderId) });
}

/**
 * `update` (with `rows`) and `addHistory` (without), inside their transaction. The revision check is a
 * compare-and-set on the `orders` row (written with the history entry), which also locks it: of concurrent
 * writes at one revision, one succeeds and the others, once it commits, find the revision moved on.
 */
async function write(
  client: PgClientLike,
  context: Context,
  orderId: number,
  rows: DraftRows | undefined,
  history: HistoryWrite,
  expectedRevision: number,
  events: readonly EventDraft[],
): Promise<TransactionOutcome<WriteOrderOutcome>> {
  const { t } = context;
  // Revisions are positive: a revision no INTEGER can hold matches no row (and is a conflict).
  const revision = isStoredId(expectedRevision) ? expectedRevision : -1;
  const moved = await moveRevision(client, t, orderId, revision, history, events, context.read);
  if (moved === undefined) {
    const found = await client.query(`SELECT 1 FROM ${t.orders} WHERE order_id = $1`, [orderId]);
    return rollback({ status: found.rows.length === 0 ? 'not_found' : 'conflict' });
  }
  const outcome = (order: OrderRecord) => ({ status: 'written' as const, order });
  if (rows !== undefined) {
    await replaceDraft(client, t, orderId, rows);
    return settle(client, context, orderId, history, outcome);
  }
  return settle(client, context, orderId, history, outcome, withEntry(context, moved, history));
}

/**
 * An {@link OrderRepository} over PostgreSQL, with the same semantics as the memory repository (the
 * `cartwright/testing` contract suite checks both).
 *
 * Every method is one transaction on one pooled connection (READ COMMITTED): the order, its lines, options,
 * subscriptions, totals and taxes, the history entry, the stock moves and the ledger entries are all written,
 * or none is. Stock moves lock their product and option-value rows (`SELECT … FOR UPDATE`, in id order, so
 * concurrent writes never deadlock), are planned against the locked stock and applied as one conditional
 * `UPDATE` per table: concurrent orders never oversell. Idempotency keys live in `order_idempotency`, keyed by
 * (scope, key) with the payload fingerprint; revisions are a compare-and-set on the `orders` row. Orders are
 * read back in one statement and handed out frozen.
 *
 * It is also the {@link OrderPayments} of the same tables: an order's payment (`order_payment`) and stock hold
 * (`order_stock_hold`) are read back with the order, and edits and history writes keep them.
 *
 * Dates (`dateAdded`, `dateModified`, history dates) are stored as `TIMESTAMPTZ` and read back as ISO-8601 UTC
 * strings with milliseconds (`2024-05-01T10:00:00.000Z`), the form the clock writes. A failure of the
 * database rejects the call; nothing of the write is kept.
 *
 * @example
 * ```ts
 * const orders = createPostgresOrderRepository({ pool, schema: 'shop', currency: settings.currency });
 * ```
 */
export function createPostgresOrderRepository(
  options: PostgresAdapterOptions,
): OrderRepository & OrderPayments {
  const { db, tables: t, currency, cache } = resolveOptions(options);
  const context: Context = {
    t,
    currency,
    read: orderStatement(t),
    readInserted: orderStatement(insertedOrderTables(t)),
  };

  return {
    ...createPostgresOrderPayments({ db, t, currency, cache, read: context.read }),
    async create(
      draft: OrderDraft,
      history: HistoryWrite,
      idempotency?: IdempotencyClaims,
      events: readonly EventDraft[] = [],
    ) {
      const rows = draftRows(draft, currency);
      const claims = claimList(idempotency);
      return forgettingMoved(cache, history.stockMoves, () =>
        db.transaction('order create', (client) => create(client, context, rows, history, claims, events)),
      );
    },

    async update(
      orderId: number,
      draft: OrderDraft,
      history: HistoryWrite,
      expectedRevision: number,
      idempotency?: IdempotencyClaim,
      events: readonly EventDraft[] = [],
    ): Promise<UpdateOrderOutcome> {
      const rows = draftRows(draft, currency);
      if (!isStoredId(orderId)) return { status: 'not_found' };
      const claims = claimList(idempotency);
      return forgettingMoved(cache, history.stockMoves, () =>
        db.transaction('order update', async (client): Promise<TransactionOutcome<UpdateOrderOutcome>> => {
          const used = await updateClaims(client, context, orderId, claims);
          if (used !== undefined) return rollback(used);
          return write(client, context, orderId, rows, history, expectedRevision, events);
        }),
      );
    },

    async addHistory(
      orderId: number,
      history: HistoryWrite,
      expectedRevision: number,
      events: readonly EventDraft[] = [],
    ) {
      if (!isStoredId(orderId)) return { status: 'not_found' };
      return forgettingMoved(cache, history.stockMoves, () =>
        db.transaction('order history', (client) =>
          write(client, context, orderId, undefined, history, expectedRevision, events),
        ),
      );
    },

    async claim(orderId: number, claim: IdempotencyClaim): Promise<ClaimOrderOutcome> {
      if (!isStoredId(orderId)) return { status: 'not_found' };
      return db.transaction('order claim', (client) => claimOrder(client, context, orderId, claim));
    },

    async get(orderId: number): Promise<OrderRecord | undefined> {
      if (!isStoredId(orderId)) return undefined;
      const order = await readOrder(db, context.read, currency, orderId);
      return order === undefined ? undefined : deepFreeze(order);
    },
  };
}
