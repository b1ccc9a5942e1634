/**
 * Refunding part (or all) of a captured payment by amount (`payment_refund`): which refund to ask the provider
 * for next, and the payment writes around the call. The refund is first written on the record as `asked`, under
 * a number no other refund has, at the order's revision; only then is the provider asked, with that number in
 * its idempotency key. Two processes refunding one order at once therefore never ask for one number with two
 * amounts, a refund whose answer was lost is asked again under the same key (the provider replays it, nothing
 * is given back twice), and concurrent refunds that together exceed what was captured are accepted only as far
 * as they fit. Pure: the engine performs the writes and the provider calls, deciding the next stage on the
 * order as each write left it ({@link decideRefund}).
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { compare, isPositive, type Money, round, subtract, sum } from '../../money/index.js';
import { type MessageCatalog, messageText } from '../messages.js';
import type { HistoryWrite } from '../order/write.js';
import type { OrderRecord } from '../records/order.js';
import { refundable } from './move.js';
import type { PaymentRecord, PaymentRefund } from './record.js';
import { type PaymentStep, paymentStepOf } from './settle.js';
import { type ProviderPayment, reconcilePayment } from './truth.js';

/** A refund as the client asks for it. */
export interface RefundAsk {
  /** Read in the payment's currency. */
  readonly amount: Money;
  /** The client's `Idempotency-Key`, or null. */
  readonly requestKey: string | null;
  readonly at: string;
  /** The decimal places of the payment's currency: an amount with more is refused, never rounded. */
  readonly decimalPlaces: number;
  /** The number this request already recorded (an earlier write of the same request), or null. */
  readonly reserved: number | null;
}

/**
 * Why a refund is refused, nothing written: `precision`: more decimals than the currency has; `amount`: not
 * more than zero, or more than is `left`; `state`: the payment has nothing captured to give back; `key`: the
 * client's key named another amount; `refused`: the provider refused the refund this key named.
 */
export type RefundRefusal =
  | { readonly code: 'precision' | 'state' | 'key' | 'refused' }
  | { readonly code: 'amount'; readonly left: Money };

/**
 * What to do next for a refund:
 * - `reserve`: write `step` (the refund recorded `asked` under its number), then ask the provider;
 * - `ask`: ask the provider for `refund`, already recorded `asked` (`mine`: the client's own; otherwise an older
 *   refund whose answer was lost, finished first so the new one is checked against the money truly left);
 * - `answered`: the client's key names a refund already given back: answer it again.
 */
export type RefundPlan =
  | { readonly kind: 'reserve'; readonly refund: PaymentRefund; readonly step: PaymentStep }
  | { readonly kind: 'ask'; readonly refund: PaymentRefund; readonly mine: boolean }
  | { readonly kind: 'answered'; readonly refund: PaymentRefund };

/** The refunds recorded by amount, oldest first. */
function logOf(record: PaymentRecord): readonly PaymentRefund[] {
  return record.refundLog ?? [];
}

/**
 * The number of the next refund: one more than any refund counted or recorded, so a number once asked of the
 * provider (even one it refused) is never asked again with another amount.
 */
export function nextRefundNumber(record: PaymentRecord): number {
  return Math.max(record.refunds, ...logOf(record).map((refund) => refund.number)) + 1;
}

/** What is left to give back: captured and not yet refunded, less the refunds asked and not yet answered. */
export function refundLeft(record: PaymentRecord): Money {
  const asked = logOf(record)
    .filter((refund) => refund.state === 'asked')
    .map((refund) => refund.amount);
  return subtract(refundable(record), sum(asked, record.amount.currency));
}

/** True when `amount` has no more decimals than `places`. */
function fitsPlaces(amount: Money, places: number): boolean {
  return compare(round(amount, places), amount) === 0;
}

/**
 * The next thing to do for `ask` on `record`, or why the refund is refused. The amount's own checks come first
 * (decimals, more than zero), then the refund this request recorded already, or the client's key's (answered
 * again, or finished),
 * then the payment's state, then any older refund left `asked`, and last the money left.
 */
export function planRefund(record: PaymentRecord, ask: RefundAsk): Result<RefundPlan, RefundRefusal> {
  const { amount } = ask;
  if (amount.currency !== record.amount.currency || !fitsPlaces(amount, ask.decimalPlaces)) {
    return err({ code: 'precision' });
  }
  if (!isPositive(amount)) return err({ code: 'amount', left: refundLeft(record) });
  const log = logOf(record);
  const same =
    log.find((r) => r.number === ask.reserved) ??
    (ask.requestKey === null ? undefined : log.find((r) => r.requestKey === ask.requestKey));
  if (same !== undefined) {
    if (compare(same.amount, amount) !== 0) return err({ code: 'key' });
    if (same.state === 'done') return ok({ kind: 'answered', refund: same });
    if (same.state === 'refused') return err({ code: 'refused' });
    return ok({ kind: 'ask', refund: same, mine: true });
  }
  // A payment refunded in full has nothing left: that is the amount's fault (0 left), not the payment's.
  const taken = ['captured', 'partially_refunded', 'refunded'];
  if (!taken.includes(record.status)) return err({ code: 'state' });
  const unanswered = log.find((refund) => refund.state === 'asked');
  if (unanswered !== undefined) return ok({ kind: 'ask', refund: unanswered, mine: false });
  const left = refundLeft(record);
  if (compare(amount, left) > 0) return err({ code: 'amount', left });
  const refund: PaymentRefund = {
    number: nextRefundNumber(record),
    amount,
    requestKey: ask.requestKey,
    at: ask.at,
    state: 'asked',
  };
  const payment: PaymentRecord = { ...record, refundLog: [...log, refund] };
  // A reservation moves neither status nor money: it reports nothing.
  return ok({ kind: 'reserve', refund, step: { payment, at: ask.at, events: [], heldStockEvents: [] } });
}

/** The record with refund `number` in `state`. */
function withState(record: PaymentRecord, number: number, state: PaymentRefund['state']): PaymentRecord {
  const refundLog = logOf(record).map((refund) => (refund.number === number ? { ...refund, state } : refund));
  return { ...record, refundLog };
}

/** What a refund's closing write needs besides the order and the refund. */
export interface RefundClose {
  readonly at: string;
  /** Recorded on the payment's move (`payment_refund 2`). */
  readonly note: string;
  /** The history entry's comment (`Refunded 10.00 of the payment`). */
  readonly comment: string;
}

/**
 * The write that records a refund the provider made: the refund `done`, the payment brought up to the provider's
 * truth (`partially_refunded` or `refunded`), and one history entry at the order's status, so the order's
 * history shows the refund. A truth that the record is already ahead of (a replayed answer older than a webhook
 * the record has taken since) moves nothing but the refund's state. Refused when the truth is not about this
 * payment or contradicts it (see `reconcilePayment`).
 */
export function refundDoneStep(
  order: OrderRecord,
  record: PaymentRecord,
  refund: PaymentRefund,
  truth: ProviderPayment,
  close: RefundClose,
): Result<PaymentStep, RefundRefusal> {
  const ahead =
    truth.refunded.currency === record.refunded.currency && compare(truth.refunded, record.refunded) > 0;
  let moved = record;
  if (ahead) {
    const reconciled = reconcilePayment(record, truth, close.at, close.note);
    if (reconciled.isErr()) return err({ code: 'refused' });
    moved = reconciled.value.record;
  }
  const done = withState(moved, refund.number, 'done');
  const payment: PaymentRecord = { ...done, refunds: Math.max(done.refunds, refund.number) };
  const history: HistoryWrite = {
    orderStatusId: order.orderStatusId,
    comment: close.comment,
    notify: false,
    dateAdded: close.at,
    stockMoves: [],
    redemptions: [],
    releaseRedemptions: false,
  };
  return ok(paymentStepOf(order, { payment, history, at: close.at }));
}

/** The write that records a refund the provider refused: the refund `refused`, its money free again. */
export function refundRefusedStep(record: PaymentRecord, refund: PaymentRefund, at: string): PaymentStep {
  return { payment: withState(record, refund.number, 'refused'), at, events: [], heldStockEvents: [] };
}

/** What the provider answered for a refund, as the next decision reads it. */
export type RefundAnswer =
  | { readonly outcome: 'refused' }
  | { readonly outcome: 'done'; readonly payment: ProviderPayment };

/**
 * The next stage of a refund request, decided on the order as it is now:
 * - `refused`: the request is refused, nothing more written;
 * - `answered`: the refund the request names is given back (recorded `done`): answer it;
 * - `write`: write `step` at the order's revision, then decide again (`reserves`: the number this write
 *   records for the request, its own from then on);
 * - `ask`: ask the provider for `refund`, then decide again with its answer.
 */
export type RefundStage =
  | { readonly kind: 'refused'; readonly refusal: RefundRefusal }
  | { readonly kind: 'answered'; readonly refund: PaymentRefund }
  | { readonly kind: 'write'; readonly step: PaymentStep; readonly reserves?: number }
  | { readonly kind: 'ask'; readonly refund: PaymentRefund };

/** An amount with the currency's decimal places, for texts (`10.00`, `1000`). */
export function plainAmount(value: Money, places: number): string {
  const [whole = '0', fraction = ''] = value.amount.split('.');
  return places === 0 ? whole : `${whole}.${fraction.padEnd(places, '0').slice(0, places)}`;
}

/**
 * The next stage of the refund `ask` on `order` (see {@link RefundStage}), `answers` holding what the provider
 * answered this request so far, by refund number. A refund the provider answered is recorded as it answered:
 * given back (with one history entry, in the texts of `messages`) or refused. The request's own refund ends the
 * request once recorded: given back is answered, refused is refused; an older refund whose answer was lost is
 * finished first, so the request's own is checked against the money truly left.
 */
export function decideRefund(
  order: OrderRecord,
  ask: RefundAsk,
  answers: ReadonlyMap<number, RefundAnswer>,
  messages: MessageCatalog,
): RefundStage {
  const record = order.payment;
  if (record === undefined) return { kind: 'refused', refusal: { code: 'state' } };
  const plan = planRefund(record, ask);
  if (plan.isErr()) return { kind: 'refused', refusal: plan.error };
  if (plan.value.kind === 'answered') return { kind: 'answered', refund: plan.value.refund };
  const { refund } = plan.value;
  if (plan.value.kind === 'reserve') return { kind: 'write', step: plan.value.step, reserves: refund.number };
  const answer = answers.get(refund.number);
  if (answer === undefined) return { kind: 'ask', refund };
  if (answer.outcome === 'refused') return { kind: 'write', step: refundRefusedStep(record, refund, ask.at) };
  const comment = messageText(messages, 'payment.refund_history', {
    amount: plainAmount(refund.amount, ask.decimalPlaces),
    currency: refund.amount.currency,
    number: refund.number,
  });
  const close = { at: ask.at, note: `payment_refund ${refund.number}`, comment };
  const done = refundDoneStep(order, record, refund, answer.payment, close);
  return done.isErr() ? { kind: 'refused', refusal: done.error } : { kind: 'write', step: done.value };
}
