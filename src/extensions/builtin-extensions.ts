/**
 * `builtinExtensions(config)`: every built-in shipping method, payment method and total calculator the
 * store's extension settings switch on, in the shape `createCheckout({ extensions })` takes.
 * @module
 */
import { createTotalCalculators } from '../domain/pricing/totals/builtins.js';
import type { ExtensionConfig } from '../domain/settings/extension-config.js';
import type { FraudCheck } from '../ports/fraud-check.js';
import type { PaymentMethod } from '../ports/payment-method.js';
import type { ShippingMethod } from '../ports/shipping-method.js';
import type { TotalCalculator } from '../ports/total-calculator.js';
import { createPaymentMethods } from './payment/index.js';
import { createShippingMethods } from './shipping/index.js';

/** The extensions a checkout offers: each list replaces the store's default for it. */
export interface Extensions {
  /** Shipping methods on offer, by code. */
  readonly shippingMethods?: readonly ShippingMethod[] | undefined;
  /** Payment methods on offer, by code. */
  readonly paymentMethods?: readonly PaymentMethod[] | undefined;
  /** The totals pipeline, run in sort order. */
  readonly totalCalculators?: readonly TotalCalculator[] | undefined;
  /** Consulted when an order enters the processing or complete statuses; none by default. */
  readonly fraudChecks?: readonly FraudCheck[] | undefined;
}

/**
 * The built-in extensions `config` enables (flat, free, item, weight and pickup shipping; free_checkout,
 * bank_transfer, cheque and cod; OpenCart's total calculators), each configured as the settings say.
 *
 * @example
 * ```ts
 * const extensions = { ...builtinExtensions(snapshot.extensions), fraudChecks: [myCheck] };
 * ```
 */
export function builtinExtensions(config: ExtensionConfig): Required<Omit<Extensions, 'fraudChecks'>> {
  return {
    shippingMethods: createShippingMethods(config.shipping),
    paymentMethods: createPaymentMethods(config.payment),
    totalCalculators: createTotalCalculators(config.totals),
  };
}
