/**
 * `bank_transfer`: the customer pays by bank transfer (OpenCart `extension/opencart/payment/bank_transfer`).
 * @module
 */
import type { BankTransferConfig } from '../../domain/settings/extension-config.js';
import type { PaymentMethod } from '../../ports/payment-method.js';
import { type PaymentNames, servesPaymentAddress, singleOptionOffer } from './offer.js';

/**
 * Bank transfer: option `bank_transfer.bank_transfer` ("Bank Transfer"), offered unless the cart holds a
 * subscription (a one-off transfer cannot take the later payments), as OpenCart. No offer (null) when the method
 * is off, or when the payment address is outside `config.geoZoneId` (see {@link servesPaymentAddress}: checked even
 * when the store does not require a payment address, unlike OpenCart; without an address only geo zone 0
 * applies). `config.instructions` is not part of the offer: it is for the order confirmation.
 *
 * @param config - the store's `payment_bank_transfer_*` settings.
 * @param names - the name, for a host that translates; OpenCart's en-gb text by default.
 */
export function createBankTransferPayment(
  config: BankTransferConfig,
  names: PaymentNames = {},
): PaymentMethod {
  const name = names.name ?? 'Bank Transfer';
  return {
    code: 'bank_transfer',
    offer(context) {
      const applies =
        config.status && !context.hasSubscription && servesPaymentAddress(config.geoZoneId, context);
      return applies ? singleOptionOffer('bank_transfer', name, config.sortOrder) : null;
    },
  };
}
