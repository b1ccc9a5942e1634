/**
 * The payment commands as their operations parse them.
 * @module
 */

/** `payment_complete`: the order whose payment to complete (0: the session's last order). */
export interface PaymentCommand {
  readonly orderId: number;
}

/** `payment_refund`: the order whose captured payment to refund in part or whole, and how much. */
export interface RefundCommand {
  readonly orderId: number;
  /** The amount as posted, canonical (`"10.5000"`): read in the order's currency once the order is read. */
  readonly amount: string;
}
