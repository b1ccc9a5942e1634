/**
 * The shipping-method extension port.
 * @module
 */

import type { SessionAddress, ShippingQuoteGroup } from '../domain/machine/session.js';
import type { GeoZone } from '../domain/records/geo.js';
import type { StoreSettings } from '../domain/settings/settings.js';
import type { Money } from '../money/index.js';

/** What a shipping method may base its quote on. Amounts are in the default currency, net of tax. */
export interface ShippingContext {
  readonly address: SessionAddress;
  /** Every geo zone, for matching the address against a method's zone. */
  readonly geoZones: readonly GeoZone[];
  readonly subTotal: Money;
  /** Units of the lines that ship. */
  readonly shippableQuantity: number;
  /** Weight of the lines that ship, in the store's weight class; decimal string. */
  readonly weight: string;
  readonly settings: StoreSettings;
}

/**
 * One shipping method (flat, free, item, weight, pickup, or the host's own), registered by `code`.
 * Contract: `quote` answers the method's quote group for the context, or null when the method does not apply
 * (disabled, address outside its geo zone, cart below its minimum). Quote codes are `<code>.<quote>`, costs in
 * the default currency; the answer is plain data (the session stores it), the same for the same context, which
 * it leaves as it was. A failed service rejects rather than answering null. `describeShippingMethodContract` in
 * `cartwright/testing` checks every point.
 */
export interface ShippingMethod {
  readonly code: string;
  /** The quote group for the context, or null when the method does not apply. */
  quote(context: ShippingContext): Promise<ShippingQuoteGroup | null>;
}
