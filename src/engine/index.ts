/**
 * The engine: `createCheckout` and its public types.
 * @module
 */
export type {
  Checkout,
  OpenedSession,
  OpenSessionInput,
  OperationMethod,
  OperationMethods,
  OperationName,
  OperationNamed,
  PaymentEntries,
  SessionMethods,
} from './checkout.js';
export type { CheckoutDeps, CheckoutLogger, CheckoutOptions, ContentionPolicy } from './context.js';
export { defaultContentionPolicy, defaultSessionTtlSeconds } from './context.js';
export { createCheckout } from './create-checkout.js';
export {
  createDispatcher,
  type Dispatcher,
  type DispatcherLogger,
  type DispatcherOptions,
} from './dispatcher.js';
export { createNotifierSink, type NotifierSinkOptions } from './notifier-sink.js';
export { ordersWithStock } from './orders-with-stock.js';
export type { WebhookOutcome } from './payment-complete.js';
export type { RefundOptions } from './payment-refund.js';
export type { SweepReport } from './payment-sweep.js';
export type { ConfirmOptions } from './run-confirm.js';
export type { SessionTarget } from './session-access.js';
