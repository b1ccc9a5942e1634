/**
 * `createCheckout(deps, options)`: the engine's public face. One method per operation of the seed, each returning
 * a `ResultAsync<Output, CheckoutError>`: nothing throws across it (a programmer bug alone throws, as
 * `CartwrightInvariantError`).
 * @module
 */
import { err, errAsync, ok, type ResultAsync } from 'neverthrow';
import type { PricedCartLine } from '../domain/cart-line.js';
import type { CheckoutCommand } from '../domain/commands.js';
import { type CheckoutError, checkoutError, invariant } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import type { Manufacturer } from '../domain/records/catalog.js';
import type { OrderRecord } from '../domain/records/order.js';
import { type CheckoutSession, createSession } from '../domain/session.js';
import { parsePaymentAddress, parseShippingAddress } from '../input/address.js';
import { parseCartAdd, parseCartAddProduct, parseCartRemove, parseCartUpdate } from '../input/cart.js';
import {
  parseManufacturerId,
  parseManufacturerListQuery,
  parseProductListQuery,
} from '../input/catalog-query.js';
import { parseCurrency } from '../input/currency.js';
import { parseCustomer } from '../input/customer.js';
import { parseAffiliate, parseCoupon, parseReward } from '../input/extension.js';
import { parsePaymentMethod } from '../input/payment-method.js';
import { parseShippingMethod } from '../input/shipping-method.js';
import { findCurrency } from '../money/index.js';
import type { TotalLine } from '../ports/total-calculator.js';
import { type ConfirmOptions, type ConfirmResult, runConfirm } from './confirm.js';
import {
  type CheckoutDeps,
  type CheckoutOptions,
  callPort,
  createEngineContext,
  type EngineContext,
} from './context.js';
import { timeFacts } from './facts.js';
import { runAddHistory, runOrderInfo } from './history.js';
import {
  type PaymentMethodsResult,
  quotedShipping,
  type ShippingMethodsResult,
  type StepResult,
  type SummaryResult,
  summaryOf,
} from './outputs.js';
import {
  findManufacturer,
  type ManufacturerPage,
  type ProductPage,
  pageManufacturers,
  pageProducts,
  productQueryContext,
  type ReadAccess,
  readSession,
  viewSession,
} from './queries.js';
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
import { type ParseInput, runCommand } from './run-command.js';
import { loadSession, touchSession } from './session-access.js';

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
  /** The seed's cart products query: the priced lines (net, in the store's default currency). */
  getProducts(sessionId: string): ResultAsync<readonly PricedCartLine[], CheckoutError>;
  /** The seed's cart totals query: total lines in the session currency, rounded; `total` is their sum. */
  getTotals(sessionId: string): ResultAsync<readonly TotalLine[], CheckoutError>;
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

/** Runs a command and answers its success text. */
function step(
  context: EngineContext,
  sessionId: string,
  parse: ParseInput,
): ResultAsync<StepResult, CheckoutError> {
  return runCommand(context, sessionId, parse).map((outcome) => ({
    success: messageText(outcome.messages, outcome.success),
    dropped: outcome.dropped,
  }));
}

/** Runs a command and answers its success text with the cart and totals after it. */
function summaryStep(
  context: EngineContext,
  sessionId: string,
  parse: ParseInput,
): ResultAsync<SummaryResult, CheckoutError> {
  return runCommand(context, sessionId, parse).map((outcome) => ({
    success: messageText(outcome.messages, outcome.success),
    dropped: outcome.dropped,
    ...summaryOf(context, outcome.session, outcome.facts),
  }));
}

/** A command without a body. */
function bodiless(command: CheckoutCommand): ParseInput {
  return () => ok(command);
}

/** The session a new client starts with, stored at version 1. */
function openSession(
  context: EngineContext,
  input: OpenSessionInput,
): ResultAsync<OpenedSession, CheckoutError> {
  const { settings, deps } = context;
  const messages: MessageCatalog = context.messagesFor(input.language ?? settings.language);
  // Codes are matched the way people type them, as the currency switch does (`gbp` is GBP).
  const currency = (input.currency ?? settings.currency).trim().toUpperCase();
  if (findCurrency(settings.currencies, currency) === undefined) {
    return errAsync(checkoutError('validation', { currency: messageText(messages, 'currency.invalid') }));
  }
  // The API user comes from the host's authentication: anything but a positive id is a bug in that host.
  invariant(
    Number.isSafeInteger(input.apiUserId) && input.apiUserId > 0,
    'openSession needs a positive apiUserId',
  );
  const time = timeFacts(context);
  const session = {
    ...createSession({
      id: deps.ids.newId('session'),
      apiUserId: input.apiUserId,
      now: time.now,
      expiresAt: time.expiresAt,
      currency,
      language: input.language ?? settings.language,
    }),
    version: 1,
  };
  return callPort('sessions', messages, () => deps.sessions.save(session, 0)).andThen((outcome) =>
    outcome === 'saved'
      ? ok({ sessionId: session.id, expiresAt: session.expiresAt })
      : err(checkoutError('conflict', { warning: messageText(messages, 'session.conflict') })),
  );
}

/**
 * Creates the checkout engine over the host's ports.
 * @param deps - the ports (see `cartwright/adapters/memory` for a complete in-memory set)
 * @param options - the store settings and the engine's options
 */
export function createCheckout(deps: CheckoutDeps, options: CheckoutOptions): Checkout {
  const context = createEngineContext(deps, options);
  const read = <T>(sessionId: string, compute: (access: ReadAccess) => ResultAsync<T, CheckoutError>) =>
    readSession(context, sessionId, compute);
  return {
    openSession: (input) => openSession(context, input),
    closeSession: (sessionId) =>
      loadSession(context, sessionId).andThen((session) =>
        callPort('sessions', context.messagesFor(session.language), () => deps.sessions.delete(session.id)),
      ),
    findSession: (sessionId) => loadSession(context, sessionId),
    getSession: (sessionId) =>
      loadSession(context, sessionId).andThen((session) => touchSession(context, session)),
    setCustomer: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCustomer(request, messages)),
    addProducts: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCartAdd(request, messages)),
    addProduct: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCartAddProduct(request, messages)),
    updateCartLine: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCartUpdate(request, messages)),
    removeCartLine: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCartRemove(request, messages)),
    getProducts: (sessionId) =>
      read(sessionId, (access) =>
        viewSession(context, access.session, access.messages, access.today).map((view) => view.lines),
      ),
    getTotals: (sessionId) =>
      read(sessionId, (access) =>
        viewSession(context, access.session, access.messages, access.today).map((view) => view.totals),
      ),
    setPaymentAddress: (sessionId, request) =>
      step(context, sessionId, (messages) => parsePaymentAddress(request, messages)),
    setShippingAddress: (sessionId, request) =>
      step(context, sessionId, (messages) => parseShippingAddress(request, messages)),
    getShippingMethods: (sessionId) =>
      runCommand(context, sessionId, bodiless({ type: 'quote_shipping' })).map((outcome) => ({
        shippingMethods: quotedShipping(context, outcome.session, outcome.facts),
        dropped: outcome.dropped,
      })),
    setShippingMethod: (sessionId, request) =>
      summaryStep(context, sessionId, (messages) => parseShippingMethod(request, messages)),
    getPaymentMethods: (sessionId) =>
      runCommand(context, sessionId, bodiless({ type: 'offer_payment' })).map((outcome) => ({
        paymentMethods: outcome.session.paymentMethods ?? {},
        dropped: outcome.dropped,
      })),
    setPaymentMethod: (sessionId, request) =>
      summaryStep(context, sessionId, (messages) => parsePaymentMethod(request, messages)),
    setCoupon: (sessionId, request) =>
      summaryStep(context, sessionId, (messages) => parseCoupon(request, messages)),
    setReward: (sessionId, request) =>
      summaryStep(context, sessionId, (messages) => parseReward(request, messages)),
    setAffiliate: (sessionId, request) =>
      step(context, sessionId, (messages) => parseAffiliate(request, messages)),
    confirm: (sessionId, request, options = {}) => runConfirm(context, sessionId, request, options),
    addHistory: (sessionId, request) => runAddHistory(context, sessionId, request),
    getOrder: (sessionId, request) => runOrderInfo(context, sessionId, request),
    setCurrency: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCurrency(request, messages)),
    getManufacturer: (sessionId, request) =>
      read(sessionId, (access) =>
        parseManufacturerId(request, access.messages).asyncAndThen((id) =>
          findManufacturer(context, access, id),
        ),
      ),
    getManufacturers: (sessionId, request) =>
      read(sessionId, (access) => pageManufacturers(context, access, parseManufacturerListQuery(request))),
    getTotalManufacturers: (sessionId) =>
      read(sessionId, (access) =>
        callPort('catalog', access.messages, () => deps.catalog.countManufacturers()),
      ),
    listProducts: (sessionId, request) =>
      read(sessionId, (access) =>
        pageProducts(context, access, parseProductListQuery(request, productQueryContext(context, access))),
      ),
    getTotalProducts: (sessionId, request) =>
      read(sessionId, (access) =>
        pageProducts(
          context,
          access,
          parseProductListQuery(request, productQueryContext(context, access)),
        ).map((page) => page.total),
      ),
  };
}
