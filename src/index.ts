/**
 * `cartwright`: the composition root `createCheckout({ store, settings?, extensions? })`, the checkout's types and
 * errors, money essentials and the neverthrow types its methods answer with. Stores come from
 * `cartwright/adapters/*`, the demo from `cartwright/demo`, the HTTP handler from `cartwright/http`; everything
 * else (decide, steps, operations, pricing, ports) is in `cartwright/core`, built-in extensions in
 * `cartwright/extensions`.
 * @module
 */

export { type Err, type Ok, type Result, ResultAsync } from 'neverthrow';
export { defineStore } from './adapters/store.js';
export { generateApiKey, hashApiKey } from './adapters/system/api-key-hash.js';
export {
  type Checkout,
  type CheckoutWiring,
  type CreateCheckoutOptions,
  createCheckout,
} from './compose/create-checkout.js';
export type {
  CheckoutError,
  CheckoutErrorKind,
  ConflictError,
  ExpiredError,
  FieldErrors,
  ForbiddenError,
  NotFoundError,
  PreconditionError,
  UnauthorizedError,
  UnavailableError,
  ValidationError,
} from './domain/errors.js';
export { CartwrightInvariantError } from './domain/errors.js';
export type { CartLine, CheckoutSession, SessionAddress } from './domain/machine/session.js';
export type { StoreSettings } from './domain/settings/settings.js';
export type { OpenedSession, OpenSessionInput } from './engine/checkout.js';
export type { RefundOptions } from './engine/payment-refund.js';
export type { ConfirmOptions } from './engine/run-confirm.js';
export type { SessionTarget } from './engine/session-access.js';
export type { Extensions } from './extensions/builtin-extensions.js';
export { type Currency, formatMoney, type Money, money, type RoundingMode } from './money/index.js';
export type {
  CartTotals,
  CheckoutSummary,
  ConfirmResult,
  PaymentMethodsResult,
  ShippingMethodsResult,
  StepResult,
  SummaryResult,
} from './operations/answers.js';
export type { ApiKeyVerifier, CheckoutAccess } from './ports/access.js';
export type { CheckoutStore, StoreLayer, StorePorts } from './ports/store.js';
