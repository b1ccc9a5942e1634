/**
 * The events an order's writes report, as they travel: the envelope every event carries and the data of each
 * type. Field names are the wire's (snake_case, OpenCart's words), because these records leave the process as
 * they are: in a webhook's body, a NATS message, a RabbitMQ message.
 * @module
 */

/** The version of the data layouts below; a change a consumer could trip on raises it. */
export const EVENT_SCHEMA_VERSION = 1;

/** An amount of money as events carry it: the exact decimal string and its currency code. */
export interface EventMoney {
  readonly amount: string;
  readonly currency: string;
}

/** One line of a placed order, as far as a fulfilment or analytics consumer needs it. */
export interface EventOrderLine {
  readonly product_id: number;
  readonly name: string;
  readonly model: string;
  readonly quantity: number;
  readonly total: EventMoney;
}

/** `order.created`: an order was written at status 0 (OpenCart's missing order), waiting for its payment. */
export interface OrderCreatedData {
  readonly order_id: number;
  readonly order_status_id: number;
  readonly customer_id: number;
  readonly email: string;
  readonly total: EventMoney;
  readonly currency_code: string;
  readonly products: readonly EventOrderLine[];
}

/** `order.placed`: an order entered its first status above 0 (written so by confirm, or after its payment). */
export type OrderPlacedData = OrderCreatedData;

/** `order.updated`: an order's contents were replaced by an edit (the status move, if any, is its own event). */
export interface OrderUpdatedData {
  readonly order_id: number;
  readonly order_status_id: number;
  readonly total: EventMoney;
  readonly products: readonly EventOrderLine[];
}

/** `order.status_changed`: a history entry was appended (the status may stay the same, with a comment). */
export interface OrderStatusChangedData {
  readonly order_id: number;
  readonly from_order_status_id: number;
  readonly order_status_id: number;
  readonly comment: string;
  readonly notify: boolean;
}

/** `order.payment_changed`: the order's payment moved (authorized, captured, refunded, failed, …). */
export interface OrderPaymentChangedData {
  readonly order_id: number;
  readonly provider_code: string;
  readonly reference: string | null;
  /** The status before the move; null when the payment was opened by this write. */
  readonly from_status: string | null;
  readonly status: string;
  readonly amount: EventMoney;
  readonly captured: EventMoney;
  readonly refunded: EventMoney;
}

/** `stock.changed`: units of a product (or of one of its option values) moved; `delta` < 0 left stock. */
export interface StockChangedData {
  readonly order_id: number;
  readonly product_id: number;
  /** Set when the move was on an option value. */
  readonly product_option_value_id: number | null;
  readonly delta: number;
}

/** `coupon.redeemed`: a coupon use was recorded against the order. */
export interface CouponRedeemedData {
  readonly order_id: number;
  readonly coupon_id: number;
  readonly customer_id: number;
  readonly amount: EventMoney;
}

/** `reward.redeemed`: reward points were written to a customer's ledger for the order (negative spends). */
export interface RewardRedeemedData {
  readonly order_id: number;
  readonly customer_id: number;
  readonly points: number;
}

/** `order.redemptions_released`: the order's coupon and reward uses were deleted (it left the paid statuses). */
export interface RedemptionsReleasedData {
  readonly order_id: number;
}

/** `customer.notify`: a history entry asked for the customer to be told; the host's notifier sends it. */
export interface CustomerNotifyData {
  readonly order_id: number;
  readonly order_status_id: number;
  /** The status before the entry; 0 for an order just placed. */
  readonly from_order_status_id: number;
  readonly comment: string;
  readonly email: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly language_code: string;
}

/** Every event type with its data. */
export interface EventDataByType {
  readonly 'order.created': OrderCreatedData;
  readonly 'order.placed': OrderPlacedData;
  readonly 'order.updated': OrderUpdatedData;
  readonly 'order.status_changed': OrderStatusChangedData;
  readonly 'order.payment_changed': OrderPaymentChangedData;
  readonly 'stock.changed': StockChangedData;
  readonly 'coupon.redeemed': CouponRedeemedData;
  readonly 'reward.redeemed': RewardRedeemedData;
  readonly 'order.redemptions_released': RedemptionsReleasedData;
  readonly 'customer.notify': CustomerNotifyData;
}

/** The name of an event type. */
export type EventType = keyof EventDataByType;

/** Every event type, in the order the docs list them. */
export const eventTypes: readonly EventType[] = [
  'order.created',
  'order.placed',
  'order.updated',
  'order.status_changed',
  'order.payment_changed',
  'stock.changed',
  'coupon.redeemed',
  'reward.redeemed',
  'order.redemptions_released',
  'customer.notify',
];

/** An event of one type before the outbox gave it an id and a place in its order's sequence. */
export type EventDraftOf<T extends EventType> = { readonly type: T; readonly data: EventDataByType[T] };

/** An event before the outbox gave it an id and a place in its order's sequence. */
export type EventDraft = { [T in EventType]: EventDraftOf<T> }[EventType];

/** The envelope of one event of type `T`, as written to the outbox and delivered to every sink. */
export interface OutboxEventOf<T extends EventType> {
  /** A UUIDv7: unique, time-ordered, the same on every delivery of the event (consumers dedupe by it). */
  readonly id: string;
  readonly type: T;
  readonly order_id: number;
  /** 1, 2, … per order, in the order the writes committed. */
  readonly sequence: number;
  /** ISO-8601 instant of the write that produced the event (the clock's time of the write). */
  readonly occurred_at: string;
  /** The layout version of `data` ({@link EVENT_SCHEMA_VERSION}). */
  readonly schema: number;
  readonly data: EventDataByType[T];
}

/** One event as written to the outbox and delivered: a union over the types, narrowed by `type`. */
export type OutboxEvent = { [T in EventType]: OutboxEventOf<T> }[EventType];
