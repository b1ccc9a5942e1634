/**
 * Completing a payment: `payment_complete` (the session's client, once the customer came back from the
 * provider's page) and the provider's webhook (no session: the provider's signature is the credential) reach
 * one operation. It asks the provider for the payment's truth (`retrieve`), never the caller's word, and moves
 * payment and order to it in the order's turn. Whichever arrives first moves them; the other finds nothing left
 * to do and answers the same.
 * @module
 */
import { err, ok, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { PaymentCommand } from '../domain/payment/command.js';
import { knownPayment } from '../domain/payment/index.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { PaymentResult } from '../operations/answers.js';
import type { PaymentDescriptor } from '../operations/operation.js';
import { type Answer, askPort, type EngineContext } from './context.js';
import {
  decideFromTruth,
  inOrderTurn,
  type PaymentPorts,
  paymentPorts,
  providerUnavailable,
  settleContextOf,
} from './payment-settle.js';
import type { SessionTarget } from './session-access.js';
import { readSession } from './shell.js';

/** The `precondition` of an order without a payment to complete. */
function noPayment(messages: MessageCatalog): CheckoutError {
  return checkoutError('precondition', { payment: messageText(messages, 'payment.none') });
}

/**
 * Moves the order's payment to the provider's truth, in the order's turn. `reference` is the payment the
 * provider named (a webhook), for a payment whose reference the order has not recorded yet (its confirm's write
 * failed after the provider answered).
 */
export function completeOrderPayment(
  context: EngineContext,
  ports: PaymentPorts,
  orderId: number,
  note: string,
  messages: MessageCatalog,
  reference: string | null = null,
): Answer<OrderRecord> {
  return inOrderTurn(context, ports, orderId, messages, async (order) => {
    const record = order.payment;
    if (record === undefined) return err(noPayment(messages));
    const provider = ports.provider(record.providerCode);
    if (provider === undefined)
      return err(providerUnavailable(`no provider ${record.providerCode}`, messages));
    const known = knownPayment(
      record.reference === null && reference !== null ? { ...record, reference } : record,
    );
    // Nothing to ask about yet: the provider has not answered the authorization (a replayed confirm asks again).
    if (known === undefined) return ok(undefined);
    const truth = await provider.retrieve({ payment: known });
    const settle = await settleContextOf(context, order, context.settings.orderStatusId, messages);
    if (settle.isErr()) return err(settle.error);
    return decideFromTruth(provider, order, truth, note, settle.value, messages);
  });
}

/** The answer of a payment call for the order as it now stands. */
function paymentResult(order: OrderRecord, messages: MessageCatalog): Answer<PaymentResult> {
  const record = order.payment;
  if (record === undefined) return Promise.resolve(err(noPayment(messages)));
  return Promise.resolve(
    ok({
      success: messageText(messages, 'payment.success', { status: record.status }),
      orderId: order.orderId,
      payment: { status: record.status, action: record.action },
    }),
  );
}

/** Runs `payment_complete` on a session: its order (or the session's last order) brought up to the provider. */
export function runPaymentComplete(
  context: EngineContext,
  operation: PaymentDescriptor,
  target: SessionTarget,
  posted: unknown,
): ResultAsync<PaymentResult, CheckoutError> {
  return readSession(
    context,
    target,
    async ({ session, messages }) => {
      const parsed = operation.input.parse(posted, messages);
      if (parsed.isErr()) return err(checkoutError('validation', parsed.error));
      const command = parsed.value as PaymentCommand;
      const orderId = command.orderId > 0 ? command.orderId : (session.lastOrder?.orderId ?? 0);
      const ports = paymentPorts(context);
      if (orderId === 0 || ports === undefined) return err(noPayment(messages));
      const completed = await completeOrderPayment(context, ports, orderId, 'payment_complete', messages);
      return completed.isErr() ? err(completed.error) : paymentResult(completed.value, messages);
    },
    true,
  );
}

/** What a webhook did: the order whose payment it concerned (null: none of ours, nothing to do). */
export interface WebhookOutcome {
  readonly orderId: number | null;
}

/** The order a verified webhook concerns: by the payment's reference, else by the order id the provider kept. */
async function webhookOrder(
  context: EngineContext,
  ports: PaymentPorts,
  code: string,
  event: { readonly reference: string; readonly orderId: number | null },
  messages: MessageCatalog,
): Answer<number | undefined> {
  const found = await askPort('orders', messages, () =>
    ports.orderPayments.findByPaymentReference(code, event.reference),
  );
  if (found.isErr() || found.value !== undefined || event.orderId === null) return found;
  // The confirm that authorized may not have recorded the reference (its write failed): the order the provider
  // kept with the payment is ours only while it waits for a payment of this provider with no reference yet.
  const { orderId } = event;
  const order = await askPort('orders', messages, () => context.deps.orders.get(orderId));
  if (order.isErr()) return err(order.error);
  const record = order.value?.payment;
  const waiting = record !== undefined && record.providerCode === code && record.reference === null;
  return ok(waiting ? orderId : undefined);
}

/**
 * Receives a provider's webhook for the payment method `code`: the signature verified on the raw request before
 * anything in it is read (refused: `unauthorized`, nothing read or written), then the payment it names moved to
 * the provider's truth, as `payment_complete` does. A webhook about a payment that is not ours answers with no
 * order, so the provider stops sending it.
 */
export async function receivePaymentWebhook(
  context: EngineContext,
  code: string,
  request: Request,
): Answer<WebhookOutcome> {
  const messages = context.messagesFor(context.settings.language);
  const ports = paymentPorts(context);
  const provider = ports?.provider(code);
  if (ports === undefined || provider === undefined) {
    return err(checkoutError('not_found', { code: messageText(messages, 'payment.none') }));
  }
  const verdict = await provider.verifyWebhook(request);
  if (!verdict.verified) {
    return err(checkoutError('unauthorized', { warning: messageText(messages, 'payment.signature') }));
  }
  const { event } = verdict;
  if (event.reference === null) return ok({ orderId: null });
  const reference = event.reference;
  const orderId = await webhookOrder(context, ports, code, { reference, orderId: event.orderId }, messages);
  if (orderId.isErr()) return err(orderId.error);
  if (orderId.value === undefined) return ok({ orderId: null });
  const note = `webhook ${event.type}`;
  const completed = await completeOrderPayment(context, ports, orderId.value, note, messages, reference);
  return completed.isErr() ? err(completed.error) : ok({ orderId: orderId.value });
}
