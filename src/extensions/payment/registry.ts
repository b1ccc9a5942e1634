/**
 * The payment providers of a checkout, by payment method code: the offline methods by default, the host's own
 * beside them (or in their place), each with its deadline.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import type { PaymentProvider, PaymentProviders } from '../../ports/payment-provider.js';
import { createOfflinePaymentProviders } from './offline-provider.js';
import { type PaymentDeadlineOptions, withPaymentDeadline } from './provider-deadline.js';

/** Options of {@link createPaymentProviders}. */
export interface PaymentProvidersOptions extends PaymentDeadlineOptions {
  /** Leave out the offline methods' providers (cod, free_checkout, cheque, bank_transfer); default false. */
  readonly withoutOffline?: boolean | undefined;
}

/**
 * The providers `createCheckout` takes as `paymentProviders`: the offline methods' (registered by default) and
 * `providers`, the host's own, one per payment method code (a host provider of an offline method's code takes
 * its place). Every provider answers within its deadline (`withPaymentDeadline`, default 20 s).
 *
 * Confirm opens a payment, holds the order's stock and asks for authorization only for the host's providers: an
 * order paid by an offline method is placed as OpenCart places it, with OpenCart's answer.
 *
 * @throws CartwrightInvariantError when two of `providers` serve one code, or a deadline is malformed.
 */
export function createPaymentProviders(
  providers: readonly PaymentProvider[] = [],
  options: PaymentProvidersOptions = {},
): PaymentProviders {
  const deadline = { deadlineMs: options.deadlineMs };
  const all = new Map<string, PaymentProvider>();
  if (options.withoutOffline !== true) {
    for (const provider of Object.values(createOfflinePaymentProviders())) {
      all.set(provider.code, withPaymentDeadline(provider, deadline));
    }
  }
  const own = new Map<string, PaymentProvider>();
  for (const provider of providers) {
    if (own.has(provider.code)) {
      throw new CartwrightInvariantError(`createPaymentProviders: two providers serve ${provider.code}`);
    }
    const wrapped = withPaymentDeadline(provider, deadline);
    own.set(provider.code, wrapped);
    all.set(provider.code, wrapped);
  }
  return {
    get: (code) => all.get(code),
    atConfirm: (code) => own.get(code),
  };
}
