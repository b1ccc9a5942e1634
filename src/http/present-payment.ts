/**
 * An order's payment in the wire's shape.
 * @module
 */
import type { PaymentSummary } from '../operations/answers.js';
import type { PaymentJson } from './wire/payment.js';

/** `{ status }`, with `action` while the customer must act. */
export function presentPayment(payment: PaymentSummary): PaymentJson {
  return payment.action === null
    ? { status: payment.status }
    : { status: payment.status, action: { type: payment.action.type, url: payment.action.url } };
}
