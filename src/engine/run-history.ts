/**
 * history_add in the shell: parse → gather facts (the order, its coupon, the time) → `decideHistory` (which runs
 * the fraud rules when the entry moves the order into the processing or complete statuses, unless `override`) →
 * perform the append effect (the entry, its stock moves and ledger changes, one repository transaction at the order's
 * revision) → deliver events.
 *
 * Writes to one order take turns within the engine, so they never race each other at the repository; a write
 * that still loses the race at the order's revision (to another process) is decided again on the fresh order, a
 * bounded number of times, before the client hears `conflict`: writes racing on one order are absorbed alike on
 * every store, as commands racing on one session are.
 * @module
 */
import { err, ok, type ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { AppendHistory } from '../domain/order/effects.js';
import {
  checkOrderStatus,
  decideHistory,
  type HistoryCommand,
  type HistoryFacts,
  shortageErrors,
} from '../domain/order/history.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { StepResult } from '../operations/answers.js';
import type { HistoryDescriptor } from '../operations/operation.js';
import { type Answer, askPort, type EngineContext } from './context.js';
import { type Attempt, decideAgain, lostRace, won } from './decide-again.js';
import { readTimeFacts } from './facts.js';
import { couponIdOf } from './order-lookups.js';
import { historyWithPayment } from './payment-history.js';
import { runEvents } from './run-events.js';
import type { SessionTarget } from './session-access.js';
import type { SessionTurn } from './session-queue.js';
import { readSession } from './shell.js';

/** The facts of a history entry, read afresh for each attempt: the order as it is now, its coupon, the time. */
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
    now: time.value.now,
    messages,
  });
}

/** The `conflict` of an order another write changed first, every retry spent. */
function orderConflict(messages: MessageCatalog): CheckoutError {
  return checkoutError('conflict', { warning: messageText(messages, 'order.conflict') });
}

/**
 * Performs an append effect; the repository's refusals as errors. Answers false when the order's revision moved
 * since it was read (another write won the race), so the entry can be decided again.
 */
async function performAppend(
  context: EngineContext,
  effect: AppendHistory,
  order: OrderRecord,
  messages: MessageCatalog,
): Answer<boolean> {
  const outcome = await askPort('orders', messages, () =>
    context.deps.orders.addHistory(effect.orderId, effect.write, effect.expectedRevision, effect.events),
  );
  if (outcome.isErr()) return err(outcome.error);
  const { status } = outcome.value;
  if (status === 'written') return ok(true);
  if (status === 'not_found') {
    return err(checkoutError('not_found', { order_id: messageText(messages, 'order.not_found') }));
  }
  if (outcome.value.status === 'insufficient_stock') {
    return err(shortageErrors(order.products, outcome.value.shortages, messages));
  }
  return ok(false);
}

/** Decides and appends the entry in the order's turn, deciding again on the fresh order after each lost race. */
async function appendInTurn(
  context: EngineContext,
  command: HistoryCommand,
  messages: MessageCatalog,
  turn: SessionTurn,
): Answer<StepResult> {
  return decideAgain(
    context,
    turn,
    () => orderConflict(messages),
    async (): Answer<Attempt<StepResult>> => {
      const facts = await historyFacts(context, command, messages);
      if (facts.isErr()) return err(facts.error);
      const fraudChecks = context.deps.fraudChecks ?? [];
      const decision = decideHistory(command, facts.value, context.settings, fraudChecks);
      if (decision.isErr()) return err(decision.error);
      const { effect, order } = decision.value;
      // A capture, void or refund of the order's card payment goes with the entry, asked of the provider first.
      const paid = await historyWithPayment(context, order, effect, messages);
      if (paid.isErr()) return err(paid.error);
      if (paid.value === undefined) {
        const appended = await performAppend(context, effect, order, messages);
        if (appended.isErr()) return err(appended.error);
        if (!appended.value) return ok(lostRace);
      }
      await runEvents(context, decision.value.events);
      return ok(won({ success: messageText(messages, 'history.success'), dropped: [] }));
    },
  );
}

/** history_add once the session is taken: the command parsed and its status checked, then the entry. */
async function historyPass(
  context: EngineContext,
  operation: HistoryDescriptor,
  posted: unknown,
  messages: MessageCatalog,
): Answer<StepResult> {
  const command = operation.input.parse(posted, messages);
  if (command.isErr()) return err(checkoutError('validation', command.error));
  const status = checkOrderStatus(command.value.orderStatusId, context.settings, messages);
  if (status.isErr()) return err(status.error);
  return context.orderQueue.run(String(command.value.orderId), (turn) =>
    appendInTurn(context, command.value, messages, turn),
  );
}

/** Runs history_add: the session's checks, then the entry. */
export function runHistory(
  context: EngineContext,
  operation: HistoryDescriptor,
  target: SessionTarget,
  posted: unknown,
): ResultAsync<StepResult, CheckoutError> {
  return readSession(
    context,
    target,
    ({ messages }) => historyPass(context, operation, posted, messages),
    true,
  );
}
