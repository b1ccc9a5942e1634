/**
 * The payment operations: `payment_complete` asks the provider for the truth about an order's payment and moves
 * payment and order to it (the client's call once the customer came back from a 3-D Secure challenge; the
 * provider's webhook reaches the same operation through the HTTP edge); `payment_refund` gives back part or all
 * of a captured payment.
 * @module
 */
import { z } from 'zod';
import type { PaymentCommand, RefundCommand } from '../domain/payment/command.js';
import { parseAmount } from '../money/index.js';
import { undecided, withReader } from './field-readers.js';
import { lenientInteger, optionalId, scalar } from './fields.js';
import { field, form, required } from './form.js';
import { describeRequest, jsonTrimmed } from './json-schema.js';
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

/** A decimal of up to 15 digits and at most 8 places. */
const plainDecimal = /^\d{1,15}(?:\.\d{1,8})?$/;

/**
 * An amount of money as a client posts it: a decimal string (`"10.50"`, blanks around it allowed), read exactly
 * into its canonical text. A JSON number is refused: it went through a float on its way here, and the text it
 * prints as may not be the amount the client meant. Its currency and decimals are the order's, checked once
 * the order is read.
 */
const amountField = describeRequest(
  withReader(
    scalar(
      z
        .string()
        .trim()
        .regex(plainDecimal)
        .transform((text) => parseAmount(text) ?? ''),
    ),
    (value) => {
      if (typeof value !== 'string') return undecided;
      const text = value.trim();
      return (plainDecimal.test(text) ? parseAmount(text) : undefined) ?? undecided;
    },
  ),
  {
    jsonSchema: {
      ...jsonTrimmed('\\d{1,15}(?:\\.\\d{1,8})?'),
      description:
        "The amount to give back, a decimal string in the order's currency with at most its decimal places " +
        '(`"10.50"`; a JSON number is refused, as it went through a float). More than zero and at most what was ' +
        'captured and not yet refunded.',
    },
  },
);

/** `payment_refund`: part or all of an order's captured payment given back, by amount. */
export const paymentRefund = {
  kind: 'payment',
  name: 'payment_refund',
  method: 'refundPayment',
  summary:
    "Gives back part or all of an order's captured payment, at most what is left: the provider is asked with " +
    'an idempotency key of its own, so a retried refund never gives back twice; the refund is recorded on the ' +
    "payment with one history entry at the order's status. The same Idempotency-Key answers the same refund.",
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'payment_refund' }] },
  input: form(
    {
      order_id: required(field(lenientInteger({ min: 1 }), 'order_id', 'order.not_found')),
      amount: required(field(amountField, 'amount', 'payment.refund_malformed')),
    },
    (fields): RefundCommand => ({ orderId: fields.order_id, amount: fields.amount }),
  ),
  answer: 'payment',
} as const satisfies PaymentDescriptor;
