/**
 * `createCheckout(deps, options)`: the engine's public face. One method per operation of the seed, each returning
 * a `ResultAsync<Output, CheckoutError>`: nothing throws across it (a programmer bug alone throws, as
 * `CartwrightInvariantError`).
 * @module
 */
import { ok, type ResultAsync } from 'neverthrow';
import type { CheckoutCommand } from '../domain/commands.js';
import type { CheckoutError } from '../domain/errors.js';
import { messageText } from '../domain/messages.js';
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
import type { Checkout } from './checkout.js';
import { runConfirm } from './confirm.js';
import {
  type CheckoutDeps,
  type CheckoutOptions,
  callPort,
  createEngineContext,
  type EngineContext,
} from './context.js';
import { runAddHistory, runOrderInfo } from './history.js';
import { openSession } from './open-session.js';
import { quotedShipping, type StepResult, type SummaryResult, summaryOf } from './outputs.js';
import {
  countProducts,
  findManufacturer,
  pageManufacturers,
  pageProducts,
  peekSession,
  productQueryContext,
  type ReadAccess,
  readSession,
  viewSession,
} from './queries.js';
import { type ParseInput, runCommand } from './run-command.js';
import { loadSession, touchSession } from './session-access.js';

/** Runs a command and answers its success text. */
function step(
  context: EngineContext,
  sessionId: string,
  parse: ParseInput,
): ResultAsync<StepResult, CheckoutError> {
  return runCommand(context, sessionId, parse, (outcome) => ({
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
  return runCommand(context, sessionId, parse, (outcome) => ({
    success: messageText(outcome.messages, outcome.success),
    dropped: outcome.dropped,
    ...summaryOf(context, outcome.session, outcome.facts),
  }));
}

/** A command without a body. */
function bodiless(command: CheckoutCommand): ParseInput {
  return () => ok(command);
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
    viewCart: (sessionId) =>
      peekSession(context, sessionId, (access) =>
        viewSession(context, access.session, access.messages, access.today).map((view) => ({
          products: view.lines,
          totals: view.totals,
          shippingRequired: view.shippingRequired,
        })),
      ),
    setPaymentAddress: (sessionId, request) =>
      step(context, sessionId, (messages) => parsePaymentAddress(request, messages)),
    setShippingAddress: (sessionId, request) =>
      step(context, sessionId, (messages) => parseShippingAddress(request, messages)),
    getShippingMethods: (sessionId) =>
      runCommand(context, sessionId, bodiless({ type: 'quote_shipping' }), (outcome) => ({
        shippingMethods: quotedShipping(context, outcome.session, outcome.facts),
        dropped: outcome.dropped,
      })),
    setShippingMethod: (sessionId, request) =>
      summaryStep(context, sessionId, (messages) => parseShippingMethod(request, messages)),
    getPaymentMethods: (sessionId) =>
      runCommand(context, sessionId, bodiless({ type: 'offer_payment' }), (outcome) => ({
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
        countProducts(context, access, parseProductListQuery(request, productQueryContext(context, access))),
      ),
  };
}
