/**
 * history_add in the shell: parse → gather facts (the order, its coupon, the fraud checks' verdict when the entry
 * moves the order into the processing or complete statuses, unless `override`) → `decideHistory` → perform the
 * append effect (the entry, its stock moves and ledger changes, one repository transaction at the order's
 * revision) → deliver events.
 * @module
 */
import { err, ok, okAsync, ResultAsync, safeTry } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { AppendHistory } from '../domain/order/effects.js';
import {
  checkOrderStatus,
  decideHistory,
  type FraudVerdict,
  type HistoryCommand,
  historyEntersActive,
  shortageErrors,
} from '../domain/order/history.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { StepResult } from '../operations/answers.js';
import type { HistoryDescriptor } from '../operations/operation.js';
import { callPort, type EngineContext } from './context.js';
import { readTimeFacts } from './facts.js';
import { checkFraud } from './fraud.js';
import { couponIdOf } from './order-lookups.js';
import { historyWithPayment } from './payment-history.js';
import { runEvents } from './run-events.js';
import { readSession } from './run-read.js';
import type { SessionTarget } from './session-access.js';

/** The fraud checks' verdict, asked only when the entry moves the order into the active statuses. */
function verdictOf(
  context: EngineContext,
  messages: MessageCatalog,
  order: OrderRecord | undefined,
  command: HistoryCommand,
): ResultAsync<FraudVerdict | undefined, CheckoutError> {
  if (order === undefined || !historyEntersActive(order, command, context.settings))
    return okAsync(undefined);
  return checkFraud(context, messages, order, command.orderStatusId);
}

/** Performs an append effect; the repository's refusals as errors. */
function performAppend(
  context: EngineContext,
  effect: AppendHistory,
  order: OrderRecord,
  messages: MessageCatalog,
): ResultAsync<OrderRecord, CheckoutError> {
  return callPort('orders', messages, () =>
    context.deps.orders.addHistory(effect.orderId, effect.write, effect.expectedRevision),
  ).andThen((outcome) => {
    if (outcome.status === 'written') return ok(outcome.order);
    if (outcome.status === 'not_found') {
      return err(checkoutError('not_found', { order_id: messageText(messages, 'order.not_found') }));
    }
    if (outcome.status === 'insufficient_stock')
      return err(shortageErrors(order.products, outcome.shortages, messages));
    return err(checkoutError('conflict', { warning: messageText(messages, 'order.conflict') }));
  });
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
    ({ messages }) =>
      safeTry(async function* () {
        const command: HistoryCommand = yield* operation.input
          .parse(posted, messages)
          .mapErr((fields: Readonly<Record<string, string>>) => checkoutError('validation', fields));
        yield* checkOrderStatus(command.orderStatusId, context.settings, messages);
        const order = yield* callPort('orders', messages, () => context.deps.orders.get(command.orderId));
        const couponId = order === undefined ? null : yield* couponIdOf(context, messages, order);
        const verdict = yield* verdictOf(context, messages, order, command);
        const time = yield* readTimeFacts(context, messages);
        const facts = { order, couponId, verdict, now: time.now, messages };
        const decision = yield* decideHistory(command, facts, context.settings);
        // A capture, void or refund of the order's card payment goes with the entry, asked of the provider first.
        const paid = yield* new ResultAsync(
          historyWithPayment(context, decision.order, decision.effect, messages),
        );
        if (paid === undefined) yield* performAppend(context, decision.effect, decision.order, messages);
        await runEvents(context, decision.events);
        return ok({ success: messageText(messages, 'history.success'), dropped: [] });
      }),
    true,
  );
}
