/**
 * The payment operations: `payment_complete` asks the provider for the truth about an order's payment and moves
 * payment and order to it (the client's call once the customer came back from a 3-D Secure challenge; the
 * provider's webhook reaches the same operation through the HTTP edge).
 * @module
 */
import type { PaymentCommand } from '../domain/payment/command.js';
import { optionalId } from './fields.js';
import { field, form } from './form.js';
import type { PaymentDescriptor } from './operation.js';

/** `payment_complete`: the provider's truth about the order's payment, recorded on the order. */
export const paymentComplete = {
  kind: 'payment',
  name: 'payment_complete',
  method: 'completePayment',
  summary:
    "Asks the payment provider for the truth about an order's payment (after the customer's 3-D Secure " +
    'challenge) and moves payment and order to it: authorized places the order. The same as the webhook; ' +
    'whichever comes first moves them, the other answers the same.',
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'payment_complete' }] },
  input: form(
    // Absent or 0: the session's last order.
    { order_id: field(optionalId, 'order_id', 'order.not_found') },
    (fields): PaymentCommand => ({ orderId: fields.order_id }),
  ),
  answer: 'payment',
} as const satisfies PaymentDescriptor;
