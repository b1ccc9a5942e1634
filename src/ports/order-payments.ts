/**
 * The order payments port: an order's payment record and stock hold, written with the order.
 * @module
 */

import type { EventDraft } from '../domain/events/event-types.js';
import type { HistoryWrite } from '../domain/order/write.js';
import type { HoldChange, PaymentRecord } from '../domain/payment/index.js';
import type { WriteOrderOutcome } from './order-repository.js';

export type {
  HeldStock,
  HoldChange,
  HoldEnd,
  PaymentMove,
  PaymentRecord,
  PaymentRefund,
  StockHold,
} from '../domain/payment/index.js';

/** One payment write: the payment as the rules moved it, and what goes with it in the same transaction. */
export interface PaymentWrite {
  /** The order's payment after the move (the repository stores it as given: the rules decided it). */
  readonly payment: PaymentRecord;
  /** What happens to the order's stock hold; nothing when left out. */
  readonly hold?: HoldChange | undefined;
  /** A history entry to append with it (the order entering its status once authorized, with its stock moves). */
  readonly history?: HistoryWrite | undefined;
  /** ISO-8601 instant of the write: a hold ended by it is dated so, and holds due by then are released first. */
  readonly at: string;
  /** What the write reports, stored in the outbox in its transaction, dated `at` (none when left out). */
  readonly events?: readonly EventDraft[] | undefined;
  /**
   * The `stock.changed` of the order's held units coming back, stored before `events` (the units return before
   * the write moves anything else) and only when this write gives held units back: a hold already ended gives
   * nothing and reports nothing.
   */
  readonly heldStockEvents?: readonly EventDraft[] | undefined;
}

/**
 * The payment side of an order repository: the payment record and stock hold each order carries, moved in one
 * transaction with the order, and the sweep of holds whose time ran out. The memory and PostgreSQL order
 * repositories implement it beside `OrderRepository`.
 *
 * Contract (`describeOrderPaymentsContract` in `cartwright/testing` checks every point):
 * - `writePayment` writes at `expectedRevision` only (compare-and-set; the revision grows by one), in one
 *   transaction: the payment record, the hold change, and the history entry with its stock moves and ledgers.
 *   The order read back (`get`, and the outcome) carries `payment` and `stockHold` as written.
 * - A hold taken (`take`) moves its units out of stock at once: no other cart reads them as available and no
 *   guarded stock move (another order's, another hold's) can take them. When there are not enough, the whole
 *   write is refused (`insufficient_stock`) and nothing is written. Concurrent holds never hold more than there is.
 * - `release` gives the held units back; `convert` gives them back and applies the write's history stock moves in
 *   the same transaction (the hold becomes the order's normal stock move). Either ends the hold (dated `at`); a
 *   hold already ended gives nothing back twice.
 * - A hold whose time has come is released (`ended.how` `expired`) when its stock is next read through the
 *   catalog of the same store, by the next payment write, and by `releaseDueHolds`.
 * - `releaseDueHolds(now)` releases every hold due at `now` (up to `limit`) and answers their orders; several
 *   callers at once never release one hold twice.
 * - `dueOpenPayments(now)` answers the orders whose payment is still open (`pending`, `requires_action`) and whose
 *   hold's time has come (released yet or not): what a sweep marks `expired`.
 * - `findByPaymentReference` answers the order whose payment has that provider code and reference.
 * - A write stores its `events` (and `heldStockEvents` when it gives held units back), and nothing else; a hold
 *   released because its time came (by a read, a write or `releaseDueHolds`) reports its units with the
 *   `stock.changed` events of `heldStockEvents(orderId, lines, 1)`, in the release's transaction.
 */
export interface OrderPayments {
  /** Writes the order's payment (with its hold change and history entry) at `expectedRevision`, in one transaction. */
  writePayment(orderId: number, write: PaymentWrite, expectedRevision: number): Promise<WriteOrderOutcome>;
  /** Releases the holds due at `now` (at most `limit`, default 100); answers their orders' ids. */
  releaseDueHolds(now: string, limit?: number): Promise<readonly number[]>;
  /** The orders (at most `limit`, default 100) whose open payment's hold is due at `now`, oldest first. */
  dueOpenPayments(now: string, limit?: number): Promise<readonly number[]>;
  /** The order whose payment is `reference` at the provider of `providerCode`, or undefined. */
  findByPaymentReference(providerCode: string, reference: string): Promise<number | undefined>;
}
