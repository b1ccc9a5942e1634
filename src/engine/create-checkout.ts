/**
 * `createCheckout(deps, options)`: the engine's public face. One method per operation of the seed, each returning
 * a `ResultAsync<Output, CheckoutError>`: nothing throws across it (a programmer bug alone throws, as
 * `CartwrightInvariantError`).
 * @module
 */
import { err, errAsync, ok, type ResultAsync } from 'neverthrow';
import type { PricedCartLine } from '../domain/cart-line.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, type MessageId, messageText } from '../domain/messages.js';
import type { Manufacturer } from '../domain/records/catalog.js';
import { type CheckoutSession, createSession } from '../domain/session.js';
import type { Selection } from '../domain/steps.js';
import { parsePaymentAddress, parseShippingAddress } from '../input/address.js';
import { parseCartAdd, parseCartAddProduct, parseCartRemove, parseCartUpdate } from '../input/cart.js';
import {
  parseManufacturerId,
  parseManufacturerListQuery,
  parseProductListQuery,
} from '../input/catalog-query.js';
import { parseCurrency } from '../input/currency.js';
import { parseCustomer } from '../input/customer.js';
import { findCurrency } from '../money/index.js';
import type { TotalLine } from '../ports/total-calculator.js';
import {
  type CheckoutDeps,
  type CheckoutOptions,
  callPort,
  createEngineContext,
  type EngineContext,
} from './context.js';
import { timeFacts } from './facts.js';
import {
  findManufacturer,
  type ManufacturerPage,
  type ProductPage,
  pageManufacturers,
  pageProducts,
  productQueryContext,
  readSession,
  viewSession,
} from './queries.js';
import type {
  CartItemRequest,
  CartRemoveRequest,
  CartRequest,
  CartUpdateRequest,
  CurrencyRequest,
  CustomerRequest,
  ListRequest,
  ManufacturerRequest,
  PaymentAddressRequest,
  ProductListRequest,
  ShippingAddressRequest,
} from './requests.js';
import { type ParseInput, runCommand } from './run-command.js';
import { loadSession } from './session-access.js';

/** What a step that changes the session answers. */
export interface StepResult {
  /** The seed's success text. */
  readonly success: string;
  /** Chosen methods the change made stale and dropped (DECISIONS 19); usually empty. */
  readonly dropped: readonly Selection[];
}

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

/** Runs a command and answers the success text. */
function step(
  context: EngineContext,
  sessionId: string,
  parse: ParseInput,
  success: MessageId,
): ResultAsync<StepResult, CheckoutError> {
  return runCommand(context, sessionId, parse).map((outcome) => ({
    success: messageText(outcome.messages, success),
    dropped: outcome.dropped,
  }));
}

/** The session a new client starts with, stored at version 1. */
function openSession(
  context: EngineContext,
  input: OpenSessionInput,
): ResultAsync<OpenedSession, CheckoutError> {
  const { settings, deps } = context;
  const messages: MessageCatalog = context.messagesFor(input.language ?? settings.language);
  const currency = input.currency ?? settings.currency;
  if (findCurrency(settings.currencies, currency) === undefined) {
    return errAsync(checkoutError('validation', { currency: messageText(messages, 'currency.invalid') }));
  }
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
  const read = (sessionId: string) => readSession(context, sessionId);
  return {
    openSession: (input) => openSession(context, input),
    closeSession: (sessionId) =>
      loadSession(context, sessionId).andThen((session) =>
        callPort('sessions', context.messagesFor(session.language), () => deps.sessions.delete(session.id)),
      ),
    getSession: (sessionId) => read(sessionId).map((access) => access.session),
    setCustomer: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCustomer(request, messages), 'customer.success'),
    addProducts: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCartAdd(request, messages), 'cart.success_multi'),
    addProduct: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCartAddProduct(request, messages), 'cart.success_single'),
    updateCartLine: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCartUpdate(request, messages), 'cart.updated'),
    removeCartLine: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCartRemove(request, messages), 'cart.removed'),
    getProducts: (sessionId) =>
      read(sessionId).andThen((access) =>
        viewSession(context, access.session, access.messages, access.today).map((view) => view.lines),
      ),
    getTotals: (sessionId) =>
      read(sessionId).andThen((access) =>
        viewSession(context, access.session, access.messages, access.today).map((view) => view.totals),
      ),
    setPaymentAddress: (sessionId, request) =>
      step(
        context,
        sessionId,
        (messages) => parsePaymentAddress(request, messages),
        'payment_address.success',
      ),
    setShippingAddress: (sessionId, request) =>
      step(
        context,
        sessionId,
        (messages) => parseShippingAddress(request, messages),
        'shipping_address.success',
      ),
    setCurrency: (sessionId, request) =>
      step(context, sessionId, (messages) => parseCurrency(request, messages), 'currency.success'),
    getManufacturer: (sessionId, request) =>
      read(sessionId).andThen((access) =>
        parseManufacturerId(request, access.messages).asyncAndThen((id) =>
          findManufacturer(context, access, id),
        ),
      ),
    getManufacturers: (sessionId, request) =>
      read(sessionId).andThen((access) =>
        pageManufacturers(context, access, parseManufacturerListQuery(request)),
      ),
    getTotalManufacturers: (sessionId) =>
      read(sessionId).andThen((access) =>
        callPort('catalog', access.messages, () => deps.catalog.countManufacturers()),
      ),
    listProducts: (sessionId, request) =>
      read(sessionId).andThen((access) =>
        pageProducts(context, access, parseProductListQuery(request, productQueryContext(context, access))),
      ),
    getTotalProducts: (sessionId, request) =>
      read(sessionId).andThen((access) =>
        pageProducts(
          context,
          access,
          parseProductListQuery(request, productQueryContext(context, access)),
        ).map((page) => page.total),
      ),
  };
}
