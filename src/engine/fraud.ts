/**
 * Running the fraud rules (as OpenCart's `addHistory`): consulted when an order enters the processing or
 * complete statuses, unless the entry says `override`; the first rule that answers a status replaces the
 * requested one. Rules are synchronous and pure, so asking them is no port call; a rule that throws is
 * `unavailable` `extension`, as a failed port is.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import type { UnavailableError } from '../domain/errors.js';
import type { MessageCatalog } from '../domain/messages.js';
import type { FraudVerdict } from '../domain/order/history.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { FraudCheck } from '../ports/fraud-check.js';
import { callSyncPort, type EngineContext } from './context.js';

/** One rule's answer: a status id or null; a promise (a rule written for the older interface) is its fault. */
function askCheck(check: FraudCheck, order: OrderRecord): number | null {
  const answer: unknown = check.check(order);
  if (answer !== null && typeof answer !== 'number') {
    throw new TypeError(
      `cartwright: the fraud check "${check.code}" answered ${typeof answer}; a fraud check answers a status id or null, synchronously`,
    );
  }
  return answer;
}

/** Runs the rules one after another until one answers; undefined when none does (or there are none). */
export function checkFraud(
  context: EngineContext,
  messages: MessageCatalog,
  order: OrderRecord,
  requestedStatusId: number,
): Result<FraudVerdict | undefined, UnavailableError> {
  for (const check of context.deps.fraudChecks ?? []) {
    const answer = callSyncPort('extension', messages, () => askCheck(check, order));
    if (answer.isErr()) return err(answer.error);
    const statusId = answer.value;
    if (statusId !== null) {
      return ok({
        orderStatusId: statusId,
        event: { type: 'FraudFlagged', requestedStatusId, orderStatusId: statusId, check: check.code },
      });
    }
  }
  return ok(undefined);
}
