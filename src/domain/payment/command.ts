/**
 * The payment commands as their operations parse them.
 * @module
 */

/** `payment_complete`: the order whose payment to complete (0: the session's last order). */
export interface PaymentCommand {
  readonly orderId: number;
}
