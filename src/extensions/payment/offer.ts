/**
 * What the built-in payment methods share: the optional text a host may translate, the geo-zone test on the
 * payment address, and the one-option offer they all answer.
 * @module
 */
import { appliesInGeoZone } from '../../domain/address/geo-zone.js';
import type { PaymentMethodOffer } from '../../domain/machine/session.js';
import type { PaymentContext } from '../../ports/payment-method.js';

/**
 * The text of a payment method. {@link PaymentContext} carries no message catalogue, so the built-ins answer
 * OpenCart's en-gb name unless the host passes its own here (one method object per language if the store speaks
 * several).
 */
export interface PaymentNames {
  /** The method's name, also its one option's name (OpenCart `heading_title`), e.g. `Cash On Delivery`. */
  readonly name?: string;
}

/**
 * Whether a method limited to `geoZoneId` serves the context's payment address. 0 serves everyone, with or
 * without an address. Otherwise the payment address must be in the geo zone, whether or not the store requires
 * one (`config_checkout_payment_address`): OpenCart skips the geo-zone limit whenever the address is not
 * required, which offers a zone-limited method to anyone. Without a payment address a limited
 * method is not offered, since nothing shows where the customer is.
 */
export function servesPaymentAddress(geoZoneId: number, context: PaymentContext): boolean {
  if (geoZoneId === 0) return true;
  if (context.paymentAddress === null) return false;
  return appliesInGeoZone(geoZoneId, context.geoZones, context.paymentAddress);
}

/** The offer `{ code, name, option: { <code>: { code: '<code>.<code>', name } }, sortOrder }`. */
export function singleOptionOffer(code: string, name: string, sortOrder: number): PaymentMethodOffer {
  return { code, name, option: { [code]: { code: `${code}.${code}`, name } }, sortOrder };
}
