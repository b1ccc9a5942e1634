/**
 * history_add and order info in the shell (DECISIONS 28, 36): the order must exist and the status be known; the
 * fraud checks run when the order enters the processing or complete statuses (unless `override`); the entry and
 * its stock moves and ledger changes are one repository transaction at the order's revision.
 * @module
 */
import { err, errAsync, ok, okAsync, ResultAsync } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import type { DomainEvent } from '../domain/machine/events.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import {
  checkOrderStatus,
  historyEvents,
  isActiveStatus,
  planHistoryWrite,
  shortageErrors,
} from '../domain/order/history.js';
import type { OrderRecord } from '../domain/records/order.js';
import { type HistoryRequestInput, parseHistory, parseOrderId } from '../input/confirm.js';
import { callPort, type EngineContext } from './context.js';
import { readTimeFacts } from './facts.js';
import { checkFraud } from './fraud.js';
import type { StepResult } from './outputs.js';
import { readSession } from './queries.js';
import { runEvents } from './run-events.js';

/** The order `orderId`, or `not_found` under `order_id`. */
export function findOrder(
  context: EngineContext,
  messages: MessageCatalog,
  orderId: number,
): ResultAsync<OrderRecord, CheckoutError> {
  return callPort('orders', messages, () => context.deps.orders.get(orderId)).andThen((order) =>
    order === undefined
      ? err(checkoutError('not_found', { order_id: messageText(messages, 'order.not_found') }))
      : ok(order),
  );
}

/** The id of the coupon an order used, looked up by its code (null for none or a coupon since deleted). */
export function couponIdOf(
  context: EngineContext,
  messages: MessageCatalog,
  order: OrderRecord,
): ResultAsync<number | null, CheckoutError> {
  if (order.couponCode === '') return okAsync(null);
  return callPort('catalog', messages, () => context.deps.coupons.getCoupon(order.couponCode)).map(
    (coupon) => coupon?.couponId ?? null,
  );
}

/** The status the entry ends in: the requested one, or a fraud check's. */
function finalStatus(
  context: EngineContext,
  messages: MessageCatalog,
  order: OrderRecord,
  input: HistoryRequestInput,
): ResultAsync<{ statusId: number; flagged: DomainEvent[] }, CheckoutError> {
  const entering =
    isActiveStatus(input.orderStatusId, context.settings) &&
    !isActiveStatus(order.orderStatusId, context.settings);
  if (!entering || input.override) return okAsync({ statusId: input.orderStatusId, flagged: [] });
  return checkFraud(context, messages, order, input.orderStatusId).map((verdict) =>
    verdict === undefined
      ? { statusId: input.orderStatusId, flagged: [] }
      : { statusId: verdict.orderStatusId, flagged: [{ ...verdict.event, orderId: order.orderId }] },
  );
}

/** Appends the entry to `order` and delivers its events. */
function appendEntry(
  context: EngineContext,
  messages: MessageCatalog,
  order: OrderRecord,
  input: HistoryRequestInput,
): ResultAsync<void, CheckoutError> {
  const { settings } = context;
  return ResultAsync.combine([
    couponIdOf(context, messages, order),
    finalStatus(context, messages, order, input),
  ] as const).andThen(([couponId, { statusId, flagged }]) => {
    const time = readTimeFacts(context, messages);
    if (time.isErr()) return errAsync(time.error);
    const move = { from: order.orderStatusId, to: statusId };
    const entry = { comment: input.comment, notify: input.notify, dateAdded: time.value.now };
    const write = planHistoryWrite(order, move, entry, couponId, settings);
    return callPort('orders', messages, () =>
      context.deps.orders.addHistory(order.orderId, write, order.revision),
    )
      .andThen((outcome) => {
        if (outcome.status === 'written') return ok(outcome.order);
        if (outcome.status === 'not_found') {
          return err(checkoutError('not_found', { order_id: messageText(messages, 'order.not_found') }));
        }
        if (outcome.status === 'insufficient_stock') {
          return err(shortageErrors(order.products, outcome.shortages, messages));
        }
        return err(checkoutError('conflict', { warning: messageText(messages, 'order.conflict') }));
      })
      .andThen(() =>
        ResultAsync.fromSafePromise(
          runEvents(context, [...flagged, ...historyEvents(order.orderId, move, write, couponId)]),
        ),
      )
      .map(() => undefined);
  });
}

/** Runs history_add: the session checks, then the entry. */
export function runAddHistory(
  context: EngineContext,
  sessionId: string,
  request: unknown,
): ResultAsync<StepResult, CheckoutError> {
  return readSession(
    context,
    sessionId,
    ({ messages }) =>
      parseHistory(request, messages).asyncAndThen((input) =>
        checkOrderStatus(input.orderStatusId, context.settings, messages)
          .asyncAndThen(() => findOrder(context, messages, input.orderId))
          .andThen((order) => appendEntry(context, messages, order, input))
          .map(() => ({ success: messageText(messages, 'history.success'), dropped: [] })),
      ),
    true,
  );
}

/** Runs order info: the stored order with its history. */
export function runOrderInfo(
  context: EngineContext,
  sessionId: string,
  request: unknown,
): ResultAsync<OrderRecord, CheckoutError> {
  return readSession(context, sessionId, ({ messages }) =>
    parseOrderId(request, messages).asyncAndThen((orderId) => findOrder(context, messages, orderId)),
  );
}
