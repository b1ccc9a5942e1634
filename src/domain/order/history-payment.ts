/**
 * Capture, void and refund through history: the card payment's move that goes with a history entry. An entry
 * into a capture status captures the order's authorized payment; one into a void status voids an uncaptured
 * payment or refunds a captured one. Which call, for how much and under which idempotency key is decided here,
 * from the order's payment record and the settings, as data the effect interpreter performs: the provider is
 * asked first, and only its answer says what the payment's move writes (the provider may know more than the
 * record), so that part is decided from the answer, by the payment's pure rules, when it comes.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { isPositive, type Money, subtract } from '../../money/index.js';
import { type CheckoutError, checkoutError } from '../errors.js';
import { type MessageCatalog, messageText } from '../messages.js';
import { paymentIdempotencyKey } from '../payment/idempotency-key.js';
import type { PaymentRecord } from '../payment/record.js';
import { nextRefundNumber, refundLeft } from '../payment/refund.js';
import { knownPayment, type ProviderPayment } from '../payment/truth.js';
import type { OrderRecord } from '../records/order.js';
import type { StoreSettings } from '../settings/settings.js';

/** OpenCart's Canceled, Denied, Voided, Reversed and Refunded: the default void statuses. */
const DEFAULT_VOID_STATUSES: readonly number[] = [7, 8, 16, 12, 11];

/** The provider call a history entry asks of the order's payment, with what it is asked under. */
export type HistoryPaymentCall =
  | { readonly kind: 'capture'; readonly amount: Money; readonly idempotencyKey: string }
  | { readonly kind: 'void'; readonly idempotencyKey: string }
  | {
      readonly kind: 'refund';
      readonly amount: Money;
      /** The refund's number within the payment, which its idempotency key carries too. */
      readonly refund: number;
      readonly idempotencyKey: string;
    };

/**
 * The card payment's move that goes with a history entry: `call` asked of the host's provider `provider` about
 * `payment` before anything is written; the provider's answer then brings the order's payment record up to its
 * truth (noted `note`) in the entry's transaction.
 */
export interface HistoryPaymentMove {
  /** The code of the host's provider the payment was made with. */
  readonly provider: string;
  /** The payment as recorded, which the provider finds by its reference (and retrieves when it has no answer). */
  readonly payment: ProviderPayment;
  readonly call: HistoryPaymentCall;
  /** What the payment's move is noted with. */
  readonly note: string;
  /** The order's coupon, recorded as used when the payment's move places the order. */
  readonly couponId: number | null;
}

/**
 * The statuses a history entry into which captures an authorized payment: `config_payment_capture_statuses`, or
 * else the processing and complete statuses less two. Less the status a new order is placed in, because OpenCart
 * counts it as processing, and a merchant's comment on a just-placed order must not take the customer's money;
 * and less the void statuses, because OpenCart counts Reversed as processing too, and a void must win.
 * @param settings - the store settings
 * @returns the capture statuses' ids
 */
export function captureStatusIds(settings: StoreSettings): readonly number[] {
  if (settings.paymentCaptureStatusIds !== undefined) return settings.paymentCaptureStatusIds;
  const voids = settings.paymentVoidStatusIds ?? DEFAULT_VOID_STATUSES;
  return [...new Set([...settings.processingStatusIds, ...settings.completeStatusIds])].filter(
    (id) => id !== settings.orderStatusId && !voids.includes(id),
  );
}

/** The provider call a history entry into `statusId` asks of a payment, or undefined for none. */
function callKindOf(
  record: PaymentRecord,
  statusId: number,
  settings: StoreSettings,
): HistoryPaymentCall['kind'] | undefined {
  const voids = settings.paymentVoidStatusIds ?? DEFAULT_VOID_STATUSES;
  if (voids.includes(statusId)) {
    if (['pending', 'requires_action', 'authorized'].includes(record.status)) return 'void';
    if (record.status === 'captured' || record.status === 'partially_refunded') {
      // Nothing left to give back: the entry goes alone.
      return isPositive(refundLeft(record)) ? 'refund' : undefined;
    }
    return undefined;
  }
  return captureStatusIds(settings).includes(statusId) && record.status === 'authorized'
    ? 'capture'
    : undefined;
}

/** The call of `kind` on `record`, with its amount and idempotency key (the payment's current attempt's). */
function callOf(
  orderId: number,
  record: PaymentRecord,
  kind: HistoryPaymentCall['kind'],
): HistoryPaymentCall {
  const attempt = record.attempts;
  switch (kind) {
    case 'capture':
      return {
        kind,
        amount: subtract(record.amount, record.captured),
        idempotencyKey: paymentIdempotencyKey({ orderId, attempt, operation: 'capture' }),
      };
    case 'void':
      return { kind, idempotencyKey: paymentIdempotencyKey({ orderId, attempt, operation: 'void' }) };
    case 'refund': {
      // Never a number a refund by amount already used: the provider would replay that one instead.
      const refund = nextRefundNumber(record);
      return {
        kind,
        amount: refundLeft(record),
        refund,
        idempotencyKey: paymentIdempotencyKey({ orderId, attempt, operation: 'refund', refund }),
      };
    }
  }
}

/**
 * The payment's move that goes with an entry moving `order` into `statusId`: none for an order without a card
 * payment, one whose provider the host does not have (`provided` false), or a status that asks nothing of its
 * payment; refused (key `payment`, nothing written) when the payment has no provider reference to name it by.
 */
export function historyPaymentMove(
  order: OrderRecord,
  statusId: number,
  facts: { readonly provided: boolean; readonly couponId: number | null; readonly messages: MessageCatalog },
  settings: StoreSettings,
): Result<HistoryPaymentMove | undefined, CheckoutError> {
  const record = order.payment;
  if (record === undefined || !facts.provided) return ok(undefined);
  const kind = callKindOf(record, statusId, settings);
  if (kind === undefined) return ok(undefined);
  const payment = knownPayment(record);
  if (payment === undefined) {
    return err(checkoutError('validation', { payment: messageText(facts.messages, 'payment.refused') }));
  }
  const call = callOf(order.orderId, record, kind);
  return ok({
    provider: record.providerCode,
    payment,
    call,
    note: `history ${kind}`,
    couponId: facts.couponId,
  });
}
