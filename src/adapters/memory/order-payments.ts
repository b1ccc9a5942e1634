/**
 * The payment side of the memory order repository: an order's payment and stock hold, moved with the order.
 * @module
 */

import type { MemoryStoreData } from '../../demo/store-data.js';
import { deepFreeze } from '../../domain/deep-freeze.js';
import {
  type HoldChange,
  isHolding,
  isOpenPaymentStatus,
  returnMoves,
  type StockHold,
  takeMoves,
} from '../../domain/payment/index.js';
import type { OrderHistoryEntry, OrderRecord } from '../../domain/records/order.js';
import type { OrderPayments, PaymentWrite } from '../../ports/order-payments.js';
import type { StockMove, WriteOrderOutcome } from '../../ports/order-repository.js';
import { frozenCopy } from './freeze.js';
import { commitLedgers, planLedgers } from './ledgers.js';
import type { MemoryOrderRepositoryOptions } from './order-repository.js';
import { commitEvents, planEvents } from './outbox.js';
import { releaseDueHolds } from './stock-holds.js';
import { planStockMoves } from './stock-moves.js';

/** The default number of orders a sweep handles in one call. */
const DEFAULT_LIMIT = 100;

/** The moves a hold change makes, and the hold the order carries afterwards. */
function holdPlan(
  current: StockHold | undefined,
  change: HoldChange | undefined,
  at: string,
): {
  readonly give: readonly StockMove[];
  readonly take: readonly StockMove[];
  readonly hold: StockHold | undefined;
} {
  if (change === undefined) return { give: [], take: [], hold: current };
  if (change.kind === 'take') {
    const lines = frozenCopy(change.lines);
    // A hold taken again (a new attempt) gives the old one's units back first.
    const give = isHolding(current) ? returnMoves(current.lines) : [];
    return { give, take: takeMoves(lines), hold: { lines, expiresAt: change.expiresAt, ended: null } };
  }
  if (!isHolding(current)) return { give: [], take: [], hold: current };
  const how = change.kind === 'convert' ? 'converted' : change.how;
  return { give: returnMoves(current.lines), take: [], hold: { ...current, ended: { at, how } } };
}

/** The order record after the write: its payment, hold, and (with a history entry) status, revision and history. */
function nextRecord(
  current: OrderRecord,
  write: PaymentWrite,
  hold: StockHold | undefined,
  entry: OrderHistoryEntry | undefined,
): OrderRecord {
  const { stockHold: _dropped, ...rest } = current;
  return deepFreeze({
    ...rest,
    orderStatusId: entry?.orderStatusId ?? current.orderStatusId,
    revision: current.revision + 1,
    history: entry === undefined ? current.history : [...current.history, entry],
    payment: frozenCopy(write.payment),
    ...(hold === undefined ? {} : { stockHold: hold }),
  });
}

/**
 * `writePayment`: checks the order and its revision, releases the holds due by the write's instant, plans the
 * stock (the hold's units given back, the history's moves, the new hold's units taken, in that order) and the
 * ledgers, and commits everything synchronously, or nothing.
 */
function writePayment(
  data: MemoryStoreData,
  options: MemoryOrderRepositoryOptions,
  orderId: number,
  write: PaymentWrite,
  expectedRevision: number,
): WriteOrderOutcome {
  releaseDueHolds(data, write.at);
  const current = data.orders.get(orderId);
  if (current === undefined) return { status: 'not_found' };
  if (current.revision !== expectedRevision) return { status: 'conflict' };
  const { give, take, hold } = holdPlan(current.stockHold, write.hold, write.at);
  const history = write.history;
  const stock = planStockMoves(data.products, [...give, ...(history?.stockMoves ?? []), ...take]);
  if (!stock.ok) return { status: 'insufficient_stock', shortages: stock.shortages };
  const sequences = { ...data.sequences };
  let entry: OrderHistoryEntry | undefined;
  if (history !== undefined) {
    sequences.orderHistoryId += 1;
    const { orderStatusId, comment, notify, dateAdded } = history;
    entry = { orderHistoryId: sequences.orderHistoryId, orderStatusId, comment, notify, dateAdded };
  }
  const ledgers = history === undefined ? undefined : planLedgers(orderId, history, sequences);
  const order = nextRecord(current, write, hold, entry);
  // The hold's units are reported back only when this write gives them back.
  const returned = give.length > 0 ? (write.heldStockEvents ?? []) : [];
  const events = planEvents(data.outbox, orderId, [...returned, ...(write.events ?? [])], write.at);
  options.faultBeforeCommit?.();
  for (const product of stock.products) data.products.set(product.productId, product);
  if (ledgers !== undefined) commitLedgers(data, orderId, ledgers);
  data.orders.set(orderId, order);
  Object.assign(data.sequences, sequences);
  if (isHolding(order.stockHold)) data.stockHolds.set(orderId, order.stockHold);
  else data.stockHolds.delete(orderId);
  commitEvents(data.outbox, events);
  return { status: 'written', order };
}

/** The orders whose open payment's hold is due at `now`, oldest first. */
function dueOpenPayments(data: MemoryStoreData, now: string, limit: number): number[] {
  const due: number[] = [];
  const at = Date.parse(now);
  for (const order of [...data.orders.values()].sort((a, b) => a.orderId - b.orderId)) {
    if (due.length >= limit) break;
    const { payment, stockHold } = order;
    if (payment === undefined || stockHold === undefined || !isOpenPaymentStatus(payment.status)) continue;
    // Due whether a read already released it or not; a hold released or converted by a write is not.
    const endedByWrite = stockHold.ended !== null && stockHold.ended.how !== 'expired';
    if (!endedByWrite && Date.parse(stockHold.expiresAt) <= at) due.push(order.orderId);
  }
  return due;
}

/**
 * The {@link OrderPayments} of the memory order repository, over the same tables: payments and holds live on the
 * orders' records (and active holds in `data.stockHolds`), every write planned and committed synchronously, so
 * concurrent writes never interleave.
 */
export function createMemoryOrderPayments(
  data: MemoryStoreData,
  options: MemoryOrderRepositoryOptions = {},
): OrderPayments {
  return {
    async writePayment(orderId, write, expectedRevision) {
      return writePayment(data, options, orderId, write, expectedRevision);
    },
    async releaseDueHolds(now, limit = DEFAULT_LIMIT) {
      return releaseDueHolds(data, now, limit);
    },
    async dueOpenPayments(now, limit = DEFAULT_LIMIT) {
      return dueOpenPayments(data, now, limit);
    },
    async findByPaymentReference(providerCode, reference) {
      for (const order of data.orders.values()) {
        const { payment } = order;
        if (payment?.providerCode === providerCode && payment.reference === reference) return order.orderId;
      }
      return undefined;
    },
  };
}
