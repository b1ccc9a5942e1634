/**
 * The wire shape of an order's payment as confirm and the payment calls answer it.
 * @module
 */
import * as z from 'zod';

/** Where a payment stands (the payment state table's statuses). */
export const paymentStatusWire = z.enum([
  'pending',
  'requires_action',
  'authorized',
  'captured',
  'partially_refunded',
  'refunded',
  'failed',
  'voided',
  'expired',
]);

/** What the customer must do before the payment can go on: open `url` (a 3-D Secure challenge). */
export const paymentActionWire = z.object({ type: z.literal('redirect'), url: z.string() });

/**
 * An order's payment: its status, the customer's action while `requires_action`, and (answered by
 * `payment_refund`) the money taken and given back in all, exact decimals in the payment's currency.
 */
export const paymentWire = z.object({
  status: paymentStatusWire,
  action: paymentActionWire.optional(),
  currency: z.string().optional(),
  captured: z.string().optional(),
  refunded: z.string().optional(),
});

/** The webhook's answer: the order whose payment the notification concerned (null: none of this shop's). */
export const webhookAnswerWire = z.object({ success: z.string(), order_id: z.int().nullable() });

/** An order's payment. */
export type PaymentJson = z.output<typeof paymentWire>;
