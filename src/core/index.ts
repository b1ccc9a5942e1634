/**
 * `cartwright/core`: for hosts that drive the machine themselves — the engine over ports (`createEngine`), the
 * pure `decide` and its step table, the operations list, pricing and totals, the session, settings parsers,
 * domain records and events, every port's interface, money in full, the system clock and ids.
 * @module
 */

export { defineStore } from '../adapters/store.js';
export * from '../adapters/system/index.js';
export type { LineOption, LineSubscription, PricedCartLine } from '../domain/cart/line.js';
export type {
  CheckoutError,
  CheckoutErrorKind,
  ConflictError,
  ExpiredError,
  FieldErrors,
  ForbiddenError,
  NotFoundError,
  PortName,
  PreconditionError,
  UnauthorizedError,
  UnavailableError,
  ValidationError,
} from '../domain/errors.js';
export { CartwrightInvariantError, checkoutError, invariant, unavailable } from '../domain/errors.js';
export * from '../domain/events/index.js';
export type * from '../domain/machine/commands.js';
export type { Decision, StepOperation, StepRule } from '../domain/machine/decide.js';
export { decide, guardState } from '../domain/machine/decide.js';
export type {
  CouponRedeemed,
  CouponReleased,
  DomainEvent,
  FraudFlagged,
  OrderPlaced,
  OrderStatusChanged,
  StockAdjusted,
} from '../domain/machine/events.js';
export type {
  AddressFacts,
  CheckoutFacts,
  CouponFacts,
  CustomerFacts,
  TaxFacts,
  ViewFacts,
} from '../domain/machine/facts.js';
export type { Offers, Recheck } from '../domain/machine/selections.js';
export { paymentStepStands, recheckSelections } from '../domain/machine/selections.js';
export type {
  CartLine,
  CartOptionValue,
  CheckoutSession,
  ChosenPaymentMethod,
  LastOrder,
  NewSessionInput,
  PaymentMethodOffer,
  SessionAddress,
  SessionCustomer,
  ShippingQuote,
  ShippingQuoteGroup,
} from '../domain/machine/session.js';
export { createSession, isSessionExpired, sessionSchemaVersion } from '../domain/machine/session.js';
export type {
  Guard,
  GuardState,
  GuardStateSource,
  GuardTexts,
  Requirement,
  RequirementCondition,
  Selection,
  StepDefinition,
  StepName,
} from '../domain/machine/steps.js';
export { checkGuards, guardPasses, stepDiagram, stepOrder, steps } from '../domain/machine/steps.js';
export type { MessageCatalog, MessageId, MessageParams } from '../domain/messages.js';
export { createMessages, defaultMessages, messageText } from '../domain/messages.js';
export type {
  AppendHistory,
  AskRefund,
  ClaimOrder,
  DeliverEvents,
  Effect,
  RecordOrder,
  SlideExpiry,
  TakePayment,
  WriteOrder,
  WritePayment,
} from '../domain/order/effects.js';
export type { HistoryPaymentCall, HistoryPaymentMove } from '../domain/order/history-payment.js';
export {
  canMovePayment,
  movePayment,
  nextAttempt,
  openPayment,
  type PaymentChange,
  type PaymentKeyParts,
  type PaymentOperation,
  type PaymentRefund,
  type PaymentRefusal,
  paymentDiagram,
  paymentIdempotencyKey,
  paymentMoves,
  paymentStatuses,
  type Reconciled,
  reconcilePayment,
} from '../domain/payment/index.js';
export type { CheckoutView } from '../domain/pricing/checkout.js';
export { viewCheckout } from '../domain/pricing/checkout.js';
export type { Pricing, PricingFacts } from '../domain/pricing/pricing.js';
export { createPricing } from '../domain/pricing/pricing.js';
export {
  type CreditHolder,
  type CreditSource,
  defaultTotalCalculators,
  presentTotals,
  runTotals,
  withSortOrder,
} from '../domain/pricing/totals/index.js';
export { type DigestLine, type DigestTotal, totalsDigest } from '../domain/pricing/totals-digest.js';
export * from '../domain/records/index.js';
export type * from '../domain/settings/extension-config.js';
export { applyExtensionConfig, extensionConfigNames } from '../domain/settings/extension-settings.js';
export {
  applyStoreConfig,
  checkStoreSettings,
  isExtensionSettingName,
  storeConfigNames,
} from '../domain/settings/parse.js';
export type { MeasureClass, OrderStatus, StoreAddress, StoreSettings } from '../domain/settings/settings.js';
export type {
  Checkout as Engine,
  OpenedSession,
  OpenSessionInput,
  OperationMethod,
  OperationMethods,
  OperationName,
  OperationNamed,
  SessionMethods,
} from '../engine/checkout.js';
export type { CheckoutDeps, CheckoutLogger, CheckoutOptions, ContentionPolicy } from '../engine/context.js';
export { defaultContentionPolicy, defaultSessionTtlSeconds } from '../engine/context.js';
/** The engine over the host's ports, without a store or access rules (the composition root wraps it). */
export { createCheckout as createEngine } from '../engine/create-checkout.js';
export {
  createDispatcher,
  type Dispatcher,
  type DispatcherLogger,
  type DispatcherOptions,
} from '../engine/dispatcher.js';
export { createNotifierSink, type NotifierSinkOptions } from '../engine/notifier-sink.js';
export { ordersWithStock } from '../engine/orders-with-stock.js';
export type { RefundOptions } from '../engine/payment-refund.js';
export type { ConfirmOptions } from '../engine/run-confirm.js';
export type { SessionTarget } from '../engine/session-access.js';
export * from '../money/index.js';
export type * from '../operations/answers.js';
export type { AnyForm, Form, FormField, FormFields, FormInput, FormOutput } from '../operations/form.js';
export type { Operation, OperationOf, RequestOf, ResultOf } from '../operations/index.js';
export { operations } from '../operations/index.js';
export type {
  ConfirmDescriptor,
  FactPlan,
  HistoryDescriptor,
  HttpBinding,
  LookupDescriptor,
  LookupSource,
  OperationDescriptor,
  OperationRoute,
  StepDescriptor,
  ViewDescriptor,
} from '../operations/operation.js';
export type * from '../operations/requests.js';
export type { CheckoutAccess, SignedRequestAccess } from '../ports/access.js';
export type * from '../ports/index.js';
export type {
  CheckoutStore,
  StoreContext,
  StoreDefinition,
  StoreLayer,
  StorePortName,
  StorePorts,
} from '../ports/store.js';
