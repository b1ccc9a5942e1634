/**
 * Fraud rules (as OpenCart's `addHistory`): consulted when an order enters the processing or complete statuses,
 * unless the entry says `override`; the first rule that answers a status replaces the requested one. Rules are
 * synchronous and pure, so `decide` runs them on the facts it was given.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { type CheckoutError, unavailable } from '../errors.js';
import type { FraudFlagged } from '../machine/events.js';
import { type MessageCatalog, messageText } from '../messages.js';
import type { OrderRecord } from '../records/order.js';

/**
 * A fraud rule, consulted when an order moves into the processing or complete statuses (unless the history entry
 * says `override`): a pure, synchronous rule over the order, as a total calculator is.
 *
 * Contract: answers the status id that should replace the requested one, or null to let it stand, the same for
 * the same order, leaving the order as it was; it does no I/O. A remote screening service is not a fraud check:
 * the host confirms such orders into a status of its own (say, "Pending review"), screens them outside the
 * request, and moves them on with `history_add`. `describeFraudCheckContract` in `cartwright/testing` checks
 * every point.
 */
export interface FraudCheck {
  readonly code: string;
  /** The status that should replace the requested one, or null. */
  check(order: OrderRecord): number | null;
}

/** A fraud check's verdict on an order entering the processing or complete statuses. */
export interface FraudVerdict {
  /** The status the order goes to instead of the requested one. */
  readonly orderStatusId: number;
  /** The event reporting it (its `orderId` is the order's). */
  readonly event: Omit<FraudFlagged, 'orderId'>;
}

/** One rule's answer; a rule answering anything but a status id or null (a promise) is its fault. */
function askCheck(check: FraudCheck, order: OrderRecord): number | null {
  const answer: unknown = check.check(order);
  if (answer !== null && typeof answer !== 'number') {
    throw new TypeError(
      `cartwright: the fraud check "${check.code}" answered ${typeof answer}; a fraud check answers a status id or null, synchronously`,
    );
  }
  return answer;
}

/**
 * Runs the rules one after another until one answers; undefined when none does (or there are none). A rule that
 * throws is `unavailable` `extension`, as a failed port is: the order is never let through on a broken rule.
 */
export function fraudVerdict(
  checks: readonly FraudCheck[],
  order: OrderRecord,
  requestedStatusId: number,
  messages: MessageCatalog,
): Result<FraudVerdict | undefined, CheckoutError> {
  for (const check of checks) {
    let statusId: number | null;
    try {
      statusId = askCheck(check, order);
    } catch (cause) {
      return err(unavailable('extension', cause, messageText(messages, 'service.unavailable')));
    }
    if (statusId !== null) {
      return ok({
        orderStatusId: statusId,
        event: { type: 'FraudFlagged', requestedStatusId, orderStatusId: statusId, check: check.code },
      });
    }
  }
  return ok(undefined);
}
