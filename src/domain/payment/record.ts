/**
 * The payment record an order carries: who takes the money, the provider's reference, how much, where it stands,
 * which attempt it is, and every move it made.
 * @module
 */
import { type Money, zero } from '../../money/index.js';
import type { PaymentStatus } from './status.js';

/**
 * One refund asked for by `payment_refund`, kept on the record from before the provider is asked: its number is
 * taken by a write at the order's revision, so two processes never ask the provider for the same number with two
 * amounts, and a refund whose answer was lost (a deadline, a crash) is asked again with the same key.
 */
export interface PaymentRefund {
  /** The refund's number within the payment (1, 2, …), which its idempotency key carries. */
  readonly number: number;
  readonly amount: Money;
  /** The client's `Idempotency-Key` for it, or null: the same key again answers this refund. */
  readonly requestKey: string | null;
  /** ISO-8601 instant it was asked for. */
  readonly at: string;
  /** `asked`: the provider's answer is not recorded yet; `done`: given back; `refused`: the provider would not. */
  readonly state: 'asked' | 'done' | 'refused';
}

/** What the customer must do before the payment can go on: open `url` (a 3-D Secure challenge page). */
export interface PaymentAction {
  readonly type: 'redirect';
  readonly url: string;
}

/** One move of a payment, as the record keeps it. */
export interface PaymentMove {
  /** The status before; null for the opening move of an attempt. */
  readonly from: PaymentStatus | null;
  readonly to: PaymentStatus;
  /** ISO-8601 instant, from the injected clock. */
  readonly at: string;
  /** The attempt the move belongs to (1, 2, …). */
  readonly attempt: number;
  /** The money the move took or gave back (a capture, a refund); null for the others. */
  readonly amount: Money | null;
  /** Who or what made the move (`confirm`, `webhook`, `history`, `sweep`, …), and why when the provider said. */
  readonly note: string;
}

/**
 * The payment of an order. `amount` is the order's total, exact; `captured` and `refunded` say how much of it
 * was taken and given back. `refunds` counts the refunds asked for so far: the next one is number `refunds + 1`,
 * which goes into its idempotency key so that a second partial refund never replays the first.
 */
export interface PaymentRecord {
  /** The payment method code whose provider takes the money (`cod`, `test_card`, `stripe`, …). */
  readonly providerCode: string;
  /** The provider's id for the payment (a PaymentIntent id); null until the provider has answered. */
  readonly reference: string | null;
  readonly amount: Money;
  readonly status: PaymentStatus;
  /** The current attempt, from 1: a failed payment is tried again as a new attempt, with new keys. */
  readonly attempts: number;
  readonly captured: Money;
  readonly refunded: Money;
  readonly refunds: number;
  /** What the customer must do, while `requires_action`; null otherwise. */
  readonly action: PaymentAction | null;
  /** Every move, oldest first, across attempts. */
  readonly moves: readonly PaymentMove[];
  /** The refunds asked for by amount (`payment_refund`), oldest first; absent until the first. */
  readonly refundLog?: readonly PaymentRefund[] | undefined;
}

/** What {@link openPayment} needs. */
export interface PaymentOpening {
  readonly providerCode: string;
  readonly amount: Money;
  readonly at: string;
  /** Recorded on the opening move; default `confirm`. */
  readonly note?: string;
}

/** A new payment of `amount`, `pending`, first attempt, nothing captured or refunded. */
export function openPayment(opening: PaymentOpening): PaymentRecord {
  const nothing = zero(opening.amount.currency);
  return {
    providerCode: opening.providerCode,
    reference: null,
    amount: opening.amount,
    status: 'pending',
    attempts: 1,
    captured: nothing,
    refunded: nothing,
    refunds: 0,
    action: null,
    moves: [
      {
        from: null,
        to: 'pending',
        at: opening.at,
        attempt: 1,
        amount: null,
        note: opening.note ?? 'confirm',
      },
    ],
  };
}

/**
 * The same payment tried again after it failed: a new attempt, `pending`, without the old reference or action
 * (the provider is asked afresh, with the new attempt's keys). Its opening move (from null) is appended to the
 * moves, which keep the earlier attempts. Undefined unless the payment `failed`: any other payment is still
 * going, or ended in a way a new try cannot mend.
 */
export function nextAttempt(record: PaymentRecord, at: string, note = 'retry'): PaymentRecord | undefined {
  if (record.status !== 'failed') return undefined;
  const attempts = record.attempts + 1;
  return {
    ...record,
    reference: null,
    status: 'pending',
    attempts,
    action: null,
    moves: [...record.moves, { from: null, to: 'pending', at, attempt: attempts, amount: null, note }],
  };
}
