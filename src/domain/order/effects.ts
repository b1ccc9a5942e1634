/**
 * Effects: what a decision asks the shell to perform outside deciding, in order: the writes outside the session
 * (each in one repository transaction: a confirm's order, a history entry), the claim of a key, the session's
 * record of a confirmed order, the card payment of an order (taken, moved with a history entry, refunded).
 * `decide` describes them and runs nothing; the engine's one effect interpreter performs
 * them and delivers the decision's events where the decision placed them.
 *
 * What an effect needs from an earlier one is said as data the interpreter fills in: "the order": the order the
 * write or the claim before it answered (its id is known only once a new order is numbered).
 * @module
 */
import type { EventDraft } from '../events/event-types.js';
import type { CheckoutSession } from '../machine/session.js';
import type { PaymentRefund } from '../payment/record.js';
import type { PaymentStep } from '../payment/settle.js';
import type { OrderDraft, OrderRecord } from '../records/order.js';
import type { HistoryPaymentMove } from './history-payment.js';
import type { HistoryWrite, IdempotencyClaim } from './write.js';

/**
 * Writes an order with its first history entry (confirm): a new one when `orderId` is 0, else an update of
 * `orderId` at `expectedRevision`. The claims keep a retried or concurrent confirm from writing a second order.
 * Its result is the order (the one written, or the one a create's claims replayed).
 */
export interface WriteOrder {
  readonly type: 'write_order';
  readonly orderId: number;
  readonly expectedRevision: number;
  readonly draft: OrderDraft;
  readonly history: HistoryWrite;
  /** A create's claims, checked and recorded in the same transaction; an update's key claim, if any. */
  readonly claims: readonly IdempotencyClaim[];
  /** What the write reports, stored in the outbox in its transaction (a create's with `order_id` 0 until written). */
  readonly events: readonly EventDraft[];
  /**
   * A create's `Idempotency-Key` claim, recorded for the order its claims replayed: the session's claim may be
   * the one that replayed, with the key still free.
   */
  readonly replayClaim?: IdempotencyClaim;
}

/**
 * Appends a history entry to an order at `expectedRevision`, with its stock moves and ledger changes, and with
 * the card payment's move `payment` when there is one: its provider call made first (a refusal, or no answer
 * even on retrieving, writes nothing), the payment brought up to the provider's answer in the entry's
 * transaction. Its result is the order written, or a lost race (another write moved the order's revision), which
 * the shell decides again on the fresh order.
 */
export interface AppendHistory {
  readonly type: 'append_history';
  readonly orderId: number;
  readonly expectedRevision: number;
  /** The order as the entry was decided on: its lines name a stock shortage, its payment is what moves. */
  readonly order: OrderRecord;
  readonly write: HistoryWrite;
  /** What the entry reports, stored in the outbox in its transaction. */
  readonly events: readonly EventDraft[];
  /** The capture, void or refund of the order's card payment that goes with the entry, or none. */
  readonly payment: HistoryPaymentMove | undefined;
}

/**
 * The order a repeated confirm answers: `claim` (its `Idempotency-Key`'s) recorded for it first, when there is
 * one, else the order read. Its result is the order, or none when it is gone.
 */
export interface ClaimOrder {
  readonly type: 'claim_order';
  readonly orderId: number;
  readonly claim: IdempotencyClaim | undefined;
}

/**
 * Records the order on the session: `session` saved over the version it was decided on, with the order's id as
 * its `lastOrder.orderId`. The order is written by then, so a lost race never fails the operation: the record
 * (`updatedAt`, `expiresAt`, `lastOrder`) is laid once over the fresh session, unless another confirm recorded
 * its own order meanwhile.
 */
export interface RecordOrder {
  readonly type: 'record_order';
  readonly session: CheckoutSession;
}

/** Slides the session's expiry from `at`, best effort: the operation's answer stands whatever the store says. */
export interface SlideExpiry {
  readonly type: 'slide_expiry';
  readonly at: string;
}

/** Delivers the decision's events here, when the write before wrote (a replayed write reports nothing). */
export interface DeliverEvents {
  readonly type: 'deliver_events';
}

/**
 * Takes the order's card payment: opened with its stock held, authorized by the host's provider `provider`, its
 * answer recorded; `orderStatusId` is the status an authorized order is placed in. `provider` undefined resumes
 * the payment of a repeated confirm's order where its first confirm stopped, when it stopped without an answer.
 */
export interface TakePayment {
  readonly type: 'take_payment';
  readonly provider: string | undefined;
  readonly orderStatusId: number;
  readonly token: string | null;
}

/**
 * Writes a move of the order's card payment (a refund reserved, or its provider's answer recorded) at the
 * revision of `order`, the order it was decided on. A write that loses the race at that revision writes nothing
 * and is reported as lost, for the operation to be decided again on the fresh order.
 */
export interface WritePayment {
  readonly type: 'write_payment';
  readonly order: OrderRecord;
  readonly step: PaymentStep;
}

/**
 * Asks the provider of `order`'s card payment for refund `refund` (recorded `asked` on the payment), under the
 * refund number's idempotency key, so a repeated ask is answered the same. Its result is the provider's answer,
 * for the next decision; no answer at all is `unavailable`.
 */
export interface AskRefund {
  readonly type: 'ask_refund';
  readonly order: OrderRecord;
  readonly refund: PaymentRefund;
}

/** Every effect a decision can ask for: what an operation's outcome lists for the one pass to perform. */
export type Effect =
  | WriteOrder
  | AppendHistory
  | ClaimOrder
  | RecordOrder
  | SlideExpiry
  | DeliverEvents
  | TakePayment
  | WritePayment
  | AskRefund;

/** The effects of a confirm, in the order they are performed. */
export type ConfirmEffect = Exclude<Effect, AppendHistory | WritePayment | AskRefund>;
