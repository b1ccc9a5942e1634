/**
 * history_add's pass: take the session → parse the command and check its status → in the order's turn, gather
 * the facts (the order, its coupon, its payment's provider, the time) → `decideHistory` (which runs the fraud
 * rules when the entry moves the order into the processing or complete statuses, unless `override`, and names
 * the capture, void or refund of the order's card payment that goes with the entry) → the effects, performed by
 * the one effect interpreter: the entry appended (with its stock moves, ledger changes and payment move, in one
 * repository transaction at the order's revision), its events delivered, the session's expiry slid (best
 * effort: the entry is written by then).
 *
 * Writes to one order take turns within the engine, so they never race each other at the repository; a write
 * that still loses the race at the order's revision (to another process) is reported by the interpreter, and the
 * shell decides the entry again on the fresh order, a bounded number of times, before the client hears
 * `conflict`: writes racing on one order are absorbed alike on every store, as commands racing on one session
 * are.
 * @module
 */
import { err, ok, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import {
  checkOrderStatus,
  decideHistory,
  type HistoryCommand,
  type HistoryFacts,
} from '../domain/order/history.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { StepResult } from '../operations/answers.js';
import type { HistoryDescriptor } from '../operations/operation.js';
import { type Answer, askPort, type EngineContext } from './context.js';
import { readTimeFacts } from './facts.js';
import { couponIdOf } from './order-lookups.js';
import { paymentPorts } from './payment-settle.js';
import type { SessionTarget } from './session-access.js';
import { type Pass, readAccess, runPass } from './shell.js';

/** Whether the host has the provider `order`'s card payment was made with. */
function hasPaymentProvider(context: EngineContext, order: OrderRecord | undefined): boolean {
  const code = order?.payment?.providerCode;
  return code !== undefined && paymentPorts(context)?.provider(code) !== undefined;
}

/**
 * The facts of a history entry, read afresh for each attempt: the order as it is now, its coupon, its payment's
 * provider, the time.
 */
async function historyFacts(
  context: EngineContext,
  command: HistoryCommand,
  messages: MessageCatalog,
): Answer<HistoryFacts> {
  const order = await askPort('orders', messages, () => context.deps.orders.get(command.orderId));
  if (order.isErr()) return err(order.error);
  const couponId = order.value === undefined ? ok(null) : await couponIdOf(context, messages, order.value);
  if (couponId.isErr()) return err(couponId.error);
  const time = readTimeFacts(context, messages);
  if (time.isErr()) return err(time.error);
  return ok({
    order: order.value,
    couponId: couponId.value,
    paymentProvider: hasPaymentProvider(context, order.value),
    now: time.value.now,
    messages,
  });
}

/** history_add as the one pass runs it: the command checked, then the entry decided in its order's turn. */
function historyPass(context: EngineContext, operation: HistoryDescriptor): Pass<HistoryCommand, StepResult> {
  return {
    saves: false,
    order: (command) => command.orderId,
    parse: (posted, messages) => {
      const command = operation.input.parse(posted, messages);
      if (command.isErr()) return err(checkoutError('validation', command.error));
      const status = checkOrderStatus(command.value.orderStatusId, context.settings, messages);
      return status.isErr() ? err(status.error) : ok(command.value);
    },
    attempt: async (taken, command, messages) => {
      const access = readAccess(context, taken, messages);
      if (access.isErr()) return err(access.error);
      const facts = await historyFacts(context, command, messages);
      if (facts.isErr()) return err(facts.error);
      const fraudChecks = context.deps.fraudChecks ?? [];
      const decision = decideHistory(command, facts.value, context.settings, fraudChecks);
      if (decision.isErr()) return err(decision.error);
      return ok({
        save: 'effects',
        effects: [
          decision.value.effect,
          { type: 'deliver_events' },
          { type: 'slide_expiry', at: access.value.now.toISOString() },
        ],
        events: decision.value.events,
        answer: () => ({ success: messageText(messages, 'history.success'), dropped: [] }),
      });
    },
  };
}

/** Runs history_add: the session's checks, then the entry. */
export function runHistory(
  context: EngineContext,
  operation: HistoryDescriptor,
  target: SessionTarget,
  posted: unknown,
): ResultAsync<StepResult, CheckoutError> {
  return runPass(context, historyPass(context, operation), target, posted);
}
