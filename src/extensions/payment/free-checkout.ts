/**
 * `free_checkout`: nothing to pay (OpenCart `extension/opencart/payment/free_checkout`).
 * @module
 */
import type { PaymentConfig } from '../../domain/settings/extension-config.js';
import { isPositive, round } from '../../money/index.js';
import type { PaymentContext, PaymentMethod } from '../../ports/payment-method.js';
import { type PaymentNames, servesPaymentAddress, singleOptionOffer } from './offer.js';

/**
 * Whether the order leaves nothing to collect: its exact total, rounded as the total line is (the total's
 * currency's decimal places and the store's rounding mode; unrounded when the currency is not listed), is zero or
 * below. OpenCart tests the float `total <= 0`; rounding first keeps a total that shows as `0.00` (an exact
 * remainder below half a cent) from being offered only methods that collect nothing. A negative total also
 * counts, as OpenCart, since there is still nothing to collect.
 */
function nothingToPay(context: PaymentContext): boolean {
  const currency = context.settings.currencies.find((c) => c.code === context.total.currency);
  const total =
    currency === undefined
      ? context.total
      : round(context.total, currency.decimalPlaces, context.settings.roundingMode);
  return !isPositive(total);
}

/**
 * Free checkout: option `free_checkout.free_checkout` ("Free Checkout"), offered only when the order total is
 * zero (see `nothingToPay`: zero at the currency's decimal places, or below), as OpenCart. No offer (null) when
 * the method is off or the payment address is outside `config.geoZoneId` (OpenCart's free checkout has no geo
 * zone setting; the config has one, and it is honoured like the other methods', geo zone 0 meaning everyone).
 * A cart with a subscription is not refused, as OpenCart: a zero total (a full discount) is still nothing to pay.
 *
 * @param config - the store's `payment_free_checkout_*` settings.
 * @param names - the name, for a host that translates; OpenCart's en-gb text by default.
 */
export function createFreeCheckoutPayment(config: PaymentConfig, names: PaymentNames = {}): PaymentMethod {
  const name = names.name ?? 'Free Checkout';
  return {
    code: 'free_checkout',
    offer(context) {
      const applies =
        config.status && nothingToPay(context) && servesPaymentAddress(config.geoZoneId, context);
      return applies ? singleOptionOffer('free_checkout', name, config.sortOrder) : null;
    },
  };
}
