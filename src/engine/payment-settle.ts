/**
 * Moving an order's payment in the order's turn: read the order, decide the payment write from the provider's
 * truth (the pure rules of `domain/payment`), write it at the order's revision, and on a lost race read and
 * decide again. Confirm, `payment_complete`, the webhook and the sweep all move payments through here, so
 * whichever arrives first moves the payment and the others find nothing left to do.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { type CheckoutError, checkoutError, unavailable } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { shortageErrors } from '../domain/order/history.js';
import {
  knownPayment,
  type PaymentRecord,
  type PaymentStep,
  paymentIdempotencyKey,
  type SettleContext,
  settleStep,
  voidedStep,
} from '../domain/payment/index.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { OrderPayments } from '../ports/order-payments.js';
import type { WriteOrderOutcome } from '../ports/order-repository.js';
import type { PaymentProvider, ProviderAnswer } from '../ports/payment-provider.js';
import { type Answer, askPort, type EngineContext, readClock } from './context.js';
import { couponIdOf } from './order-lookups.js';

/** How many times a payment write lost to another writer of the order is decided again. */
const PAYMENT_RETRIES = 8;

/** The payment ports, which a checkout without payment providers does not have. */
export interface PaymentPorts {
  readonly orderPayments: OrderPayments;
  readonly provider: (code: string) => PaymentProvider | undefined;
}

/** The payment ports of a checkout, or undefined when it has no payment providers. */
export function paymentPorts(context: EngineContext): PaymentPorts | undefined {
  const { payments, orderPayments } = context;
  if (payments === undefined || orderPayments === undefined) return undefined;
  return { orderPayments, provider: (code) => payments.get(code) };
}

/** The `not_found` of an order id. */
export function orderNotFound(messages: MessageCatalog): CheckoutError {
  return checkoutError('not_found', { order_id: messageText(messages, 'order.not_found') });
}

/** The `conflict` of a write to an order that another write changed first, every retry spent. */
export function orderConflict(messages: MessageCatalog): CheckoutError {
  return checkoutError('conflict', { warning: messageText(messages, 'order.conflict') });
}

/** A provider call with no answer: the payment is left as it is, and the caller may repeat. */
export function providerUnavailable(reason: string, messages: MessageCatalog): CheckoutError {
  return unavailable('payment_provider', new Error(reason), messageText(messages, 'service.unavailable'));
}

/** What a decision may answer: a write to make, nothing to write, or an error (nothing written). */
export type StepDecision = Result<PaymentStep | undefined, CheckoutError>;

/** The settle context of an order: now, the status it enters once paid, its coupon. */
export async function settleContextOf(
  context: EngineContext,
  order: OrderRecord,
  orderStatusId: number,
  messages: MessageCatalog,
): Answer<SettleContext> {
  const now = readClock(context, messages);
  if (now.isErr()) return err(now.error);
  const couponId = await couponIdOf(context, messages, order);
  if (couponId.isErr()) return err(couponId.error);
  return ok({
    at: now.value.toISOString(),
    orderStatusId,
    couponId: couponId.value,
    settings: context.settings,
  });
}

/**
 * Runs `decide` on the order as it is now and writes what it decides, in the order's turn in this engine; a
 * write that lost to another process (compare-and-set on the order's revision) is decided again on the fresh
 * order. Answers the order after the last write (or as read, when there was nothing to write).
 */
export function inOrderTurn(
  context: EngineContext,
  ports: PaymentPorts,
  orderId: number,
  messages: MessageCatalog,
  decide: (order: OrderRecord) => Promise<StepDecision>,
): Answer<OrderRecord> {
  return context.orderQueue.run(String(orderId), async () => {
    for (let attempt = 0; attempt <= PAYMENT_RETRIES; attempt += 1) {
      const read = await askPort('orders', messages, () => context.deps.orders.get(orderId));
      if (read.isErr()) return err(read.error);
      const order = read.value;
      if (order === undefined) return err(orderNotFound(messages));
      const step = await decide(order);
      if (step.isErr()) return err(step.error);
      if (step.value === undefined) return ok(order);
      const written = await writeStep(ports, order, step.value, messages);
      if (written.isErr()) return err(written.error);
      if (written.value !== 'conflict') return ok(written.value);
    }
    return err(orderConflict(messages));
  });
}

/** Writes one payment step at the order's revision: the order after it, `conflict`, or why not. */
export async function writeStep(
  ports: PaymentPorts,
  order: OrderRecord,
  step: PaymentStep,
  messages: MessageCatalog,
): Answer<OrderRecord | 'conflict'> {
  const outcome = await askPort('orders', messages, () =>
    ports.orderPayments.writePayment(order.orderId, step, order.revision),
  );
  return outcome.andThen((written) => writtenOrder(written, order.products, messages));
}

/**
 * What a write of an order at its revision came to: the order after it, `conflict` when another write moved the
 * revision first, or the refusal (`products`, the lines of the order the write was for, name a shortage).
 */
export function writtenOrder(
  outcome: WriteOrderOutcome,
  products: OrderRecord['products'],
  messages: MessageCatalog,
): Result<OrderRecord | 'conflict', CheckoutError> {
  switch (outcome.status) {
    case 'written':
      return ok(outcome.order);
    case 'conflict':
      return ok('conflict');
    case 'not_found':
      return err(orderNotFound(messages));
    case 'insufficient_stock':
      return err(shortageErrors(products, outcome.shortages, messages));
  }
}

/** The idempotency key of a void of the payment's current attempt. */
function voidKey(orderId: number, record: PaymentRecord): string {
  return paymentIdempotencyKey({ orderId, attempt: record.attempts, operation: 'void' });
}

/**
 * Voids at the provider an authorization the order cannot take (it arrived after the hold expired, or the order
 * could not be written): never a charge without an order. Best effort: a void that fails is repeated by the
 * next webhook or sweep, with the same key.
 */
export async function voidAtProvider(
  provider: PaymentProvider,
  orderId: number,
  record: PaymentRecord,
  reference: string,
): Promise<ProviderAnswer | undefined> {
  const known = knownPayment({ ...record, reference });
  if (known === undefined) return undefined;
  return provider.void({ payment: known, idempotencyKey: voidKey(orderId, record) });
}

/**
 * The write that brings the order's payment up to `truth`, from the provider's answer. An authorization the
 * record can no longer take (its payment expired or was voided meanwhile) is voided at the provider, and nothing
 * is written; a truth that contradicts the record in another way is left for a person (nothing written).
 */
export async function decideFromTruth(
  provider: PaymentProvider,
  order: OrderRecord,
  answer: ProviderAnswer,
  note: string,
  settle: SettleContext,
  messages: MessageCatalog,
): Promise<StepDecision> {
  const record = order.payment;
  if (record === undefined) return ok(undefined);
  if (answer.outcome === 'unknown') return err(providerUnavailable(answer.reason, messages));
  if (answer.outcome === 'refused') return ok(undefined);
  const truth = answer.payment;
  const decided = settleStep(order, record, truth, note, settle);
  if (decided.isOk()) return ok(decided.value);
  const late = truth.status === 'authorized' && (record.status === 'expired' || record.status === 'voided');
  if (late) await voidAtProvider(provider, order.orderId, record, truth.reference);
  return ok(undefined);
}

/**
 * After the order refused an authorization's write for good (its stock is gone), the authorization is voided
 * at the provider and the payment recorded `voided`, so that no money is held for an order that was not placed.
 */
export async function voidRefused(
  context: EngineContext,
  ports: PaymentPorts,
  provider: PaymentProvider,
  orderId: number,
  reference: string,
  settle: SettleContext,
  messages: MessageCatalog,
): Answer<OrderRecord> {
  return inOrderTurn(context, ports, orderId, messages, async (order) => {
    const record = order.payment;
    if (record === undefined) return ok(undefined);
    await voidAtProvider(provider, orderId, record, reference);
    const known = record.reference === null ? { ...record, reference } : record;
    return ok(voidedStep(order, known, 'voided: the order could not take the payment', settle));
  });
}
