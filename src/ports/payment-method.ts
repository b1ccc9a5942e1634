/**
 * The payment-method extension port.
 * @module
 */

import type { PaymentMethodOffer, SessionAddress } from '../domain/machine/session.js';
import type { GeoZone } from '../domain/records/geo.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import type { Money } from '../money/index.js';

/** What a payment method may base its offer on. */
export interface PaymentContext {
  readonly paymentAddress: SessionAddress | null;
  readonly geoZones: readonly GeoZone[];
  readonly cartShips: boolean;
  readonly hasSubscription: boolean;
  /** The order total in the default currency, after every total line. */
  readonly total: Money;
  readonly settings: StoreSettings;
}

/**
 * One payment method (cod, bank_transfer, cheque, free_checkout, or the host's own), registered by `code`.
 * Contract: `offer` answers the method with its options (`<code>.<option>`), or null when it does not apply; the
 * answer is plain data (the session stores it), the same for the same context, which it leaves as it was. A
 * failed service rejects rather than answering null. `describePaymentMethodContract` in `cartwright/testing`
 * checks every point.
 */
export interface PaymentMethod {
  readonly code: string;
  /** The method as offered for the context, or null when it does not apply. */
  offer(context: PaymentContext): Promise<PaymentMethodOffer | null>;
}
