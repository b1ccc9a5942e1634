/**
 * `payment_refund`'s pass: take the session → check the request's key and parse the order and amount → in the
 * order's turn, stage after stage, each decided by the domain's `decideRefund` on the order as it is now: the
 * refund reserved under its own number (a write at the order's revision), the provider asked under that
 * number's idempotency key, its answer recorded with one history entry; any older refund whose answer was lost
 * is finished first. Each stage's effects are performed by the one effect interpreter and the next stage is
 * decided at once, told what they reached. A write that loses the race to another process is decided again on
 * the fresh order, so refunds racing on one order are checked one after another against the money left; a
 * refund whose answer was lost is asked again under the same key, which the provider replays, so nothing is
 * given back twice. Once the refund is recorded, the session's expiry slides, best effort.
 * @module
 */
import { err, ok, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { idempotencyKeyError } from '../domain/order/claims.js';
import type { RefundCommand } from '../domain/payment/command.js';
import { decideRefund, type RefundAnswer } from '../domain/payment/index.js';
import type { OrderRecord } from '../domain/records/order.js';
import { money } from '../money/index.js';
import type { PaymentResult } from '../operations/answers.js';
import type { PaymentDescriptor } from '../operations/operation.js';
import { type Answer, askPort, type EngineContext } from './context.js';
import type { Performed } from './effects.js';
import { placesOf, type RefundOptions, refundResult, refusalError } from './payment-refund.js';
import { orderConflict, orderNotFound, paymentPorts } from './payment-settle.js';
import type { SessionTarget } from './session-access.js';
import { type Outcome, type Pass, readAccess, runPass } from './shell.js';

/**
 * How many stages one request decides at most: its own three (reserve, ask, record) and those of older refunds
 * left unanswered, each of which takes two. Past that the order is moving under it faster than it can finish.
 */
const MAX_STAGES = 24;

/** The order a refund is decided on, read afresh for each stage. */
async function orderFact(
  context: EngineContext,
  orderId: number,
  messages: MessageCatalog,
): Answer<OrderRecord> {
  const read = await askPort('orders', messages, () => context.deps.orders.get(orderId));
  if (read.isErr()) return err(read.error);
  return read.value === undefined ? err(orderNotFound(messages)) : ok(read.value);
}

/**
 * What one request remembers from stage to stage: the number its reserving write recorded (only once that
 * write was made, kept across lost races, for a request without a key names its refund by it), what the
 * provider answered it, by refund number, and the stages it decided.
 */
interface RefundMemory {
  reserved: number | null;
  pending: number | undefined;
  readonly answers: Map<number, RefundAnswer>;
  stages: number;
}

/** What the stage before reached, taken into the request's memory. */
function remember(memory: RefundMemory, previous: Performed | undefined): void {
  if (memory.pending !== undefined && previous?.wrote === true) memory.reserved = memory.pending;
  memory.pending = undefined;
  if (previous?.asked !== undefined) memory.answers.set(previous.asked.number, previous.asked.answer);
}

/** payment_refund as the one pass runs it: the session's checks, then the refund's stages in its order's turn. */
function refundPass(
  context: EngineContext,
  operation: PaymentDescriptor,
  options: RefundOptions,
): Pass<RefundCommand, PaymentResult> {
  const memory: RefundMemory = { reserved: null, pending: undefined, answers: new Map(), stages: 0 };
  const requestKey = options.idempotencyKey ?? null;
  return {
    saves: false,
    order: (command) => command.orderId,
    parse: (posted, messages) => {
      const keyError = idempotencyKeyError(options.idempotencyKey, messages);
      if (keyError !== undefined) return err(keyError);
      const parsed = operation.input.parse(posted, messages);
      if (parsed.isErr()) return err(checkoutError('validation', parsed.error));
      if (paymentPorts(context) === undefined) {
        return err(checkoutError('precondition', { payment: messageText(messages, 'payment.refund_state') }));
      }
      return ok(parsed.value as RefundCommand);
    },
    attempt: async (taken, command, messages, previous): Answer<Outcome<PaymentResult>> => {
      const access = readAccess(context, taken, messages);
      if (access.isErr()) return err(access.error);
      remember(memory, previous);
      // Counted from the last fresh start: a lost race starts the stages again on the fresh order.
      memory.stages = previous === undefined ? 1 : memory.stages + 1;
      if (memory.stages > MAX_STAGES) return err(orderConflict(messages));
      const order = await orderFact(context, command.orderId, messages);
      if (order.isErr()) return err(order.error);
      const record = order.value.payment;
      if (record === undefined) {
        return err(checkoutError('precondition', { payment: messageText(messages, 'payment.refund_state') }));
      }
      const places = placesOf(context, record);
      const at = access.value.now.toISOString();
      const amount = money(command.amount, record.amount.currency);
      const ask = { amount, requestKey, at, decimalPlaces: places, reserved: memory.reserved };
      const stage = decideRefund(order.value, ask, memory.answers, messages);
      switch (stage.kind) {
        case 'refused':
          return err(refusalError(stage.refusal, record, places, messages));
        case 'answered': {
          const result = refundResult(order.value, stage.refund, places, messages);
          return ok({
            save: 'effects',
            effects: [{ type: 'slide_expiry', at }],
            events: [],
            answer: () => result,
          });
        }
        case 'write':
          memory.pending = stage.reserves;
          return ok({
            save: 'stage',
            effects: [{ type: 'write_payment', order: order.value, step: stage.step }],
          });
        case 'ask':
          return ok({
            save: 'stage',
            effects: [{ type: 'ask_refund', order: order.value, refund: stage.refund }],
          });
      }
    },
  };
}

/** Runs `payment_refund` on a session: the session's checks, then the refund. */
export function runPaymentRefund(
  context: EngineContext,
  operation: PaymentDescriptor,
  target: SessionTarget,
  posted: unknown,
  options: RefundOptions = {},
): ResultAsync<PaymentResult, CheckoutError> {
  return runPass(context, refundPass(context, operation, options), target, posted);
}
