/**
 * History entries: history_add's decision (the entry, the write its status move plans in `status-move.ts`, the
 * card payment's move that goes with it, and the events), the events a committed history write produced, and the
 * field errors of a move that would oversell.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { negate } from '../../money/index.js';
import { type CheckoutError, checkoutError } from '../errors.js';
import { eventsOfHistory } from '../events/order-events.js';
import type { DomainEvent } from '../machine/events.js';
import { type MessageCatalog, messageText } from '../messages.js';
import type { OrderProduct, OrderRecord } from '../records/order.js';
import type { StoreSettings } from '../settings/settings.js';
import type { AppendHistory } from './effects.js';
import { type FraudCheck, fraudVerdict } from './fraud.js';
import { historyPaymentMove } from './history-payment.js';
import { isActiveStatus, planHistoryWrite, type StatusMove } from './status-move.js';
import type { HistoryWrite, StockShortage } from './write.js';

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
  const paymentFacts = { provided: facts.paymentProvider, couponId: facts.couponId, messages };
  const payment = historyPaymentMove(order, move.to, paymentFacts, settings);
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
