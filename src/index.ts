/**
 * `cartwright`: the checkout engine's public surface — domain types, errors, money, ports and the system
 * adapters. The engine (`createCheckout`) arrives with the engine issues.
 * @module
 */

export * from './adapters/system/index.js';
export type { LineSubscription, PricedCartLine, PricedOption } from './domain/cart-line.js';
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
export type { MessageCatalog, MessageId, MessageParams } from './domain/messages.js';
export { createMessages, defaultMessages, messageText } from './domain/messages.js';
export * from './domain/records/index.js';
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
export { applyStoreConfig, checkStoreSettings, storeConfigNames } from './input/settings.js';
export * from './money/index.js';
export type * from './ports/index.js';
