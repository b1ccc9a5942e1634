/**
 * The in-memory order repository.
 * @module
 */

import { idempotencyKey, type MemorySequences, type MemoryStoreData } from '../../demo/store-data.js';
import { deepFreeze } from '../../domain/deep-freeze.js';
import type { EventDraft, OutboxEvent } from '../../domain/events/event-types.js';
import type { StockHold } from '../../domain/payment/index.js';
import type { PaymentRecord } from '../../domain/payment/record.js';
import type { Product } from '../../domain/records/catalog.js';
import type { OrderDraft, OrderHistoryEntry, OrderRecord } from '../../domain/records/order.js';
import type { OrderPayments } from '../../ports/order-payments.js';
import type {
  ClaimOrderOutcome,
  CreateOrderOutcome,
  HistoryWrite,
  IdempotencyClaim,
  IdempotencyClaims,
  OrderRepository,
  StockShortage,
  WriteOrderOutcome,
} from '../../ports/order-repository.js';
import { withOrderId } from '../event-drafts.js';
import { frozenCopy } from './freeze.js';
import { commitLedgers, type LedgerPlan, planLedgers } from './ledgers.js';
import { createMemoryOrderPayments } from './order-payments.js';
import { commitEvents, planEvents } from './outbox.js';
import { releaseDueHolds } from './stock-holds.js';
import { planStockMoves } from './stock-moves.js';

/** Options of {@link createMemoryOrderRepository}. */
export interface MemoryOrderRepositoryOptions {
  /**
   * Test hook called after a write is fully planned and checked, just before it is committed. Throw from it
   * to simulate a crash mid-write: the method rejects with that error and nothing of the write is stored.
   */
  readonly faultBeforeCommit?: (() => void) | undefined;
}

/** Everything one write stores, worked out before anything is stored. */
interface WritePlan {
  readonly order: OrderRecord;
  readonly products: readonly Product[];
  readonly ledgers: LedgerPlan;
  readonly sequences: MemorySequences;
  /** The events the write reports, stored with it. */
  readonly events: readonly OutboxEvent[];
}

/** The order a write starts from: its draft, revision and history so far (nothing for a new order). */
interface OrderBase {
  readonly orderId: number;
  readonly draft: OrderDraft;
  readonly revision: number;
  readonly history: readonly OrderHistoryEntry[];
  /** The order's payment and stock hold, which a history write or an edit of the draft keeps as they are. */
  readonly payment?: PaymentRecord;
  readonly stockHold?: StockHold;
}

type Planned = WritePlan | { readonly shortages: readonly StockShortage[] };

/**
 * Plans a write of `history` over `base`: the new order record, the restocked products and the ledger
 * entries. Ids are drawn from a copy of the sequences, so a refused or failed write consumes none.
 */
function plan(
  data: MemoryStoreData,
  base: OrderBase,
  history: HistoryWrite,
  sequences: MemorySequences,
  drafts: readonly EventDraft[],
): Planned {
  // A hold whose time has come gives its units back before any write moves stock.
  if (history.stockMoves.length > 0) releaseDueHolds(data, history.dateAdded);
  const stock = planStockMoves(data.products, history.stockMoves);
  if (!stock.ok) return { shortages: stock.shortages };
  sequences.orderHistoryId += 1;
  const entry: OrderHistoryEntry = {
    orderHistoryId: sequences.orderHistoryId,
    orderStatusId: history.orderStatusId,
    comment: history.comment,
    notify: history.notify,
    dateAdded: history.dateAdded,
  };
  const order = deepFreeze({
    ...base.draft,
    ...(base.payment === undefined ? {} : { payment: base.payment }),
    ...(base.stockHold === undefined ? {} : { stockHold: base.stockHold }),
    orderId: base.orderId,
    orderStatusId: history.orderStatusId,
    revision: base.revision + 1,
    history: [...base.history, entry],
  });
  const ledgers = planLedgers(base.orderId, history, sequences);
  // A new order's events were decided before it had an id.
  const handed = base.revision === 0 ? withOrderId(drafts, base.orderId) : drafts;
  const events = planEvents(data.outbox, base.orderId, handed, history.dateAdded);
  return { order, products: stock.products, ledgers, sequences, events };
}

/**
 * Stores a planned write. Runs synchronously, after the fault hook: either the hook throws and nothing is
 * stored, or every table is updated before any other call can run.
 */
function commit(
  data: MemoryStoreData,
  options: MemoryOrderRepositoryOptions,
  write: WritePlan,
  claims: readonly IdempotencyClaim[],
): void {
  options.faultBeforeCommit?.();
  for (const product of write.products) data.products.set(product.productId, product);
  commitLedgers(data, write.order.orderId, write.ledgers);
  data.orders.set(write.order.orderId, write.order);
  Object.assign(data.sequences, write.sequences);
  commitEvents(data.outbox, write.events);
  for (const { scope, key, fingerprint } of claims) {
    const record = deepFreeze({ scope, key, fingerprint, orderId: write.order.orderId });
    data.idempotencyKeys.set(idempotencyKey(scope, key), record);
  }
}

/** The claims of an `idempotency` argument as a list. */
function claimList(idempotency: IdempotencyClaims | undefined): readonly IdempotencyClaim[] {
  return ([] as readonly IdempotencyClaim[]).concat(idempotency ?? []);
}

/**
 * What the first already-used claim answers (in the order given), or undefined when every key is free. A claim
 * whose order has since been removed from the table no longer protects anything: it counts as free.
 */
function replay(
  data: MemoryStoreData,
  claims: readonly IdempotencyClaim[],
):
  | { readonly status: 'replayed'; readonly order: OrderRecord }
  | { readonly status: 'idempotency_conflict' }
  | undefined {
  for (const claim of claims) {
    const previous = data.idempotencyKeys.get(idempotencyKey(claim.scope, claim.key));
    const order = previous === undefined ? undefined : data.orders.get(previous.orderId);
    if (previous === undefined || order === undefined) continue;
    return previous.fingerprint === claim.fingerprint
      ? { status: 'replayed', order }
      : { status: 'idempotency_conflict' };
  }
  return undefined;
}

/** `create`: one synchronous plan-check-commit, so concurrent creates never interleave. */
function createOrder(
  data: MemoryStoreData,
  options: MemoryOrderRepositoryOptions,
  draft: OrderDraft,
  history: HistoryWrite,
  claims: readonly IdempotencyClaim[],
  events: readonly EventDraft[],
): CreateOrderOutcome {
  const replayed = replay(data, claims);
  if (replayed !== undefined) return replayed;
  const sequences = { ...data.sequences, orderId: data.sequences.orderId + 1 };
  const base = { orderId: sequences.orderId, draft: frozenCopy(draft), revision: 0, history: [] };
  const planned = plan(data, base, history, sequences, events);
  if ('shortages' in planned) return { status: 'insufficient_stock', shortages: planned.shortages };
  commit(data, options, planned, claims);
  return { status: 'created', order: planned.order };
}

/** `update` and `addHistory`: checks the order and its revision, then one synchronous plan-check-commit. */
function writeOrder(
  data: MemoryStoreData,
  options: MemoryOrderRepositoryOptions,
  orderId: number,
  draft: OrderDraft | undefined,
  history: HistoryWrite,
  expectedRevision: number,
  claims: readonly IdempotencyClaim[],
  events: readonly EventDraft[],
): WriteOrderOutcome {
  const current = data.orders.get(orderId);
  if (current === undefined) return { status: 'not_found' };
  if (current.revision !== expectedRevision) return { status: 'conflict' };
  const base = { ...current, draft: draft === undefined ? current : frozenCopy(draft) };
  const planned = plan(data, base, history, { ...data.sequences }, events);
  if ('shortages' in planned) return { status: 'insufficient_stock', shortages: planned.shortages };
  commit(data, options, planned, claims);
  return { status: 'written', order: planned.order };
}

/** `claim`: the order must exist and the claim be free; then only the claim is stored. */
function claimOrder(
  data: MemoryStoreData,
  options: MemoryOrderRepositoryOptions,
  orderId: number,
  claim: IdempotencyClaim,
): ClaimOrderOutcome {
  const order = data.orders.get(orderId);
  if (order === undefined) return { status: 'not_found' };
  const replayed = replay(data, [claim]);
  if (replayed !== undefined) return replayed;
  options.faultBeforeCommit?.();
  const { scope, key, fingerprint } = claim;
  data.idempotencyKeys.set(idempotencyKey(scope, key), deepFreeze({ scope, key, fingerprint, orderId }));
  return { status: 'claimed', order };
}

/**
 * An {@link OrderRepository} over the memory tables, sharing them with the catalog (stock) and the coupon and
 * customer directories (ledgers).
 *
 * Every method plans the complete new state first (order record, stock of every product moved, ledger
 * entries, ids), checks every guarded stock move, and only then commits, synchronously and with no `await`
 * in between: concurrent calls cannot interleave, and a refused or failed write leaves nothing behind.
 * A reward redemption's `points` is written to the ledger signed as given (negative spends); releasing
 * removes every ledger entry of the order. Records are frozen.
 *
 * It is also the {@link OrderPayments} of the same tables: an order's payment and stock hold live on its record,
 * which edits and history writes keep; a write that moves stock first releases the holds whose time has come.
 */
export function createMemoryOrderRepository(
  data: MemoryStoreData,
  options: MemoryOrderRepositoryOptions = {},
): OrderRepository & OrderPayments {
  return {
    ...createMemoryOrderPayments(data, options),
    async create(draft, history, idempotency, events = []) {
      return createOrder(data, options, draft, history, claimList(idempotency), events);
    },

    async update(orderId, draft, history, expectedRevision, idempotency, events = []) {
      const claims = claimList(idempotency);
      // The claim is checked before the revision: the claimed write itself moved the revision on.
      const replayed = data.orders.has(orderId) ? replay(data, claims) : undefined;
      return replayed ?? writeOrder(data, options, orderId, draft, history, expectedRevision, claims, events);
    },

    async addHistory(orderId, history, expectedRevision, events = []) {
      return writeOrder(data, options, orderId, undefined, history, expectedRevision, [], events);
    },

    async claim(orderId, claim) {
      return claimOrder(data, options, orderId, claim);
    },

    async get(orderId: number): Promise<OrderRecord | undefined> {
      const order = data.orders.get(orderId);
      return order === undefined ? undefined : deepFreeze(order);
    },
  };
}
