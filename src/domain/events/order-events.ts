/**
 * What an order write reports: the events of one write, worked out from the order before it, the order the write
 * leaves and the history entry it appends. Pure: the decisions (confirm, history, payment moves) call it and hand
 * the events to the repository with the write's effect; the repository stores exactly those in the outbox, in the
 * write's own transaction, so an event exists exactly when its change does.
 * @module
 */

import type { Money } from '../../money/index.js';
import type { HistoryWrite } from '../order/write.js';
import type { HeldStock } from '../payment/hold.js';
import type { PaymentRecord } from '../payment/record.js';
import type { OrderDraft, OrderProduct, OrderRecord } from '../records/order.js';
import type { EventDraft, EventMoney, EventOrderLine } from './event-types.js';

/** What the events read of the order a write leaves: its id, status and payment, customer, language and lines. */
export interface OrderAfterWrite
  extends Pick<OrderDraft, 'customer' | 'total' | 'currencyCode' | 'languageCode' | 'products'> {
  readonly orderId: number;
  readonly orderStatusId: number;
  /** Its card payment, if it has one. */
  readonly payment?: PaymentRecord | undefined;
}

/** What the events read of `order` (a record, or the draft a write stores) with the id, status and payment given. */
function orderAfter(
  order: Pick<OrderDraft, 'customer' | 'total' | 'currencyCode' | 'languageCode' | 'products'>,
  orderId: number,
  orderStatusId: number,
  payment: PaymentRecord | undefined,
): OrderAfterWrite {
  const { customer, total, currencyCode, languageCode, products } = order;
  return { orderId, orderStatusId, customer, total, currencyCode, languageCode, products, payment };
}

/** One order write, as a decision plans it. */
export interface OrderWriteReport {
  /** The order before the write (as read at the revision the write is made at); undefined for a new order. */
  readonly before: OrderRecord | undefined;
  /** The order as the write leaves it (a new order's id is 0 until the repository assigns it). */
  readonly after: OrderAfterWrite;
  /** The history entry the write appended, if it appended one (a payment move may append none). */
  readonly history: HistoryWrite | undefined;
  /** True when the write replaced the order's contents (an edit), not only its status or payment. */
  readonly edited: boolean;
}

const money = (value: Money): EventMoney => ({ amount: value.amount, currency: value.currency });

const line = (product: OrderProduct): EventOrderLine => ({
  product_id: product.productId,
  name: product.name,
  model: product.model,
  quantity: product.quantity,
  total: money(product.total),
});

/** `order.created` or `order.placed`'s data: the order as it now is. */
function orderData(order: OrderAfterWrite) {
  return {
    order_id: order.orderId,
    order_status_id: order.orderStatusId,
    customer_id: order.customer.customerId,
    email: order.customer.email,
    total: money(order.total),
    currency_code: order.currencyCode,
    products: order.products.map(line),
  };
}

/** The event that says what happened to the order itself: created, placed, edited or moved. */
function orderEvents(report: OrderWriteReport, fromStatus: number): readonly EventDraft[] {
  const { after, history, edited } = report;
  if (fromStatus === 0 && after.orderStatusId > 0) return [{ type: 'order.placed', data: orderData(after) }];
  if (report.before === undefined) return [{ type: 'order.created', data: orderData(after) }];
  const events: EventDraft[] = [];
  if (edited) {
    const data = {
      order_id: after.orderId,
      order_status_id: after.orderStatusId,
      total: money(after.total),
      products: after.products.map(line),
    };
    events.push({ type: 'order.updated', data });
  }
  if (history !== undefined) {
    const data = {
      order_id: after.orderId,
      from_order_status_id: fromStatus,
      order_status_id: history.orderStatusId,
      comment: history.comment,
      notify: history.notify,
    };
    events.push({ type: 'order.status_changed', data });
  }
  return events;
}

/** `order.payment_changed` when the payment's status or amounts moved. */
function paymentEvents(orderId: number, before: PaymentRecord | undefined, after: PaymentRecord | undefined) {
  if (after === undefined) return [];
  const moved =
    before === undefined ||
    before.status !== after.status ||
    before.captured.amount !== after.captured.amount ||
    before.refunded.amount !== after.refunded.amount ||
    before.attempts !== after.attempts;
  if (!moved) return [];
  const data = {
    order_id: orderId,
    provider_code: after.providerCode,
    reference: after.reference,
    from_status: before?.status ?? null,
    status: after.status,
    amount: money(after.amount),
    captured: money(after.captured),
    refunded: money(after.refunded),
  };
  return [{ type: 'order.payment_changed', data } as const];
}

/** The stock moves and the ledger changes of the history entry, in the order the write applied them. */
function effectEvents(orderId: number, history: HistoryWrite): readonly EventDraft[] {
  const events: EventDraft[] = history.stockMoves.map((move) => ({
    type: 'stock.changed',
    data: {
      order_id: orderId,
      product_id: move.productId,
      product_option_value_id: move.productOptionValueId,
      delta: move.delta,
    },
  }));
  if (history.releaseRedemptions) {
    events.push({ type: 'order.redemptions_released', data: { order_id: orderId } });
  }
  for (const use of history.redemptions) {
    events.push(
      use.kind === 'coupon'
        ? {
            type: 'coupon.redeemed',
            data: {
              order_id: orderId,
              coupon_id: use.couponId,
              customer_id: use.customerId,
              amount: money(use.amount),
            },
          }
        : {
            type: 'reward.redeemed',
            data: { order_id: orderId, customer_id: use.customerId, points: use.points },
          },
    );
  }
  return events;
}

/**
 * `customer.notify` when the entry asked for it, and when the order was just placed (OpenCart mails the
 * customer the order's confirmation when it enters its first status, whatever the entry's `notify`).
 */
function notifyEvents(report: OrderWriteReport, fromStatus: number): readonly EventDraft[] {
  const { after, history } = report;
  const placed = fromStatus === 0 && after.orderStatusId > 0;
  if (history === undefined || !(history.notify || placed)) return [];
  const data = {
    order_id: after.orderId,
    order_status_id: history.orderStatusId,
    from_order_status_id: fromStatus,
    comment: history.comment,
    email: after.customer.email,
    firstname: after.customer.firstname,
    lastname: after.customer.lastname,
    language_code: after.languageCode,
  };
  return [{ type: 'customer.notify', data }];
}

/**
 * The events of one order write, in the order a consumer should see them: what happened to the order, its
 * payment, its stock and ledgers, and last the customer's notice. A write that changed nothing a consumer can
 * see (a payment written again as it was, with no entry) reports nothing.
 */
export function eventsOfWrite(report: OrderWriteReport): readonly EventDraft[] {
  const { before, after, history } = report;
  const fromStatus = before?.orderStatusId ?? 0;
  return [
    ...orderEvents(report, fromStatus),
    ...paymentEvents(after.orderId, before?.payment, after.payment),
    ...(history === undefined ? [] : effectEvents(after.orderId, history)),
    ...notifyEvents(report, fromStatus),
  ];
}

/**
 * `stock.changed` for units of a stock hold: taken out of stock (`sign` -1) or given back (+1). Held units are
 * out of every other cart's reach, so a consumer keeping a view of what can be bought sees them leave and return.
 */
export function heldStockEvents(
  orderId: number,
  lines: readonly HeldStock[],
  sign: -1 | 1,
): readonly EventDraft[] {
  return lines.map((line) => ({
    type: 'stock.changed',
    data: {
      order_id: orderId,
      product_id: line.productId,
      product_option_value_id: line.productOptionValueId,
      delta: sign * line.quantity,
    },
  }));
}

/**
 * The events of an order written with its contents (confirm): created, placed or edited, its entry, stock and
 * ledgers, and the customer's notice. A new order (`existing` undefined) has no id yet: its events carry 0 until
 * the repository numbers them (see {@link withOrderId}).
 */
export function eventsOfOrderWrite(
  existing: OrderRecord | undefined,
  draft: OrderDraft,
  history: HistoryWrite,
): readonly EventDraft[] {
  const after = orderAfter(draft, existing?.orderId ?? 0, history.orderStatusId, existing?.payment);
  return eventsOfWrite({ before: existing, after, history, edited: true });
}

/** The events of a history entry appended to `order`: the status move, its stock and ledgers, the notice. */
export function eventsOfHistory(order: OrderRecord, history: HistoryWrite): readonly EventDraft[] {
  const after = orderAfter(order, order.orderId, history.orderStatusId, order.payment);
  return eventsOfWrite({ before: order, after, history, edited: false });
}
