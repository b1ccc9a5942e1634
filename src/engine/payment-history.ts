/**
 * Capture, void and refund through history: a history entry into a capture status captures the order's
 * authorized payment first; one into a void status voids an uncaptured payment or refunds a captured one. The
 * provider is asked before anything is written; its refusal refuses the entry (key `payment`, nothing written),
 * an unknown outcome is retrieved and, still unknown, answers 503 with nothing written (the entry is safe to
 * repeat: the same idempotency key). The payment's move and the entry are then written in one transaction.
 * @module
 */
import { err, ok } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { AppendHistory } from '../domain/order/effects.js';
import { shortageErrors } from '../domain/order/history.js';
import {
  knownPayment,
  nextRefundNumber,
  type PaymentRecord,
  paymentIdempotencyKey,
  paymentStepOf,
  refundLeft,
  settleStep,
} from '../domain/payment/index.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import { isPositive, subtract } from '../money/index.js';
import type { PaymentProvider, ProviderAnswer } from '../ports/payment-provider.js';
import { type Answer, askPort, type EngineContext } from './context.js';
import { type PaymentPorts, paymentPorts, providerUnavailable, settleContextOf } from './payment-settle.js';

/** OpenCart's Canceled, Denied, Voided, Reversed and Refunded: the default void statuses. */
const DEFAULT_VOID_STATUSES: readonly number[] = [7, 8, 16, 12, 11];

/**
 * The statuses a history entry into which captures an authorized payment: `config_payment_capture_statuses`, or
 * else the processing and complete statuses less two. Less the status a new order is placed in, because OpenCart
 * counts it as processing, and a merchant's comment on a just-placed order must not take the customer's money;
 * and less the void statuses, because OpenCart counts Reversed as processing too, and a void must win.
 * @param settings - the store settings
 * @returns the capture statuses' ids
 */
export function captureStatusIds(settings: StoreSettings): readonly number[] {
  if (settings.paymentCaptureStatusIds !== undefined) return settings.paymentCaptureStatusIds;
  const voids = settings.paymentVoidStatusIds ?? DEFAULT_VOID_STATUSES;
  return [...new Set([...settings.processingStatusIds, ...settings.completeStatusIds])].filter(
    (id) => id !== settings.orderStatusId && !voids.includes(id),
  );
}

/** The money call a history entry into `statusId` asks of a payment, or undefined for none. */
function moneyCallOf(
  record: PaymentRecord,
  statusId: number,
  settings: StoreSettings,
): 'capture' | 'void' | 'refund' | undefined {
  const captures = captureStatusIds(settings);
  const voids = settings.paymentVoidStatusIds ?? DEFAULT_VOID_STATUSES;
  if (voids.includes(statusId)) {
    if (['pending', 'requires_action', 'authorized'].includes(record.status)) return 'void';
    if (record.status === 'captured' || record.status === 'partially_refunded') return 'refund';
    return undefined;
  }
  return captures.includes(statusId) && record.status === 'authorized' ? 'capture' : undefined;
}

/** Asks the provider for the money call, with its idempotency key. */
function ask(
  provider: PaymentProvider,
  orderId: number,
  record: PaymentRecord,
  call: 'capture' | 'void' | 'refund',
): Promise<ProviderAnswer> {
  const payment = knownPayment(record);
  if (payment === undefined) {
    return Promise.resolve({ outcome: 'refused', code: 'state', reason: 'the payment has no reference yet' });
  }
  const attempt = record.attempts;
  switch (call) {
    case 'capture':
      return provider.capture({
        payment,
        amount: subtract(record.amount, record.captured),
        idempotencyKey: paymentIdempotencyKey({ orderId, attempt, operation: 'capture' }),
      });
    case 'void':
      return provider.void({
        payment,
        idempotencyKey: paymentIdempotencyKey({ orderId, attempt, operation: 'void' }),
      });
    case 'refund': {
      // Never a number a refund by amount already used: the provider would replay that one instead.
      const refund = nextRefundNumber(record);
      return provider.refund({
        payment,
        amount: refundLeft(record),
        refund,
        idempotencyKey: paymentIdempotencyKey({ orderId, attempt, operation: 'refund', refund }),
      });
    }
  }
}

/** The provider's answer, an unknown one retrieved once: the truth, or why not. */
async function truthAfter(
  provider: PaymentProvider,
  record: PaymentRecord,
  answer: ProviderAnswer,
  messages: MessageCatalog,
): Answer<ProviderAnswer & { readonly outcome: 'done' }> {
  if (answer.outcome === 'done') return ok(answer);
  if (answer.outcome === 'refused') {
    return err(checkoutError('validation', { payment: messageText(messages, 'payment.refused') }));
  }
  const payment = knownPayment(record);
  const retrieved = payment === undefined ? answer : await provider.retrieve({ payment });
  return retrieved.outcome === 'done' ? ok(retrieved) : err(providerUnavailable(answer.reason, messages));
}

/**
 * Writes the payment's move with the history entry, in one transaction at the entry's revision, with the events
 * the rules report for both.
 */
async function writeWithEntry(
  ports: PaymentPorts,
  order: OrderRecord,
  effect: AppendHistory,
  payment: PaymentRecord,
  at: string,
  hold: Parameters<PaymentPorts['orderPayments']['writePayment']>[1]['hold'],
  messages: MessageCatalog,
): Answer<OrderRecord> {
  const write = paymentStepOf(order, {
    payment,
    history: effect.write,
    at,
    ...(hold === undefined ? {} : { hold }),
  });
  const outcome = await askPort('orders', messages, () =>
    ports.orderPayments.writePayment(order.orderId, write, effect.expectedRevision),
  );
  if (outcome.isErr()) return err(outcome.error);
  switch (outcome.value.status) {
    case 'written':
      return ok(outcome.value.order);
    case 'not_found':
      return err(checkoutError('not_found', { order_id: messageText(messages, 'order.not_found') }));
    case 'insufficient_stock':
      return err(shortageErrors(order.products, outcome.value.shortages, messages));
    case 'conflict':
      return err(checkoutError('conflict', { warning: messageText(messages, 'order.conflict') }));
  }
}

/**
 * Performs a history entry that moves the order's payment (a capture, a void or a refund): the provider first,
 * then the payment's move and the entry in one transaction. Answers undefined when the entry moves no payment
 * (an order without one, or a status that asks nothing of it): the entry is then appended as always.
 */
export async function historyWithPayment(
  context: EngineContext,
  order: OrderRecord,
  effect: AppendHistory,
  messages: MessageCatalog,
): Answer<OrderRecord | undefined, CheckoutError> {
  const ports = paymentPorts(context);
  const record = order.payment;
  if (ports === undefined || record === undefined) return ok(undefined);
  const provider = ports.provider(record.providerCode);
  const call = moneyCallOf(record, effect.write.orderStatusId, context.settings);
  if (provider === undefined || call === undefined) return ok(undefined);
  if (call === 'refund' && !isPositive(refundLeft(record))) return ok(undefined);
  const answer = await ask(provider, order.orderId, record, call);
  const truth = await truthAfter(provider, record, answer, messages);
  if (truth.isErr()) return err(truth.error);
  const settle = await settleContextOf(context, order, effect.write.orderStatusId, messages);
  if (settle.isErr()) return err(settle.error);
  const step = settleStep(order, record, truth.value.payment, `history ${call}`, settle.value);
  if (step.isErr()) {
    return err(checkoutError('validation', { payment: messageText(messages, 'payment.refused') }));
  }
  const payment = step.value?.payment ?? record;
  return writeWithEntry(ports, order, effect, payment, settle.value.at, step.value?.hold, messages);
}
