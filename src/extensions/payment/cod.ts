/**
 * `cod`: cash on delivery (OpenCart `extension/opencart/payment/cod`).
 * @module
 */
import type { PaymentConfig } from '../../domain/settings/extension-config.js';
import type { PaymentMethod } from '../../ports/payment-method.js';
import { type PaymentNames, servesPaymentAddress, singleOptionOffer } from './offer.js';

/**
 * Cash on delivery: option `cod.cod` ("Cash On Delivery"), offered only when the cart ships (there is no
 * delivery to pay on otherwise) and holds no subscription (a courier collects once; later payments could not be
 * taken), as OpenCart. No offer (null) when the method is off, or when the payment address is outside
 * `config.geoZoneId` (see {@link servesPaymentAddress}: checked even when the store does not require a payment
 * address, unlike OpenCart; without an address only geo zone 0 applies). OpenCart's leftover
 * `payment_cod_total` minimum is not read by 4.x and has no setting here.
 *
 * @param config - the store's `payment_cod_*` settings.
 * @param names - the name, for a host that translates; OpenCart's en-gb text by default.
 */
export function createCodPayment(config: PaymentConfig, names: PaymentNames = {}): PaymentMethod {
  const name = names.name ?? 'Cash On Delivery';
  return {
    code: 'cod',
    offer(context) {
      const applies =
        config.status &&
        !context.hasSubscription &&
        context.cartShips &&
        servesPaymentAddress(config.geoZoneId, context);
      return applies ? singleOptionOffer('cod', name, config.sortOrder) : null;
    },
  };
}
