/**
 * Capture, void and refund through history, as the effect interpreter performs them: the provider call the
 * decision named (`HistoryPaymentMove`) is made before anything is written; its refusal refuses the entry (key
 * `payment`, nothing written), an unknown outcome is retrieved and, still unknown, answers 503 with nothing
 * written (the entry is safe to repeat: the decision names the same idempotency key again). The payment is then
 * brought up to the provider's answer (the payment's pure rules: the answer may say more than the record did),
 * and its move and the entry are written in one transaction at the entry's revision.
 * @module
 */
import { err, ok } from 'neverthrow';
import { type CheckoutError, checkoutError, invariant } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { AppendHistory } from '../domain/order/effects.js';
import type { HistoryPaymentMove } from '../domain/order/history-payment.js';
import { paymentStepOf, settleStep } from '../domain/payment/index.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { PaymentProvider, ProviderAnswer } from '../ports/payment-provider.js';
import type { Answer, EngineContext } from './context.js';
import { paymentPorts, providerUnavailable, writeStep } from './payment-settle.js';

/** Asks the provider for the call the decision named. */
function ask(provider: PaymentProvider, move: HistoryPaymentMove): Promise<ProviderAnswer> {
  const { payment, call } = move;
  switch (call.kind) {
    case 'capture':
      return provider.capture({ payment, amount: call.amount, idempotencyKey: call.idempotencyKey });
    case 'void':
      return provider.void({ payment, idempotencyKey: call.idempotencyKey });
    case 'refund': {
      const { amount, refund, idempotencyKey } = call;
      return provider.refund({ payment, amount, refund, idempotencyKey });
    }
  }
}

/** The `payment` refusal of an entry whose payment move the provider or the payment's rules refused. */
function paymentRefused(messages: MessageCatalog): CheckoutError {
  return checkoutError('validation', { payment: messageText(messages, 'payment.refused') });
}

/** The provider's answer, an unknown one retrieved once: the truth, or why not. */
async function truthAfter(
  provider: PaymentProvider,
  move: HistoryPaymentMove,
  answer: ProviderAnswer,
  messages: MessageCatalog,
): Answer<ProviderAnswer & { readonly outcome: 'done' }> {
  if (answer.outcome === 'done') return ok(answer);
  if (answer.outcome === 'refused') return err(paymentRefused(messages));
  const retrieved = await provider.retrieve({ payment: move.payment });
  return retrieved.outcome === 'done' ? ok(retrieved) : err(providerUnavailable(answer.reason, messages));
}

/**
 * Performs a history entry with its payment's move `move`: the provider first, then the payment's move and the
 * entry in one transaction at the entry's revision. Answers the order written, or `conflict` when another write
 * moved the order's revision first (nothing written).
 */
export async function appendWithPayment(
  context: EngineContext,
  effect: AppendHistory,
  move: HistoryPaymentMove,
  messages: MessageCatalog,
): Answer<OrderRecord | 'conflict'> {
  const ports = paymentPorts(context);
  const provider = ports?.provider(move.provider);
  const { order, write } = effect;
  const record = order.payment;
  // The decision names a move only when its facts found the payment and its provider.
  invariant(ports !== undefined && provider !== undefined && record !== undefined, () => {
    return `append_history: no provider ${move.provider} or payment for order ${order.orderId}`;
  });
  const answer = await ask(provider, move);
  const truth = await truthAfter(provider, move, answer, messages);
  if (truth.isErr()) return err(truth.error);
  const at = write.dateAdded;
  const settle = {
    at,
    orderStatusId: write.orderStatusId,
    couponId: move.couponId,
    settings: context.settings,
  };
  const step = settleStep(order, record, truth.value.payment, move.note, settle);
  if (step.isErr()) return err(paymentRefused(messages));
  const payment = step.value?.payment ?? record;
  const hold = step.value?.hold;
  const withEntry = paymentStepOf(order, {
    payment,
    history: write,
    at,
    ...(hold === undefined ? {} : { hold }),
  });
  return writeStep(ports, { ...order, revision: effect.expectedRevision }, withEntry, messages);
}
