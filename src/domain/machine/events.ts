/**
 * Domain events: what happened, as data. `decide` returns them; the engine delivers them to the
 * {@link Notifier} after the writes they describe have committed.
 * @module
 */
import type { Money } from '../../money/index.js';

/** A new order was written (status moved from none to its first status). */
export interface OrderPlaced {
  readonly type: 'OrderPlaced';
  readonly orderId: number;
  readonly orderStatusId: number;
  readonly total: Money;
  readonly customerEmail: string;
}

/** A history entry changed an order's status (or repeated it with a comment). */
export interface OrderStatusChanged {
  readonly type: 'OrderStatusChanged';
  readonly orderId: number;
  readonly fromStatusId: number;
  readonly toStatusId: number;
  readonly comment: string;
  /** The client asked for the customer to be notified. */
  readonly notify: boolean;
}

/** Stock of a product (or of one of its option values) moved; `delta` is negative when units left stock. */
export interface StockAdjusted {
  readonly type: 'StockAdjusted';
  readonly orderId: number;
  readonly productId: number;
  /** Set when the move was on an option value. */
  readonly productOptionValueId: number | null;
  readonly delta: number;
}

/** A coupon use was recorded against an order. */
export interface CouponRedeemed {
  readonly type: 'CouponRedeemed';
  readonly orderId: number;
  readonly couponId: number;
  readonly amount: Money;
}

/** The coupon uses of an order were released (the order left the processing and complete statuses). */
export interface CouponReleased {
  readonly type: 'CouponReleased';
  readonly orderId: number;
  readonly couponId: number;
}

/** A fraud check replaced the requested status. */
export interface FraudFlagged {
  readonly type: 'FraudFlagged';
  readonly orderId: number;
  readonly requestedStatusId: number;
  readonly orderStatusId: number;
  readonly check: string;
}

/** Every domain event. */
export type DomainEvent =
  | OrderPlaced
  | OrderStatusChanged
  | StockAdjusted
  | CouponRedeemed
  | CouponReleased
  | FraudFlagged;
