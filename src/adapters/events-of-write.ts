/**
 * What an order write reports: the events of one write, worked out from the order before it, the order after it
 * and the history entry it appended. Pure: the repositories call it inside the write's transaction and store its
 * result in the outbox with the write, so an event exists exactly when its change does.
 * @module
 */

import type { EventDraft, EventMoney, EventOrderLine, OutboxEvent } from '../domain/events/event-types.js';
import type { HistoryWrite } from '../domain/order/write.js';
import type { PaymentRecord } from '../domain/payment/record.js';
import type { OrderProduct, OrderRecord } from '../domain/records/order.js';
import type { Money } from '../money/index.js';

/** The layout version of the events' data (the domain's `EVENT_SCHEMA_VERSION`, which a type check keeps equal). */
export const EVENT_SCHEMA_VERSION: OutboxEvent['schema'] = 1;

/** One order write, as the repository performed it. */
export interface OrderWriteReport {
  /** The order before the write; undefined for a new order. */
  readonly before: OrderRecord | undefined;
  /** The order as written. */
  readonly after: OrderRecord;
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
function orderData(order: OrderRecord) {
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
