/**
 * What a status move writes besides its history entry: the stock moves and the coupon and reward ledger changes,
 * decided here and written by the order repository in one transaction with the entry. A history entry, a confirm
 * (a new order's first status, an edited order's new one) and a payment's move all plan their writes here.
 *
 * The rule, as OpenCart's `addHistory`: the processing ∪ complete statuses are the "active" ones. Moving an order
 * into them takes its products and option values with `subtract` out of stock and records its coupon and reward
 * uses; moving out of them puts the stock back and releases the uses; moves within or outside them touch nothing.
 * Unlike OpenCart, a move that would oversell is refused whole when `config_stock_checkout` is off (the moves are
 * guarded), instead of letting stock go negative.
 * @module
 */
import type { Money } from '../../money/index.js';
import type { OrderDraft, OrderTotal } from '../records/order.js';
import type { StoreSettings } from '../settings/settings.js';
import type { HistoryWrite, Redemption, StockMove } from './write.js';

/** The entry a status move is written with: its comment, whether the customer is told, and its time. */
export interface MoveEntry {
  readonly comment: string;
  readonly notify: boolean;
  readonly dateAdded: string;
}

/** Whether a status is one of the processing or complete statuses. */
export function isActiveStatus(orderStatusId: number, settings: StoreSettings): boolean {
  return (
    settings.processingStatusIds.includes(orderStatusId) || settings.completeStatusIds.includes(orderStatusId)
  );
}

/** The stock moves of an order's lines in one direction: `-1` takes units out, `+1` puts them back. */
export function stockMovesOf(order: Pick<OrderDraft, 'products'>, sign: -1 | 1, guard: boolean): StockMove[] {
  const moves: StockMove[] = [];
  for (const line of order.products) {
    if (line.subtract) {
      moves.push({
        productId: line.productId,
        productOptionValueId: null,
        delta: sign * line.quantity,
        guard,
      });
    }
    for (const option of line.options) {
      if (!option.subtract || option.productOptionValueId === 0) continue;
      moves.push({
        productId: line.productId,
        productOptionValueId: option.productOptionValueId,
        delta: sign * line.quantity,
        guard,
      });
    }
  }
  return moves;
}

/** The coupon line's value of an order (negative), or undefined. */
function couponValue(totals: readonly OrderTotal[]): Money | undefined {
  return totals.find((total) => total.code === 'coupon')?.value;
}

/**
 * The account an order's coupon and reward uses are recorded against: the login the session spent them under
 * (the account matched by the customer e-mail), else the order's customer (0 for a guest). The checkout view lets a session logged in by
 * e-mail spend points, so the ledger must debit that same account, or the points could be spent again.
 */
export function spendingAccountOf(order: Pick<OrderDraft, 'customer' | 'loggedInCustomerId'>): number {
  return order.loggedInCustomerId > 0 ? order.loggedInCustomerId : order.customer.customerId;
}

/** The coupon and reward uses an order records when it becomes active. */
export function redemptionsOf(order: OrderDraft, couponId: number | null): Redemption[] {
  const redemptions: Redemption[] = [];
  const customerId = spendingAccountOf(order);
  const value = couponValue(order.totals);
  if (couponId !== null && order.couponCode !== '' && value !== undefined) {
    redemptions.push({ kind: 'coupon', couponId, customerId, amount: value });
  }
  if (order.rewardPoints > 0 && customerId > 0) {
    redemptions.push({ kind: 'reward', customerId, points: -order.rewardPoints });
  }
  return redemptions;
}

/** Where a history entry moves an order from and to (`from` 0: a new order). */
export interface StatusMove {
  readonly from: number;
  readonly to: number;
}

/**
 * The write of a history entry: the entry, and the stock moves and ledger changes of the move. Stock moves are
 * guarded unless `config_stock_checkout` allows overselling.
 */
export function planHistoryWrite(
  order: OrderDraft,
  move: StatusMove,
  entry: MoveEntry,
  couponId: number | null,
  settings: StoreSettings,
): HistoryWrite {
  const wasActive = move.from !== 0 && isActiveStatus(move.from, settings);
  const isActive = isActiveStatus(move.to, settings);
  const entering = !wasActive && isActive;
  const leaving = wasActive && !isActive;
  const guard = !settings.stockCheckout;
  return {
    orderStatusId: move.to,
    comment: entry.comment,
    notify: entry.notify,
    dateAdded: entry.dateAdded,
    stockMoves: entering ? stockMovesOf(order, -1, guard) : leaving ? stockMovesOf(order, 1, false) : [],
    redemptions: entering ? redemptionsOf(order, couponId) : [],
    releaseRedemptions: leaving,
  };
}

/**
 * The write of an edited order (confirm with `order_id` > 0), as OpenCart's `editOrder` then `addHistory`: when
 * the order was active, its own lines go back to stock and its uses are released; then, when the new status is
 * active, the new draft's lines are taken (guarded unless overselling is allowed) and its uses recorded. Both
 * halves travel in one write, so the repository applies them in one transaction: the release first, so a line
 * kept in the edit is checked against the stock its old quantity gave back.
 */
export function planRevisionWrite(
  original: OrderDraft,
  draft: OrderDraft,
  move: StatusMove,
  entry: MoveEntry,
  coupons: { readonly original: number | null; readonly draft: number | null },
  settings: StoreSettings,
): HistoryWrite {
  const wasActive = move.from !== 0 && isActiveStatus(move.from, settings);
  const isActive = isActiveStatus(move.to, settings);
  return {
    orderStatusId: move.to,
    comment: entry.comment,
    notify: entry.notify,
    dateAdded: entry.dateAdded,
    stockMoves: [
      ...(wasActive ? stockMovesOf(original, 1, false) : []),
      ...(isActive ? stockMovesOf(draft, -1, !settings.stockCheckout) : []),
    ],
    redemptions: isActive ? redemptionsOf(draft, coupons.draft) : [],
    releaseRedemptions: wasActive,
  };
}
