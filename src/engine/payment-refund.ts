import { type CheckoutError, checkoutError, invariant } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import {
  knownPayment,
  type PaymentRecord,
  type PaymentRefund,
  paymentIdempotencyKey,
  plainAmount,
  type RefundRefusal,
} from '../domain/payment/index.js';
import type { OrderRecord } from '../domain/records/order.js';
import { findCurrency } from '../money/index.js';
import type { PaymentResult } from '../operations/answers.js';
import type { ProviderAnswer } from '../ports/payment-provider.js';
import type { EngineContext } from './context.js';
import type { PaymentPorts } from './payment-settle.js';

/** What a refund call may carry besides its body. */
export interface RefundOptions {
  /**
   * The request's `Idempotency-Key`, 1 to 255 visible ASCII characters: the same key and amount answer the same
   * refund instead of a second one; the same key with another amount is a `conflict`.
   */
  readonly idempotencyKey?: string | undefined;
}

/** The decimal places of the payment's currency (two for one the store no longer has). */
export function placesOf(context: EngineContext, record: PaymentRecord): number {
  return findCurrency(context.settings.currencies, record.amount.currency)?.decimalPlaces ?? 2;
}

/** The error of a refused refund, keyed by the field at fault. */
export function refusalError(
  refusal: RefundRefusal,
  record: PaymentRecord,
  places: number,
  messages: MessageCatalog,
): CheckoutError {
  const currency = record.amount.currency;
  switch (refusal.code) {
    case 'precision':
      return checkoutError('validation', {
        amount: messageText(messages, 'payment.refund_precision', { currency, places }),
      });
    case 'amount': {
      const left = plainAmount(refusal.left, places);
      return checkoutError('validation', {
        amount: messageText(messages, 'payment.refund_amount', { left, currency }),
      });
    }
    case 'state':
      return checkoutError('precondition', { payment: messageText(messages, 'payment.refund_state') });
    case 'key':
      return checkoutError('conflict', { warning: messageText(messages, 'payment.refund_key') });
    case 'refused':
      return checkoutError('validation', { payment: messageText(messages, 'payment.refused') });
  }
}

/** The answer of a refund: the order, the payment as it now stands, and what this refund gave back. */
export function refundResult(
  order: OrderRecord,
  refund: PaymentRefund,
  places: number,
  messages: MessageCatalog,
): PaymentResult {
  const record = order.payment as PaymentRecord;
  const amount = plainAmount(refund.amount, places);
  const success = messageText(messages, 'payment.refund_success', {
    amount,
    currency: refund.amount.currency,
    status: record.status,
  });
  return {
    success,
    orderId: order.orderId,
    payment: {
      status: record.status,
      action: record.action,
      captured: record.captured,
      refunded: record.refunded,
    },
  };
}

/** Asks the provider for `refund`, under its number's idempotency key. */
export function askRefund(
  ports: PaymentPorts,
  order: OrderRecord,
  refund: PaymentRefund,
): Promise<ProviderAnswer> {
  const record = order.payment;
  invariant(record !== undefined, 'ask_refund: the order has no card payment');
  const provider = ports.provider(record.providerCode);
  const payment = knownPayment(record);
  if (provider === undefined || payment === undefined) {
    return Promise.resolve({
      outcome: 'unknown',
      reason: `no provider ${record.providerCode} to refund with`,
    });
  }
  const idempotencyKey = paymentIdempotencyKey({
    orderId: order.orderId,
    attempt: record.attempts,
    operation: 'refund',
    refund: refund.number,
  });
  return provider.refund({ payment, amount: refund.amount, refund: refund.number, idempotencyKey });
}
