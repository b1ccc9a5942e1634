/**
 * The built-in payment methods (free_checkout, bank_transfer, cheque, cod) as {@link PaymentMethod} ports, made
 * from the store's extension settings. Register them as `CheckoutDeps.paymentMethods`, alone or beside the host's
 * own.
 * @module
 */
import type { PaymentExtensionsConfig } from '../../domain/settings/extension-config.js';
import type { PaymentMethod } from '../../ports/payment-method.js';
import { createBankTransferPayment } from './bank-transfer.js';
import { createChequePayment } from './cheque.js';
import { createCodPayment } from './cod.js';
import { createFreeCheckoutPayment } from './free-checkout.js';
import type { PaymentNames } from './offer.js';

export { createBankTransferPayment } from './bank-transfer.js';
export { createChequePayment } from './cheque.js';
export { createCodPayment } from './cod.js';
export { createFreeCheckoutPayment } from './free-checkout.js';
export type { PaymentNames } from './offer.js';
export {
  createOfflinePaymentProvider,
  createOfflinePaymentProviders,
  type OfflineAuthorization,
} from './offline-provider.js';
export { type PaymentDeadlineOptions, withPaymentDeadline } from './provider-deadline.js';
export { createPaymentProviders, type PaymentProvidersOptions } from './registry.js';

/** Translated names for the built-in payment methods, by method code; a method left out keeps OpenCart's en-gb. */
export interface PaymentMethodNames {
  readonly free_checkout?: PaymentNames;
  readonly bank_transfer?: PaymentNames;
  readonly cheque?: PaymentNames;
  readonly cod?: PaymentNames;
}

/**
 * Every built-in payment method, made from `config`: free_checkout, bank_transfer, cheque and cod, in that
 * order. A method switched off is still in the list and offers nothing, so the list is the same for every store;
 * the engine sorts the offers it gets by their sort order.
 *
 * @param config - the store's payment settings (the memory adapter keeps them at `data.extensions.payment`).
 * @param names - translated names, per method.
 */
export function createPaymentMethods(
  config: PaymentExtensionsConfig,
  names: PaymentMethodNames = {},
): PaymentMethod[] {
  return [
    createFreeCheckoutPayment(config.free_checkout, names.free_checkout),
    createBankTransferPayment(config.bank_transfer, names.bank_transfer),
    createChequePayment(config.cheque, names.cheque),
    createCodPayment(config.cod, names.cod),
  ];
}
