/**
 * The engine: `createCheckout` and its option, request and result types.
 * @module
 */

export type { Checkout, OpenedSession, OpenSessionInput } from './checkout.js';
export type { ConfirmOptions, ConfirmResult } from './confirm.js';
export type { CheckoutDeps, CheckoutLogger, CheckoutOptions } from './context.js';
export { defaultSessionTtlSeconds } from './context.js';
export { createCheckout } from './create-checkout.js';
export type {
  CheckoutSummary,
  PaymentMethodsResult,
  QuotedShipping,
  ShippingMethodOffer,
  ShippingMethodsResult,
  StepResult,
  SummaryResult,
} from './outputs.js';
export type { ManufacturerListEntry, ManufacturerPage, ProductPage } from './queries.js';
export type * from './requests.js';
