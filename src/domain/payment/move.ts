/**
 * Moving a payment: one step of the state table, with the money it concerns checked. A move the table does not
 * allow, or whose amount does not fit, is refused and nothing changes.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { add, compare, isPositive, type Money, subtract } from '../../money/index.js';
import type { PaymentAction, PaymentMove, PaymentRecord } from './record.js';
import { canMovePayment, type PaymentStatus } from './status.js';

/** Why a move was refused. */
export interface PaymentRefusal {
  /**
   * `not_allowed`: the table has no such move; `amount`: the money does not fit (more than is left, not
   * positive, another currency); `action`: `requires_action` without an action; `reference`: the provider's
   * reference is not this payment's.
   */
  readonly code: 'not_allowed' | 'amount' | 'action' | 'reference';
  readonly message: string;
}

/** What a move carries besides its target status. */
interface ChangeBase {
  readonly at: string;
  /** Recorded on the move (`webhook`, `history`, `sweep`, the provider's reason, …). */
  readonly note: string;
  /** The provider's reference, when this move is where the record learns it. */
  readonly reference?: string | undefined;
}

/** One move to ask for. Captures and refunds name their amount; `requires_action` names the action. */
export type PaymentChange =
  | (ChangeBase & { readonly to: 'requires_action'; readonly action: PaymentAction })
  | (ChangeBase & { readonly to: 'authorized' | 'failed' | 'voided' | 'expired' })
  /** The money taken: more than zero, at most the payment's amount. */
  | (ChangeBase & { readonly to: 'captured'; readonly amount: Money })
  /** One refund of `amount`: `refunded` when it gives back all that is left, `partially_refunded` otherwise. */
  | (ChangeBase & { readonly to: 'partially_refunded' | 'refunded'; readonly amount: Money });

const refuse = (code: PaymentRefusal['code'], message: string) =>
  err<never, PaymentRefusal>({ code, message });

/** The amount checks of a capture or refund: positive, same currency, at most `limit`. */
function checkAmount(amount: Money, limit: Money, what: string): PaymentRefusal | undefined {
  if (amount.currency !== limit.currency) {
    return { code: 'amount', message: `${what} is in ${amount.currency}, the payment in ${limit.currency}` };
  }
  if (!isPositive(amount)) return { code: 'amount', message: `${what} must be more than zero` };
  if (compare(amount, limit) > 0) {
    return { code: 'amount', message: `${what} of ${amount.amount} is more than the ${limit.amount} left` };
  }
  return undefined;
}

/** The record's money after the change, or why the change's amount does not fit. */
function moneyAfter(
  record: PaymentRecord,
  change: PaymentChange,
): Result<Pick<PaymentRecord, 'captured' | 'refunded' | 'refunds'>, PaymentRefusal> {
  const { captured, refunded, refunds } = record;
  if (change.to === 'captured') {
    const refusal = checkAmount(change.amount, record.amount, 'a capture');
    return refusal === undefined ? ok({ captured: change.amount, refunded, refunds }) : err(refusal);
  }
  if (change.to !== 'partially_refunded' && change.to !== 'refunded')
    return ok({ captured, refunded, refunds });
  const left = subtract(captured, refunded);
  const refusal = checkAmount(change.amount, left, 'a refund');
  if (refusal !== undefined) return err(refusal);
  const all = compare(change.amount, left) === 0;
  if (all !== (change.to === 'refunded')) {
    const message = all
      ? 'a refund of everything left moves the payment to refunded'
      : 'a refund of part of what is left moves the payment to partially_refunded';
    return refuse('amount', message);
  }
  return ok({ captured, refunded: add(refunded, change.amount), refunds: refunds + 1 });
}

/** The reference after the change, or why it is not this payment's. */
function referenceAfter(record: PaymentRecord, change: PaymentChange): Result<string | null, PaymentRefusal> {
  const given = change.reference;
  if (given === undefined || given === record.reference) return ok(record.reference);
  if (record.reference !== null) {
    return refuse('reference', `reference ${given} is not this payment's (${record.reference})`);
  }
  return ok(given);
}

/**
 * The payment after `change`, or why it cannot move: the table must allow the move from the current status; a
 * capture takes more than zero and at most the payment's amount; a refund gives back more than zero and at most
 * what was captured and not yet refunded, and says `refunded` exactly when it gives back all of that;
 * `requires_action` comes with its action. The move is appended to the record's moves.
 */
export function movePayment(
  record: PaymentRecord,
  change: PaymentChange,
): Result<PaymentRecord, PaymentRefusal> {
  if (!canMovePayment(record.status, change.to)) {
    return refuse('not_allowed', `a payment cannot move from ${record.status} to ${change.to}`);
  }
  if (change.to === 'requires_action' && (change.action === undefined || change.action.url === '')) {
    return refuse('action', 'requires_action needs the action the customer must take');
  }
  return referenceAfter(record, change).andThen((reference) =>
    moneyAfter(record, change).map((money): PaymentRecord => {
      const amount = 'amount' in change ? change.amount : null;
      const move: PaymentMove = {
        from: record.status,
        to: change.to,
        at: change.at,
        attempt: record.attempts,
        amount,
        note: change.note,
      };
      return {
        ...record,
        ...money,
        reference,
        status: change.to,
        action: change.to === 'requires_action' ? change.action : null,
        moves: [...record.moves, move],
      };
    }),
  );
}

/** The status a refund of `amount` moves the payment to: `refunded` when it gives back all that is left. */
export function refundStatus(record: PaymentRecord, amount: Money): 'refunded' | 'partially_refunded' {
  const left = subtract(record.captured, record.refunded);
  return amount.currency === left.currency && compare(amount, left) === 0 ? 'refunded' : 'partially_refunded';
}

/** What is left to refund: captured and not yet given back. */
export function refundable(record: PaymentRecord): Money {
  return subtract(record.captured, record.refunded);
}

/** True when `status` is one {@link movePayment} takes an amount for. */
export function movesMoney(status: PaymentStatus): status is 'captured' | 'partially_refunded' | 'refunded' {
  return status === 'captured' || status === 'partially_refunded' || status === 'refunded';
}
