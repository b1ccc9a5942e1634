/**
 * Confirm with a payment provider that needs the customer (a card method): the order is written with status 0
 * (OpenCart's "missing order", not yet placed), its payment opened with its lines' stock held, the provider
 * asked to authorize, and its answer recorded: authorized at once places the order in its status (the hold
 * becomes the order's stock move), a challenge leaves it waiting for the customer, a refusal releases the hold.
 * A replayed confirm answers the order's payment as it stands and never authorizes again; only a payment whose
 * authorization had no answer (the provider's deadline passed) is asked again, with the same idempotency key, so
 * the provider replays it rather than charging twice.
 * @module
 */
import { err, ok } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import type { MessageCatalog } from '../domain/messages.js';
import { type ConfirmInput, repeatedOrderId } from '../domain/order/confirm.js';
import {
  failedStep,
  isOpenPaymentStatus,
  openingStep,
  paymentIdempotencyKey,
  type SettleContext,
} from '../domain/payment/index.js';
import type { OrderRecord } from '../domain/records/order.js';
import { isZero } from '../money/index.js';
import type { PaymentSummary } from '../operations/answers.js';
import type { PaymentProvider, ProviderAnswer } from '../ports/payment-provider.js';
import { type Answer, askPort, type EngineContext } from './context.js';
import {
  decideFromTruth,
  inOrderTurn,
  type PaymentPorts,
  paymentPorts,
  settleContextOf,
  voidRefused,
} from './payment-settle.js';

/** A card payment to take at confirm: its provider and the ports it is written through. */
export interface ConfirmPayment {
  readonly provider: PaymentProvider;
  readonly ports: PaymentPorts;
}

/** The provider of a payment method code that confirm takes payment with, and the ports, or undefined. */
export function paymentFor(context: EngineContext, code: string | undefined): ConfirmPayment | undefined {
  const ports = paymentPorts(context);
  const provider = code === undefined ? undefined : context.payments?.atConfirm(code);
  return ports === undefined || provider === undefined ? undefined : { provider, ports };
}

/**
 * The code of the host's provider that takes a payment method at confirm (a card payment), or undefined: an
 * order paid otherwise is placed as OpenCart places it. Confirm's decision opens a payment only for a new order
 * of more than nothing (a zero total needs no provider).
 */
export function providerAtConfirm(context: EngineContext, code: string | undefined): string | undefined {
  return paymentFor(context, code) === undefined ? undefined : code;
}

/**
 * The payment a replayed confirm resumes, or undefined: an order still waiting (status 0) whose payment was not
 * opened yet, or whose authorization had no answer.
 */
export function paymentToResume(context: EngineContext, order: OrderRecord): ConfirmPayment | undefined {
  if (order.orderStatusId !== 0 || isZero(order.total)) return undefined;
  const record = order.payment;
  if (record !== undefined && !(isOpenPaymentStatus(record.status) && record.reference === null)) {
    return undefined;
  }
  return paymentFor(context, record?.providerCode ?? order.paymentMethod?.code);
}

/**
 * The order a confirm repeats (the session's last one, confirmed again unchanged), read before the confirm is
 * decided: a repeat of an attempt whose payment ended unpaid is a new order, not that one again.
 */
export function orderRepeated(
  context: EngineContext,
  session: CheckoutSession,
  input: ConfirmInput,
  fingerprint: string,
  messages: MessageCatalog,
): Answer<OrderRecord | undefined> {
  const orderId = repeatedOrderId(session, input, fingerprint);
  if (orderId === undefined) return Promise.resolve(ok(undefined));
  return askPort('orders', messages, () => context.deps.orders.get(orderId));
}

/** The payment as confirm answers it, when the order has one. */
export function paymentSummaryOf(order: OrderRecord | undefined): PaymentSummary | undefined {
  const record = order?.payment;
  return record === undefined ? undefined : { status: record.status, action: record.action };
}

/** Asks the provider to authorize the order's open payment (the same key for the same attempt, always). */
function authorize(
  context: EngineContext,
  provider: PaymentProvider,
  order: OrderRecord,
  token: string | null,
): Promise<ProviderAnswer> {
  const record = order.payment;
  const attempt = record?.attempts ?? 1;
  return provider.authorize({
    orderId: order.orderId,
    attempt,
    amount: record?.amount ?? order.total,
    token,
    returnUrl: context.paymentReturnUrl?.(order.orderId) ?? null,
    idempotencyKey: paymentIdempotencyKey({ orderId: order.orderId, attempt, operation: 'authorize' }),
    description: `Order ${order.orderId}`,
  });
}

/** Records the provider's answer to the authorization on the order, in the order's turn. */
async function recordAuthorization(
  context: EngineContext,
  payment: ConfirmPayment,
  orderId: number,
  answer: ProviderAnswer,
  settle: SettleContext,
  messages: MessageCatalog,
): Answer<OrderRecord> {
  const { provider, ports } = payment;
  const recorded = await inOrderTurn(context, ports, orderId, messages, async (order) => {
    const record = order.payment;
    if (record === undefined) return ok(undefined);
    if (answer.outcome === 'refused') {
      return ok(failedStep(order, record, `confirm: ${answer.reason}`, settle));
    }
    return decideFromTruth(provider, order, answer, 'confirm', settle, messages);
  });
  if (recorded.isOk() || answer.outcome !== 'done' || answer.payment.status !== 'authorized') return recorded;
  // The order refused the authorization for good (a validation error: its stock is gone): void it, so that no
  // money is held for an order that was not placed. A store that failed (503) is left to the webhook or a retry.
  if (recorded.error.kind !== 'validation') return recorded;
  await voidRefused(context, ports, provider, orderId, answer.payment.reference, settle, messages);
  return recorded;
}

/**
 * Opens the order's payment with its stock held (unless it is open already), asks the provider to authorize it
 * (unless it was asked and answered already) and records the answer. Answers the order afterwards; a payment
 * whose authorization had no answer stays `pending`, and a replay of the confirm asks again with the same key.
 */
export async function payAtConfirm(
  context: EngineContext,
  payment: ConfirmPayment,
  written: OrderRecord,
  orderStatusId: number,
  token: string | null,
  messages: MessageCatalog,
): Answer<OrderRecord, CheckoutError> {
  const { provider, ports } = payment;
  const settle = await settleContextOf(context, written, orderStatusId, messages);
  if (settle.isErr()) return err(settle.error);
  const opened = await inOrderTurn(context, ports, written.orderId, messages, async (order) =>
    ok(
      order.payment !== undefined || order.orderStatusId !== 0
        ? undefined
        : openingStep(order, provider.code, settle.value.at, context.settings),
    ),
  );
  if (opened.isErr()) return err(opened.error);
  const order = opened.value;
  const record = order.payment;
  if (record === undefined || !isOpenPaymentStatus(record.status) || record.reference !== null) {
    return ok(order);
  }
  const answer = await authorize(context, provider, order, token);
  if (answer.outcome === 'unknown') return ok(order);
  return recordAuthorization(context, payment, order.orderId, answer, settle.value, messages);
}
