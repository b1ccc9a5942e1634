/**
 * `cartwright`: the checkout engine's public surface — `createCheckout`, the pure `decide` and its step table,
 * domain types, errors, money, ports and the system adapters.
 * @module
 */

export * from './adapters/system/index.js';
export type { LineSubscription, PricedCartLine, PricedOption } from './domain/cart-line.js';
export type { CheckoutView } from './domain/checkout-view.js';
export { viewCheckout } from './domain/checkout-view.js';
export type * from './domain/commands.js';
export type { Decision } from './domain/decide.js';
export { decide } from './domain/decide.js';
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
} from './domain/errors.js';
export { CartwrightInvariantError, checkoutError, invariant, unavailable } from './domain/errors.js';
export type {
  CouponRedeemed,
  CouponReleased,
  DomainEvent,
  FraudFlagged,
  OrderPlaced,
  OrderStatusChanged,
  StockAdjusted,
} from './domain/events.js';
export type * from './domain/extension-config.js';
export type {
  AddressFacts,
  CheckoutFacts,
  CouponFacts,
  CustomerFacts,
  TaxFacts,
  ViewFacts,
} from './domain/facts.js';
export type { MessageCatalog, MessageId, MessageParams } from './domain/messages.js';
export { createMessages, defaultMessages, messageText } from './domain/messages.js';
export * from './domain/records/index.js';
export type { Offers, Recheck } from './domain/selections.js';
export { recheckSelections } from './domain/selections.js';
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
} from './domain/session.js';
export { createSession, isSessionExpired, sessionSchemaVersion } from './domain/session.js';
export type { MeasureClass, OrderStatus, StoreAddress, StoreSettings } from './domain/settings.js';
export type {
  Guard,
  GuardState,
  GuardTexts,
  Requirement,
  RequirementCondition,
  Selection,
  StepDefinition,
  StepName,
} from './domain/steps.js';
export { checkGuards, stepDiagram, stepOrder, steps } from './domain/steps.js';
export {
  type BuiltinTotalsOptions,
  type CreditHolder,
  type CreditSource,
  couponCalculator,
  createCouponCalculator,
  createCreditCalculator,
  createHandlingCalculator,
  createLowOrderFeeCalculator,
  createRewardCalculator,
  createTaxCalculator,
  createTotalCalculators,
  defaultTotalCalculators,
  presentTotals,
  rewardCalculator,
  runTotals,
  shippingCalculator,
  subTotalCalculator,
  taxCalculator,
  totalCalculator,
  withSortOrder,
} from './domain/totals/index.js';
export * from './engine/index.js';
export * from './extensions/index.js';
export { applyExtensionConfig, extensionConfigNames } from './input/extension-settings.js';
export {
  applyStoreConfig,
  checkStoreSettings,
  isExtensionSettingName,
  storeConfigNames,
} from './input/settings.js';
export * from './money/index.js';
export type * from './ports/index.js';
