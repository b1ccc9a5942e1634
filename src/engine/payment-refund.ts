/**
 * `payment_refund`: part (or all) of an order's captured payment given back, by amount, in the order's turn.
 * The refund is recorded `asked` under its own number first (a write at the order's revision), then the provider
 * is asked with that number's idempotency key, then its answer is written with one history entry. A write that
 * lost to another process is decided again on the fresh order, so refunds racing on one order are checked one
 * after another against the money left; a refund whose answer was lost is asked again under the same key,
 * which the provider replays, so nothing is given back twice. This is how the effect interpreter performs a
 * `refund_payment` effect (see `effects.ts`); the operation's pass is in `run-refund.ts`.
 * @module
 */
import { err, ok } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { RefundCommand } from '../domain/payment/command.js';
import {
  knownPayment,
  type PaymentRecord,
  type PaymentRefund,
  type PaymentStep,
  paymentIdempotencyKey,
  planRefund,
  type RefundRefusal,
  refundDoneStep,
  refundRefusedStep,
} from '../domain/payment/index.js';
import type { OrderRecord } from '../domain/records/order.js';
import { findCurrency, type Money, money } from '../money/index.js';
import type { PaymentResult } from '../operations/answers.js';
import type { ProviderAnswer } from '../ports/payment-provider.js';
import { type Answer, askPort, type EngineContext, readClock } from './context.js';
import {
  orderConflict,
  orderNotFound,
  type PaymentPorts,
  providerUnavailable,
  writeStep,
} from './payment-settle.js';
import { type Attempt, decideAgain, lostRace, won } from './session-queue.js';

/** What a refund call may carry besides its body. */
export interface RefundOptions {
  /**
   * The request's `Idempotency-Key`, 1 to 255 visible ASCII characters: the same key and amount answer the same
   * refund instead of a second one; the same key with another amount is a `conflict`.
   */
  readonly idempotencyKey?: string | undefined;
}

/** How many writes one refund makes at most in one attempt: its own two, and those of older unanswered ones. */
const MAX_WRITES = 12;

/** An amount with the currency's decimal places, for texts (`10.00`, `1000`). */
function plainAmount(value: Money, places: number): string {
  const [whole = '0', fraction = ''] = value.amount.split('.');
  return places === 0 ? whole : `${whole}.${fraction.padEnd(places, '0').slice(0, places)}`;
}

/** The decimal places of the payment's currency (two for one the store no longer has). */
function placesOf(context: EngineContext, record: PaymentRecord): number {
  return findCurrency(context.settings.currencies, record.amount.currency)?.decimalPlaces ?? 2;
}

/** The error of a refused refund, keyed by the field at fault. */
function refusalError(
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
function refundResult(
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
function askRefund(
  ports: PaymentPorts,
  order: OrderRecord,
  record: PaymentRecord,
  refund: PaymentRefund,
): Promise<ProviderAnswer> {
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

/** One refund's request, as the engine runs it. */
export interface RefundRun {
  readonly context: EngineContext;
  readonly ports: PaymentPorts;
  readonly command: RefundCommand;
  readonly requestKey: string | null;
  readonly messages: MessageCatalog;
  /** The number this request recorded once its reserving write was made (kept across lost races). */
  reserved: number | null;
}

/**
 * One attempt on the order as it is now: the refund planned, reserved, asked and recorded, finishing first any
 * older refund whose answer was lost. Answers `lost` when another process wrote the order first.
 */
async function refundAttempt(run: RefundRun): Answer<Attempt<PaymentResult>> {
  const { context, ports, command, messages } = run;
  const read = await askPort('orders', messages, () => context.deps.orders.get(command.orderId));
  if (read.isErr()) return err(read.error);
  let order = read.value;
  if (order === undefined) return err(orderNotFound(messages));
  for (let writes = 0; writes < MAX_WRITES; writes += 1) {
    const record = order.payment;
    if (record === undefined) {
      return err(checkoutError('precondition', { payment: messageText(messages, 'payment.refund_state') }));
    }
    const now = readClock(context, messages);
    if (now.isErr()) return err(now.error);
    const at = now.value.toISOString();
    const places = placesOf(context, record);
    const amount = money(command.amount, record.amount.currency);
    const ask = { amount, requestKey: run.requestKey, at, decimalPlaces: places, reserved: run.reserved };
    const plan = planRefund(record, ask);
    if (plan.isErr()) return err(refusalError(plan.error, record, places, messages));
    if (plan.value.kind === 'answered')
      return ok(won(refundResult(order, plan.value.refund, places, messages)));
    let step: PaymentStep;
    let mine = true;
    const { refund } = plan.value;
    if (plan.value.kind === 'reserve') {
      step = plan.value.step;
    } else {
      mine = plan.value.mine;
      const answer = await askRefund(ports, order, record, refund);
      if (answer.outcome === 'unknown') return err(providerUnavailable(answer.reason, messages));
      if (answer.outcome === 'refused') {
        step = refundRefusedStep(record, refund, at);
      } else {
        const comment = messageText(messages, 'payment.refund_history', {
          amount: plainAmount(refund.amount, places),
          currency: refund.amount.currency,
          number: refund.number,
        });
        const note = `payment_refund ${refund.number}`;
        const done = refundDoneStep(order, record, refund, answer.payment, { at, note, comment });
        if (done.isErr()) return err(refusalError(done.error, record, places, messages));
        step = done.value;
      }
    }
    // A refund's write moves no stock: a store answering a shortage for it is answered as its error.
    const written = await writeStep(ports, order, step, messages);
    if (written.isErr()) return err(written.error);
    if (written.value === 'conflict') return ok(lostRace);
    order = written.value;
    if (plan.value.kind === 'reserve') run.reserved = refund.number;
    if (plan.value.kind === 'ask' && mine) {
      if (answerRefused(order, refund))
        return err(refusalError({ code: 'refused' }, record, places, messages));
      return ok(won(refundResult(order, refund, places, messages)));
    }
  }
  return ok(lostRace);
}

/** True when the order records `refund` as refused by the provider. */
function answerRefused(order: OrderRecord, refund: PaymentRefund): boolean {
  const log = order.payment?.refundLog ?? [];
  return log.some((entry) => entry.number === refund.number && entry.state === 'refused');
}

/** Refunds in the order's turn, deciding again on the fresh order after each lost race. */
export function refundOrderPayment(run: RefundRun): Answer<PaymentResult> {
  const { context, command, messages } = run;
  return context.orderQueue.run(String(command.orderId), (turn) =>
    decideAgain(
      context,
      turn,
      () => orderConflict(messages),
      () => refundAttempt(run),
    ),
  );
}
