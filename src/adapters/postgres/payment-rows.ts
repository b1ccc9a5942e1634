/**
 * An order's payment and stock hold as the order statement reads them, and back into their records.
 * @module
 */
import type { PaymentMove, PaymentRecord, StockHold } from '../../domain/payment/index.js';
import type { OrderRecord } from '../../domain/records/order.js';
import { type Money, moneyFromJSON } from '../../money/index.js';
import type { Tables } from './identifiers.js';
import { isoTimestamp } from './values.js';

/** The payment and hold as the statement builds them: the record's JSON as stored, the hold from its rows. */
export interface StoredPayment {
  readonly payment: PaymentRecord | null;
  readonly stockHold: StockHold | null;
}

/**
 * The `payment` and `stockHold` entries of the order statement's `json_build_object` (order `o`): the payment
 * record as stored, and the hold's lines, time and end, each null for an order without one.
 */
export function paymentColumns(t: Tables): string {
  const lines = `COALESCE((SELECT json_agg(json_build_object('productId', h.product_id,
      'productOptionValueId', h.product_option_value_id, 'quantity', h.quantity) ORDER BY h.position)
    FROM ${t.order_stock_hold} h WHERE h.order_id = o.order_id), '[]'::json)`;
  const hold = `SELECT CASE WHEN p.hold_expires_at IS NULL THEN NULL ELSE json_build_object(
      'lines', ${lines}, 'expiresAt', ${isoTimestamp('p.hold_expires_at')},
      'ended', CASE WHEN p.hold_ended_at IS NULL THEN NULL
        ELSE json_build_object('at', ${isoTimestamp('p.hold_ended_at')}, 'how', p.hold_ended_how) END
    ) END FROM ${t.order_payment} p WHERE p.order_id = o.order_id`;
  return `'payment', (SELECT p.record FROM ${t.order_payment} p WHERE p.order_id = o.order_id),
      'stockHold', (${hold})`;
}

/** A Money read back from the stored record (written by cartwright: a failure is a corrupt row). */
function moneyOf(value: unknown): Money {
  const money = moneyFromJSON(value);
  if (money === undefined) throw new Error(`cartwright postgres: a stored payment holds a malformed amount`);
  return money;
}

/** The stored payment record with its amounts as Money again. */
function paymentRecordOf(stored: PaymentRecord): PaymentRecord {
  return {
    ...stored,
    amount: moneyOf(stored.amount),
    captured: moneyOf(stored.captured),
    refunded: moneyOf(stored.refunded),
    moves: stored.moves.map(
      (move): PaymentMove => ({ ...move, amount: move.amount === null ? null : moneyOf(move.amount) }),
    ),
    ...(stored.refundLog === undefined || stored.refundLog === null
      ? {}
      : { refundLog: stored.refundLog.map((refund) => ({ ...refund, amount: moneyOf(refund.amount) })) }),
  };
}

/** The `payment` and `stockHold` keys of an order record: each present only when the order has one. */
export function paymentOfStored(stored: StoredPayment): Partial<Pick<OrderRecord, 'payment' | 'stockHold'>> {
  return {
    ...(stored.payment === null || stored.payment === undefined
      ? {}
      : { payment: paymentRecordOf(stored.payment) }),
    ...(stored.stockHold === null || stored.stockHold === undefined ? {} : { stockHold: stored.stockHold }),
  };
}
