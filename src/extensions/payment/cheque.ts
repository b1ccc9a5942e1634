/**
 * `cheque`: the customer pays by cheque or money order (OpenCart `extension/opencart/payment/cheque`).
 * @module
 */
import type { ChequeConfig } from '../../domain/settings/extension-config.js';
import type { PaymentMethod } from '../../ports/payment-method.js';
import { type PaymentNames, servesPaymentAddress, singleOptionOffer } from './offer.js';

/**
 * Cheque or money order: option `cheque.cheque` ("Cheque / Money Order"), offered unless the cart holds a
 * subscription (one cheque cannot pay the later instalments), as OpenCart. No offer (null) when the method is off,
 * or when the payment address is outside `config.geoZoneId` (see {@link servesPaymentAddress}: checked even when
 * the store does not require a payment address, unlike OpenCart; without an address only geo zone 0 applies).
 * `config.payable` is not part of the offer: it is for the order confirmation.
 *
 * @param config - the store's `payment_cheque_*` settings.
 * @param names - the name, for a host that translates; OpenCart's en-gb text by default.
 */
export function createChequePayment(config: ChequeConfig, names: PaymentNames = {}): PaymentMethod {
  const name = names.name ?? 'Cheque / Money Order';
  return {
    code: 'cheque',
    offer(context) {
      const applies =
        config.status && !context.hasSubscription && servesPaymentAddress(config.geoZoneId, context);
      return applies ? singleOptionOffer('cheque', name, config.sortOrder) : null;
    },
  };
}
