/**
 * An order's payment in the wire's shape.
 * @module
 */

import type { Currency } from '../money/index.js';
import { findCurrency, type Money, round } from '../money/index.js';
import type { PaymentSummary } from '../operations/answers.js';
import type { PaymentJson } from './wire/payment.js';

/** An exact amount as a plain decimal with its currency's places (`"10.50"`, `"1000"` yen). */
function plain(value: Money, currencies: readonly Currency[]): string {
  const places = findCurrency(currencies, value.currency)?.decimalPlaces ?? 2;
  const [whole = '0', fraction = ''] = round(value, places).amount.split('.');
  return places === 0 ? whole : `${whole}.${fraction.padEnd(places, '0').slice(0, places)}`;
}

/**
 * `{ status }`, with `action` while the customer must act, and the money taken and given back (with its currency)
 * when the call reports them (`payment_refund`).
 */
export function presentPayment(payment: PaymentSummary, currencies: readonly Currency[] = []): PaymentJson {
  const action =
    payment.action === null ? {} : { action: { type: payment.action.type, url: payment.action.url } };
  const { captured, refunded } = payment;
  const amounts =
    captured === undefined || refunded === undefined
      ? {}
      : {
          currency: captured.currency,
          captured: plain(captured, currencies),
          refunded: plain(refunded, currencies),
        };
  return { status: payment.status, ...action, ...amounts };
}
