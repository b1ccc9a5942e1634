/**
 * The engine's public interface: one method per operation of the seed, each a `ResultAsync<Output, CheckoutError>`.
 * `createCheckout` (create-checkout.ts) makes one.
 * @module
 */
import type { ResultAsync } from 'neverthrow';
import type { PricedCartLine } from '../domain/cart-line.js';
import type { CheckoutError } from '../domain/errors.js';
import type { Manufacturer } from '../domain/records/catalog.js';
import type { OrderRecord } from '../domain/records/order.js';
import type { CheckoutSession } from '../domain/session.js';
import type { TotalLine } from '../ports/total-calculator.js';
import type { ConfirmOptions, ConfirmResult } from './confirm.js';
import type {
  CheckoutSummary,
  PaymentMethodsResult,
  ShippingMethodsResult,
  StepResult,
  SummaryResult,
} from './outputs.js';
import type { ManufacturerPage, ProductPage } from './queries.js';
import type {
  AffiliateRequest,
  CartItemRequest,
  CartRemoveRequest,
  CartRequest,
  CartUpdateRequest,
  ConfirmRequest,
  CouponRequest,
  CurrencyRequest,
  CustomerRequest,
  HistoryRequest,
  ListRequest,
  ManufacturerRequest,
  OrderInfoRequest,
  PaymentAddressRequest,
  PaymentMethodRequest,
  ProductListRequest,
  RewardRequest,
  ShippingAddressRequest,
  ShippingMethodRequest,
} from './requests.js';

/** What opening a session needs. */
export interface OpenSessionInput {
  /** The API user the session belongs to (the HTTP layer authenticates it). */
  readonly apiUserId: number;
  /** One of the store's currencies; default the store currency. */
  readonly currency?: string | undefined;
  /** Default the store language. */
  readonly language?: string | undefined;
}

/** A new session. */
export interface OpenedSession {
  /** The session id (a secret: it is the client's credential for the session). */
  readonly sessionId: string;
  readonly expiresAt: string;
}

/** The checkout engine: one method per operation, each on a session id. */
export interface Checkout {
  /** Opens a new, empty session for an API user. */
  openSession(input: OpenSessionInput): ResultAsync<OpenedSession, CheckoutError>;
  /** Ends a session (logout); later calls with its id are `unauthorized`. */
  closeSession(sessionId: string): ResultAsync<void, CheckoutError>;
  /**
   * The stored session without sliding its expiry: for a host that checks access (API user, IP) before the
   * request counts as successful. `unauthorized` when missing, `expired` when its time ran out.
   */
  findSession(sessionId: string): ResultAsync<CheckoutSession, CheckoutError>;
  /** The stored session, as a plain object (slides its expiry). */
  getSession(sessionId: string): ResultAsync<CheckoutSession, CheckoutError>;
  /** Seed step 1: sets the customer (and logs the matching account in by e-mail). */
  setCustomer(sessionId: string, request: CustomerRequest): ResultAsync<StepResult, CheckoutError>;
  /** Seed step 2, `route=api/cart`: adds several products, all or nothing. */
  addProducts(sessionId: string, request: CartRequest): ResultAsync<StepResult, CheckoutError>;
  /** Seed step 2, `route=api/cart/addProduct`: adds one product. */
  addProduct(sessionId: string, request: CartItemRequest): ResultAsync<StepResult, CheckoutError>;
  /** Sets a cart line's quantity (0 or less removes it); an unknown `cart_id` is `not_found`. */
  updateCartLine(sessionId: string, request: CartUpdateRequest): ResultAsync<StepResult, CheckoutError>;
  /** Removes a cart line; an unknown `cart_id` is `not_found`. */
  removeCartLine(sessionId: string, request: CartRemoveRequest): ResultAsync<StepResult, CheckoutError>;
  /**
   * The seed's cart products query: the priced lines under the seed's field names, amounts exact Money (net, in
   * the store's default currency) and measures decimal strings, plus `points` and `shipping`; the subscription
   * has no `*_text` fields. The HTTP edge presents exactly the seed's fields (see `PricedCartLine`).
   */
  getProducts(sessionId: string): ResultAsync<readonly PricedCartLine[], CheckoutError>;
  /** The seed's cart totals query: total lines in the session currency, rounded; `total` is their sum. */
  getTotals(sessionId: string): ResultAsync<readonly TotalLine[], CheckoutError>;
  /**
   * The cart lines and totals of `getProducts` and `getTotals` at once, without sliding the session's expiry:
   * what a refused request (a failed confirm) shows next to its error, since a refused request never keeps a
   * session alive.
   */
  viewCart(sessionId: string): ResultAsync<CheckoutSummary, CheckoutError>;
  /** Seed step 3: the payment address. */
  setPaymentAddress(
    sessionId: string,
    request: PaymentAddressRequest,
  ): ResultAsync<StepResult, CheckoutError>;
  /** Seed step 4: the shipping address (refused when the cart does not ship). */
  setShippingAddress(
    sessionId: string,
    request: ShippingAddressRequest,
  ): ResultAsync<StepResult, CheckoutError>;
  /** Seed step 5, `shipping_methods`: quotes every shipping method and stores the quotes in the session. */
  getShippingMethods(sessionId: string): ResultAsync<ShippingMethodsResult, CheckoutError>;
  /** Seed step 5, `shipping_method`: chooses a quoted code; the quote's own cost and tax class are used. */
  setShippingMethod(
    sessionId: string,
    request: ShippingMethodRequest,
  ): ResultAsync<SummaryResult, CheckoutError>;
  /** Seed step 6, `payment_methods`: lists the payment methods on offer and stores them in the session. */
  getPaymentMethods(sessionId: string): ResultAsync<PaymentMethodsResult, CheckoutError>;
  /** Seed step 6, `payment_method`: chooses an offered method (`cod` or `cod.cod`). */
  setPaymentMethod(
    sessionId: string,
    request: PaymentMethodRequest,
  ): ResultAsync<SummaryResult, CheckoutError>;
  /** `call=extension&code=coupon`: applies a coupon code (`''` removes it). */
  setCoupon(sessionId: string, request: CouponRequest): ResultAsync<SummaryResult, CheckoutError>;
  /** `call=extension&code=reward`: spends the logged-in customer's reward points (0 removes them). */
  setReward(sessionId: string, request: RewardRequest): ResultAsync<SummaryResult, CheckoutError>;
  /** `call=affiliate`: sets the affiliate the commission goes to (0 removes it). */
  setAffiliate(sessionId: string, request: AffiliateRequest): ResultAsync<StepResult, CheckoutError>;
  /**
   * Seed step 7: checks every step, then writes the order and its first history entry in one transaction. The
   * same idempotency key and payload, or the same unchanged session, answer the same order.
   */
  confirm(
    sessionId: string,
    request: ConfirmRequest,
    options?: ConfirmOptions,
  ): ResultAsync<ConfirmResult, CheckoutError>;
  /** `history_add`: appends a status change to an order, moving stock and ledgers as the statuses say. */
  addHistory(sessionId: string, request: HistoryRequest): ResultAsync<StepResult, CheckoutError>;
  /** `api/order/info` (DECISIONS 36): a stored order with its history, or `not_found`. */
  getOrder(sessionId: string, request: OrderInfoRequest): ResultAsync<OrderRecord, CheckoutError>;
  /** Switches the session to another of the store's currencies. */
  setCurrency(sessionId: string, request: CurrencyRequest): ResultAsync<StepResult, CheckoutError>;
  /** The seed's get manufacturer: the full record, or `not_found`. */
  getManufacturer(sessionId: string, request: ManufacturerRequest): ResultAsync<Manufacturer, CheckoutError>;
  /** The seed's get manufacturers and get total manufacturers, as one page and its total. */
  getManufacturers(sessionId: string, request: ListRequest): ResultAsync<ManufacturerPage, CheckoutError>;
  /** The seed's get total manufacturers. */
  getTotalManufacturers(sessionId: string): ResultAsync<number, CheckoutError>;
  /** The seed's get products (the catalog list) and get total products, as one page and its total. */
  listProducts(sessionId: string, request: ProductListRequest): ResultAsync<ProductPage, CheckoutError>;
  /** The seed's get total products for the same filters. */
  getTotalProducts(sessionId: string, request: ProductListRequest): ResultAsync<number, CheckoutError>;
}
