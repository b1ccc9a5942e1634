/**
 * Asking the fraud checks (as OpenCart's `addHistory`): consulted when an order enters the processing or
 * complete statuses, unless the entry says `override`; the first check that answers a status replaces the
 * requested one.
 * @module
 */
import { okAsync, type ResultAsync } from 'neverthrow';
import type { CheckoutError } from '../domain/errors.js';
import type { MessageCatalog } from '../domain/messages.js';
import type { FraudVerdict } from '../domain/order/history.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { FraudCheck } from '../ports/fraud-check.js';
import { callPort, type EngineContext } from './context.js';

/** Runs the checks one after another until one answers; undefined when none does (or there are none). */
export function checkFraud(
  context: EngineContext,
  messages: MessageCatalog,
  order: OrderRecord,
  requestedStatusId: number,
): ResultAsync<FraudVerdict | undefined, CheckoutError> {
  let result: ResultAsync<FraudVerdict | undefined, CheckoutError> = okAsync(undefined);
  for (const check of context.deps.fraudChecks ?? []) {
    result = result.andThen((verdict) =>
      verdict !== undefined ? okAsync(verdict) : askCheck(messages, check, order, requestedStatusId),
    );
  }
  return result;
}

/** One check's answer as a verdict. */
function askCheck(
  messages: MessageCatalog,
  check: FraudCheck,
  order: OrderRecord,
  requestedStatusId: number,
): ResultAsync<FraudVerdict | undefined, CheckoutError> {
  return callPort('extension', messages, () => check.check(order)).map(
    (statusId): FraudVerdict | undefined =>
      statusId === null
        ? undefined
        : {
            orderStatusId: statusId,
            event: { type: 'FraudFlagged', requestedStatusId, orderStatusId: statusId, check: check.code },
          },
  );
}
