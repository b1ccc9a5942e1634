/**
 * Every port: the interfaces adapters implement. Interfaces only; methods return plain Promises.
 * @module
 */
export type { ApiUserDirectory } from './api-user-directory.js';
export type { Catalog } from './catalog.js';
export type { Clock } from './clock.js';
export type { CouponDirectory } from './coupon-directory.js';
export type { CustomerDirectory } from './customer-directory.js';
export type { EventSink } from './event-sink.js';
export type { FraudCheck } from './fraud-check.js';
export type { GeoDirectory } from './geo-directory.js';
export type { IdGenerator, IdKind } from './id-generator.js';
export type { LoginAttempt, LoginThrottle, LoginThrottleLimits, ThrottleVerdict } from './login-throttle.js';
export type { Notifier, NotifierDelivery } from './notifier.js';
export type {
  HeldStock,
  HoldChange,
  HoldEnd,
  OrderPayments,
  PaymentMove,
  PaymentRecord,
  PaymentWrite,
  StockHold,
} from './order-payments.js';
export type {
  ClaimOrderOutcome,
  CreateOrderOutcome,
  HistoryWrite,
  IdempotencyClaim,
  IdempotencyClaims,
  OrderRepository,
  Redemption,
  StockMove,
  StockShortage,
  UpdateOrderOutcome,
  WriteOrderOutcome,
} from './order-repository.js';
export type {
  ClaimRequest,
  DeliveryClaim,
  DeliveryFailure,
  DeliveryState,
  DeliveryStatus,
  EventDataByType,
  EventDraft,
  EventMoney,
  EventOrderLine,
  EventType,
  Outbox,
  OutboxEvent,
  OutboxEventOf,
  RedeliverySelector,
} from './outbox.js';
export type { PaymentContext, PaymentMethod } from './payment-method.js';
export type {
  AuthorizeRequest,
  CaptureRequest,
  PaymentAction,
  PaymentCall,
  PaymentProvider,
  PaymentProviders,
  PaymentStatus,
  ProviderAnswer,
  ProviderEvent,
  ProviderPayment,
  ProviderRefusalCode,
  RefundRequest,
  RetrieveRequest,
  VoidRequest,
  WebhookVerdict,
} from './payment-provider.js';
export type { ReplayGuard } from './replay-guard.js';
export type { SaveOutcome, SessionLookup, SessionStore } from './session-store.js';
export type { ShippingContext, ShippingMethod } from './shipping-method.js';
export type { MoveStockOutcome, Stock } from './stock.js';
export type { TaxRates } from './tax-rates.js';
export type {
  TaxAmount,
  TotalCalculator,
  TotalLine,
  TotalsContext,
  TotalsState,
} from './total-calculator.js';
