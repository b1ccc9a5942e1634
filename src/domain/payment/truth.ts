/**
 * The provider's truth about a payment, and bringing a recorded payment up to it: what `payment_complete`, a
 * webhook and a late answer all do, so that whoever arrives first moves the payment and the others find nothing
 * left to do.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { compare, type Money, subtract } from '../../money/index.js';
import { movePayment, type PaymentChange, type PaymentRefusal } from './move.js';
import type { PaymentAction, PaymentMove, PaymentRecord } from './record.js';
import { type PaymentStatus, paymentPath } from './status.js';

/**
 * What a payment provider says about one payment, in cartwright's words: its reference, where it stands, the
 * amount asked for, how much was captured and refunded, the action the customer must take (while
 * `requires_action`), and the provider's reason when it failed.
 */
export interface ProviderPayment {
  readonly reference: string;
  readonly status: PaymentStatus;
  readonly amount: Money;
  readonly captured: Money;
  readonly refunded: Money;
  readonly action: PaymentAction | null;
  /** The provider's reason for a `failed` payment (a decline code), else null. */
  readonly failure: string | null;
}

/** A recorded payment brought up to the provider's truth, with the moves that took it there (none: unchanged). */
export interface Reconciled {
  readonly record: PaymentRecord;
  readonly moves: readonly PaymentMove[];
}

/** The change that makes one step of the path towards `truth`. */
function stepTowards(
  record: PaymentRecord,
  to: PaymentStatus,
  truth: ProviderPayment,
  base: { readonly at: string; readonly note: string; readonly reference: string },
): PaymentChange | PaymentRefusal {
  switch (to) {
    case 'requires_action':
      return truth.action === null
        ? { code: 'action', message: 'the provider says requires_action without an action' }
        : { ...base, to, action: truth.action };
    case 'captured':
      return { ...base, to, amount: truth.captured };
    case 'partially_refunded':
    case 'refunded':
      return { ...base, to, amount: subtract(truth.refunded, record.refunded) };
    case 'failed':
      return { ...base, to, note: truth.failure === null ? base.note : `${base.note}: ${truth.failure}` };
    case 'authorized':
    case 'voided':
    case 'expired':
      return { ...base, to };
    case 'pending':
      return { code: 'not_allowed', message: 'no move leads back to pending' };
  }
}

/** True when the record already says what the provider says (status, captured and refunded). */
function agrees(record: PaymentRecord, truth: ProviderPayment): boolean {
  return (
    record.status === truth.status &&
    record.captured.currency === truth.captured.currency &&
    compare(record.captured, truth.captured) === 0 &&
    compare(record.refunded, truth.refunded) === 0
  );
}

/**
 * Brings `record` up to what the provider says, along the moves the table allows: a payment recorded
 * `requires_action` that the provider reports captured moves to `authorized` and then `captured`; one recorded
 * `captured` that the provider reports refunded in part moves to `partially_refunded` by the difference. When the
 * record already agrees, nothing moves (a second webhook, a client returning after the webhook). Refused when the
 * truth is about another payment, in another currency, or somewhere the table cannot reach from the record's
 * status (a payment recorded `captured` that the provider calls `voided`): such a payment needs a person, and
 * nothing is written.
 */
export function reconcilePayment(
  record: PaymentRecord,
  truth: ProviderPayment,
  at: string,
  note: string,
): Result<Reconciled, PaymentRefusal> {
  if (record.reference !== null && truth.reference !== record.reference) {
    return err({ code: 'reference', message: `reference ${truth.reference} is not this payment's` });
  }
  const currencies = [truth.amount, truth.captured, truth.refunded].map((m) => m.currency);
  if (currencies.some((currency) => currency !== record.amount.currency)) {
    return err({ code: 'amount', message: `the provider's payment is not in ${record.amount.currency}` });
  }
  if (agrees(record, truth)) return ok({ record, moves: [] });
  // Further refunds of a payment already partly refunded: one more move to the same status.
  const path = record.status === truth.status ? [truth.status] : paymentPath(record.status, truth.status);
  if (path === undefined) {
    return err({
      code: 'not_allowed',
      message: `the provider says ${truth.status}, which the payment cannot reach from ${record.status}`,
    });
  }
  const base = { at, note, reference: truth.reference };
  let current = record;
  for (const to of path) {
    const change = stepTowards(current, to, truth, base);
    if ('code' in change) return err(change);
    const moved = movePayment(current, change);
    if (moved.isErr()) return err(moved.error);
    current = moved.value;
  }
  return ok({ record: current, moves: current.moves.slice(record.moves.length) });
}

/**
 * What cartwright knows of a payment, in the provider's terms: what later calls (capture, void, refund, retrieve)
 * carry. Undefined while the provider has not answered (no reference yet).
 */
export function knownPayment(record: PaymentRecord): ProviderPayment | undefined {
  if (record.reference === null) return undefined;
  const { reference, status, amount, captured, refunded, action } = record;
  return { reference, status, amount, captured, refunded, action, failure: null };
}
