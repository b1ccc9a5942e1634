/**
 * What a payment's move asks of its order: the payment write that opens it with its stock hold, and the one
 * that records the provider's truth (the hold converted into the order's stock move and the order entering its
 * status once authorized; the hold released when the payment failed, was voided or expired). Pure: the engine
 * performs the writes through the order payments port.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { findCurrency, type Money, money, multiply, round } from '../../money/index.js';
import type { EventDraft } from '../events/event-types.js';
import { eventsOfWrite, heldStockEvents } from '../events/order-events.js';
import { planHistoryWrite } from '../order/status-move.js';
import type { HistoryWrite } from '../order/write.js';
import type { OrderRecord } from '../records/order.js';
import type { StoreSettings } from '../settings/settings.js';
import { type HoldChange, heldStockOf, isHolding } from './hold.js';
import { movePayment, type PaymentRefusal } from './move.js';
import { openPayment, type PaymentRecord } from './record.js';
import { isOpenPaymentStatus } from './status.js';
import { type ProviderPayment, reconcilePayment } from './truth.js';

/**
 * One payment write as the rules decide it: the payment, its hold change, its history entry, its instant, and
 * what it reports.
 */
export interface PaymentStep {
  readonly payment: PaymentRecord;
  readonly hold?: HoldChange | undefined;
  readonly history?: HistoryWrite | undefined;
  readonly at: string;
  /** The write's events: the payment's move, the order placed, its entry, stock and ledgers, a new hold's units. */
  readonly events: readonly EventDraft[];
  /**
   * The units of the order's hold coming back (`stock.changed`), stored only when the write gives them back: a
   * hold that a read of its stock released since the order was read reported its units then.
   */
  readonly heldStockEvents: readonly EventDraft[];
}

/**
 * A payment step with its events: those of the order as the write leaves it (its payment, status and entry),
 * then the units a new hold takes; and the units the order's current hold gives back when the write ends or
 * replaces it.
 */
export function paymentStepOf(
  order: OrderRecord,
  write: Omit<PaymentStep, 'events' | 'heldStockEvents'>,
): PaymentStep {
  const { payment, hold, history } = write;
  const after = { ...order, payment, orderStatusId: history?.orderStatusId ?? order.orderStatusId };
  const taken = hold?.kind === 'take' ? heldStockEvents(order.orderId, hold.lines, -1) : [];
  const events = [...eventsOfWrite({ before: order, after, history, edited: false }), ...taken];
  const current = order.stockHold;
  const returned =
    hold !== undefined && isHolding(current) ? heldStockEvents(order.orderId, current.lines, 1) : [];
  return { ...write, events, heldStockEvents: returned };
}

/** The default of `config_payment_hold_minutes`. */
export const DEFAULT_PAYMENT_HOLD_MINUTES = 30;

/**
 * What the customer pays for an order: its total in the order's own currency at the rate it was confirmed with,
 * rounded to that currency's decimal places as the total line showed it (a currency the store no longer has:
 * two places).
 */
export function orderPaymentAmount(order: OrderRecord, settings: StoreSettings): Money {
  const currency = findCurrency(settings.currencies, order.currencyCode);
  const places = currency?.decimalPlaces ?? 2;
  const inOrderCurrency =
    order.total.currency === order.currencyCode
      ? order.total
      : money(multiply(order.total, order.currencyValue).amount, order.currencyCode);
  return round(inOrderCurrency, places, settings.roundingMode);
}

/**
 * The write that opens an order's payment: `pending`, first attempt, with its lines' stock held until
 * `config_payment_hold_minutes` after `at`.
 */
export function openingStep(
  order: OrderRecord,
  providerCode: string,
  at: string,
  settings: StoreSettings,
): PaymentStep {
  const minutes = settings.paymentHoldMinutes ?? DEFAULT_PAYMENT_HOLD_MINUTES;
  const expiresAt = new Date(Date.parse(at) + minutes * 60_000).toISOString();
  return paymentStepOf(order, {
    payment: openPayment({ providerCode, amount: orderPaymentAmount(order, settings), at }),
    hold: { kind: 'take', lines: heldStockOf(order.products), expiresAt },
    at,
  });
}

/** What a settling write needs besides the order and the payment. */
export interface SettleContext {
  readonly at: string;
  /** The status the order enters once its payment is authorized. */
  readonly orderStatusId: number;
  /** The order's coupon id, recorded as used when the order enters an active status. */
  readonly couponId: number | null;
  readonly settings: StoreSettings;
}

/** The hold change and history entry that go with a payment reaching `payment.status`. */
function consequences(
  order: OrderRecord,
  payment: PaymentRecord,
  context: SettleContext,
): Pick<PaymentStep, 'hold' | 'history'> {
  const holding = isHolding(order.stockHold);
  switch (payment.status) {
    case 'authorized':
    case 'captured':
    case 'partially_refunded':
    case 'refunded': {
      // The order is placed once: only an order still waiting for its payment (status 0) enters its status.
      if (order.orderStatusId !== 0) return {};
      const history = planHistoryWrite(
        order,
        { from: 0, to: context.orderStatusId },
        { comment: '', notify: false, dateAdded: context.at },
        context.couponId,
        context.settings,
      );
      return holding ? { hold: { kind: 'convert' }, history } : { history };
    }
    case 'failed':
    case 'voided':
      return holding ? { hold: { kind: 'release', how: 'released' } } : {};
    case 'expired':
      return holding ? { hold: { kind: 'release', how: 'expired' } } : {};
    default:
      return {};
  }
}

/**
 * The write that brings an order's payment up to the provider's truth, with what the new status asks of the
 * order, or undefined when the record already says what the provider says (a second webhook, the client
 * returning after the webhook). Refused when the truth cannot be reached from the record (see
 * `reconcilePayment`).
 */
export function settleStep(
  order: OrderRecord,
  record: PaymentRecord,
  truth: ProviderPayment,
  note: string,
  context: SettleContext,
): Result<PaymentStep | undefined, PaymentRefusal> {
  const reconciled = reconcilePayment(record, truth, context.at, note);
  if (reconciled.isErr()) return err(reconciled.error);
  const { moves } = reconciled.value;
  if (moves.length === 0) {
    // Nothing moved, but the record may learn the provider's reference (a payment still pending).
    if (record.reference !== null) return ok(undefined);
    return ok(paymentStepOf(order, { payment: { ...record, reference: truth.reference }, at: context.at }));
  }
  const payment = reconciled.value.record;
  return ok(paymentStepOf(order, { payment, ...consequences(order, payment, context), at: context.at }));
}

/**
 * The write that ends a payment the provider refused outright (an unknown token, an amount it cannot take):
 * `failed`, its hold released. Undefined when the payment is no longer open.
 */
export function failedStep(
  order: OrderRecord,
  record: PaymentRecord,
  reason: string,
  context: SettleContext,
): PaymentStep | undefined {
  if (!isOpenPaymentStatus(record.status)) return undefined;
  const moved = movePayment(record, { to: 'failed', at: context.at, note: reason });
  if (moved.isErr()) return undefined;
  return paymentStepOf(order, {
    payment: moved.value,
    ...consequences(order, moved.value, context),
    at: context.at,
  });
}

/**
 * The write that voids an order's payment (an authorization that arrived after the hold expired, or one the
 * order could not take): `voided`, its hold released. Undefined when the table allows no void.
 */
export function voidedStep(
  order: OrderRecord,
  record: PaymentRecord,
  note: string,
  context: SettleContext,
): PaymentStep | undefined {
  const moved = movePayment(record, { to: 'voided', at: context.at, note });
  if (moved.isErr()) return undefined;
  return paymentStepOf(order, {
    payment: moved.value,
    ...consequences(order, moved.value, context),
    at: context.at,
  });
}

/**
 * The write that marks an open payment whose hold ran out `expired` (the sweep), its hold released if a read
 * has not released it yet. Undefined when the payment is no longer open.
 */
export function expiredStep(
  order: OrderRecord,
  record: PaymentRecord,
  context: SettleContext,
): PaymentStep | undefined {
  if (!isOpenPaymentStatus(record.status)) return undefined;
  const moved = movePayment(record, { to: 'expired', at: context.at, note: 'sweep: the hold ran out' });
  if (moved.isErr()) return undefined;
  return paymentStepOf(order, {
    payment: moved.value,
    ...consequences(order, moved.value, context),
    at: context.at,
  });
}
