/**
 * History entries and their side effects: what a status move does to stock and to coupon and
 * reward ledgers, decided here and written by the order repository in one transaction with the entry.
 *
 * The rule, as OpenCart's `addHistory`: the processing ∪ complete statuses are the "active" ones. Moving an order
 * into them takes its products and option values with `subtract` out of stock and records its coupon and reward
 * uses; moving out of them puts the stock back and releases the uses; moves within or outside them touch nothing.
 * Unlike OpenCart, a move that would oversell is refused whole when `config_stock_checkout` is off (the moves are
 * guarded), instead of letting stock go negative.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { type Money, negate } from '../../money/index.js';
import { type CheckoutError, checkoutError } from '../errors.js';
import { eventsOfHistory } from '../events/order-events.js';
import type { DomainEvent } from '../machine/events.js';
import { type MessageCatalog, messageText } from '../messages.js';
import type { OrderDraft, OrderProduct, OrderRecord, OrderTotal } from '../records/order.js';
import type { StoreSettings } from '../settings/settings.js';
import type { AppendHistory } from './effects.js';
import { type FraudCheck, fraudVerdict } from './fraud.js';
import { historyPaymentMove } from './history-payment.js';
import type { HistoryWrite, Redemption, StockMove, StockShortage } from './write.js';

/** A history entry as asked for (OpenCart's Order history entry, parsed). */
export interface HistoryInput {
  readonly orderStatusId: number;
  readonly comment: string;
  readonly notify: boolean;
  /** Skip the fraud checks. */
  readonly override: boolean;
}

/** history_add's request, parsed: the entry and the order it is for. */
export interface HistoryCommand extends HistoryInput {
  readonly orderId: number;
}

/** What history_add reads besides the command: the order, its coupon, its payment's provider, the time. */
export interface HistoryFacts {
  /** The order the entry is for; undefined when there is none. */
  readonly order: OrderRecord | undefined;
  /** The id of the coupon the order used (null for none, or a coupon since deleted). */
  readonly couponId: number | null;
  /**
   * Whether the host has the provider the order's card payment was made with (false for an order without one,
   * or a checkout without payment providers): only then does an entry move the payment.
   */
  readonly paymentProvider: boolean;
  readonly now: string;
  readonly messages: MessageCatalog;
}

/**
 * What history_add decided: the entry to append (with the card payment's move that goes with it), and the events
 * it produces once written.
 */
export interface HistoryDecision {
  /** The entry, on the order it is for (`effect.order`). */
  readonly effect: AppendHistory;
  readonly events: readonly DomainEvent[];
}

/** Whether an entry moves `order` into the processing or complete statuses (when the fraud checks are asked). */
export function historyEntersActive(
  order: Pick<OrderRecord, 'orderStatusId'>,
  command: Pick<HistoryCommand, 'orderStatusId' | 'override'>,
  settings: StoreSettings,
): boolean {
  return (
    !command.override &&
    isActiveStatus(command.orderStatusId, settings) &&
    !isActiveStatus(order.orderStatusId, settings)
  );
}

/**
 * Decides a history entry: the status must be known and the order must exist; the entry moves the order to the
 * requested status, or to the status of the first fraud check that flags it (asked only when the entry moves the
 * order into the processing or complete statuses, unless `override`), with the stock moves and ledger changes of
 * that move, and the capture, void or refund of the order's card payment that status asks for (see
 * `history-payment.ts`).
 */
export function decideHistory(
  command: HistoryCommand,
  facts: HistoryFacts,
  settings: StoreSettings,
  fraudChecks: readonly FraudCheck[],
): Result<HistoryDecision, CheckoutError> {
  const { order, messages } = facts;
  const status = checkOrderStatus(command.orderStatusId, settings, messages);
  if (status.isErr()) return err(status.error);
  if (order === undefined) {
    return err(checkoutError('not_found', { order_id: messageText(messages, 'order.not_found') }));
  }
  const screened = historyEntersActive(order, command, settings)
    ? fraudVerdict(fraudChecks, order, command.orderStatusId, messages)
    : ok(undefined);
  if (screened.isErr()) return err(screened.error);
  const verdict = screened.value;
  const move = { from: order.orderStatusId, to: verdict?.orderStatusId ?? command.orderStatusId };
  const entry = { comment: command.comment, notify: command.notify, dateAdded: facts.now };
  const write = planHistoryWrite(order, move, entry, facts.couponId, settings);
  const provided = facts.paymentProvider;
  const payment = historyPaymentMove(order, move.to, { ...facts, provided }, settings);
  if (payment.isErr()) return err(payment.error);
  const flagged: DomainEvent[] = verdict === undefined ? [] : [{ ...verdict.event, orderId: order.orderId }];
  return ok({
    effect: {
      type: 'append_history',
      orderId: order.orderId,
      expectedRevision: order.revision,
      order,
      write,
      events: eventsOfHistory(order, write),
      payment: payment.value,
    },
    events: [...flagged, ...historyEvents(order.orderId, move, write, facts.couponId)],
  });
}

/** Whether a status is one of the processing or complete statuses. */
export function isActiveStatus(orderStatusId: number, settings: StoreSettings): boolean {
  return (
    settings.processingStatusIds.includes(orderStatusId) || settings.completeStatusIds.includes(orderStatusId)
  );
}

/** `order_status_id` must name a known status; otherwise a field error under that key. */
export function checkOrderStatus(
  orderStatusId: number,
  settings: StoreSettings,
  messages: MessageCatalog,
): Result<number, CheckoutError> {
  return settings.orderStatuses.some((status) => status.orderStatusId === orderStatusId)
    ? ok(orderStatusId)
    : err(checkoutError('validation', { order_status_id: messageText(messages, 'order.status') }));
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
  entry: Pick<HistoryInput, 'comment' | 'notify'> & { readonly dateAdded: string },
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
  entry: Pick<HistoryInput, 'comment' | 'notify'> & { readonly dateAdded: string },
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

/**
 * The events a committed history write produced, in the order they happened. `releasedCouponId` is the coupon
 * whose use a release gave back (the order's own; for an edit, the coupon of the order before the edit).
 */
export function historyEvents(
  orderId: number,
  move: StatusMove,
  write: HistoryWrite,
  releasedCouponId: number | null,
): DomainEvent[] {
  const events: DomainEvent[] = [];
  if (move.from !== 0) {
    events.push({
      type: 'OrderStatusChanged',
      orderId,
      fromStatusId: move.from,
      toStatusId: move.to,
      comment: write.comment,
      notify: write.notify,
    });
  }
  for (const stock of write.stockMoves) {
    events.push({
      type: 'StockAdjusted',
      orderId,
      productId: stock.productId,
      productOptionValueId: stock.productOptionValueId,
      delta: stock.delta,
    });
  }
  // A release happens before the write's new uses (the repository deletes, then inserts).
  if (write.releaseRedemptions && releasedCouponId !== null)
    events.push({ type: 'CouponReleased', orderId, couponId: releasedCouponId });
  for (const redemption of write.redemptions) {
    if (redemption.kind === 'coupon') {
      events.push({
        type: 'CouponRedeemed',
        orderId,
        couponId: redemption.couponId,
        amount: negate(redemption.amount),
      });
    }
  }
  return events;
}

/** What a shortage is called: the product's name, with the option value when the value's stock is short. */
function shortageName(products: readonly OrderProduct[], shortage: StockShortage): string {
  const line = products.find((product) => product.productId === shortage.productId);
  const name = line?.name ?? `#${shortage.productId}`;
  if (shortage.productOptionValueId === null) return name;
  const option = products
    .flatMap((product) => (product.productId === shortage.productId ? product.options : []))
    .find((o) => o.productOptionValueId === shortage.productOptionValueId);
  return option === undefined ? name : `${name} (${option.name}: ${option.value})`;
}

/**
 * The error of a write refused for stock, under `product` (OpenCart's key for stock at confirm): one sentence
 * per product or option value short, naming it with what was needed and what was in stock, so a caller knows
 * what to change. `products` are the lines of the order the write was for.
 */
export function shortageErrors(
  products: readonly OrderProduct[],
  shortages: readonly StockShortage[],
  messages: MessageCatalog,
): CheckoutError {
  const texts = shortages.map((shortage) =>
    messageText(messages, 'order.stock_short', {
      name: shortageName(products, shortage),
      requested: shortage.requested,
      available: shortage.available,
    }),
  );
  const text = texts.length > 0 ? texts.join(' ') : messageText(messages, 'confirm.stock');
  return checkoutError('validation', { product: text });
}
