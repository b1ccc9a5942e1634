/**
 * `decide`: the pure heart of the engine. Given the session, a parsed command, the facts the engine gathered and
 * the store settings, it returns the next session and the events to deliver, or the error, and does nothing
 * else: no I/O, no clock, no randomness (xstate's idea without xstate). The same input always gives the same
 * output, and a refused command leaves the session exactly as it was (the engine saves nothing).
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { checkAddress } from './address.js';
import { addProducts, type CartContext, removeCartLine, updateCartLine } from './cart.js';
import { cartShips } from './cart-pricing.js';
import { priceSessionCart, pricingGroupId } from './checkout-view.js';
import type {
  AddressCommandInput,
  CheckoutCommand,
  SetCurrencyCommand,
  SetCustomerCommand,
} from './commands.js';
import { checkCustomFields } from './custom-fields.js';
import { checkCustomer } from './customer.js';
import { type CheckoutError, checkoutError, invariant } from './errors.js';
import type { DomainEvent } from './events.js';
import type { CheckoutFacts } from './facts.js';
import { messageText } from './messages.js';
import { type CheckoutSession, isSessionExpired, type SessionAddress } from './session.js';
import type { StoreSettings } from './settings.js';
import { checkGuards, type GuardState, rechecksOf, type Selection, type StepName } from './steps.js';

/** What an accepted command produced. */
export interface Decision {
  /** The next session: `version` one higher, `updatedAt` now, expiry moved forward. */
  readonly session: CheckoutSession;
  /** Events to deliver once the session (and any order) is stored. */
  readonly events: readonly DomainEvent[];
  /**
   * Selections whose offer this change may have altered. Their stored offers are cleared here; the engine
   * recomputes the offers and re-checks the chosen methods ({@link recheckSelections}) before saving.
   */
  readonly rechecks: readonly Selection[];
}

/** The step each command belongs to: it picks the guard and the re-checks from the step table. */
const stepOf: Readonly<Record<CheckoutCommand['type'], StepName>> = {
  set_customer: 'customer',
  add_products: 'cart',
  update_cart_line: 'cart',
  remove_cart_line: 'cart',
  set_payment_address: 'payment_address',
  set_shipping_address: 'shipping_address',
  set_currency: 'cart',
};

/** The cart rules' view of the session and facts. */
export function cartContext(
  session: CheckoutSession,
  facts: CheckoutFacts,
  settings: StoreSettings,
): CartContext {
  return {
    products: facts.products,
    customerGroupId: pricingGroupId(session, settings),
    today: facts.today,
    stockCheckout: settings.stockCheckout,
    messages: facts.messages,
  };
}

/** What the guards read from the priced cart. */
export function guardState(
  session: CheckoutSession,
  facts: CheckoutFacts,
  settings: StoreSettings,
): GuardState {
  const lines = priceSessionCart(session, facts, settings);
  return { cartShips: cartShips(lines), hasProducts: lines.length > 0 };
}

type Change = Result<CheckoutSession, CheckoutError>;

function setCustomer(
  session: CheckoutSession,
  command: SetCustomerCommand,
  facts: CheckoutFacts,
  settings: StoreSettings,
): Change {
  invariant(facts.customer !== undefined, 'set_customer needs customer facts');
  return checkCustomer(command.customer, facts.customer, settings, facts.messages)
    .map(({ customer, loggedInCustomerId }) => ({ ...session, customer, loggedInCustomerId }))
    .mapErr((fields) => checkoutError('validation', fields));
}

function setAddress(
  input: AddressCommandInput,
  prefix: 'payment_' | 'shipping_',
  facts: CheckoutFacts,
): Result<SessionAddress, CheckoutError> {
  invariant(facts.address !== undefined, 'an address step needs address facts');
  const { country, customFields } = facts.address;
  const custom = checkCustomFields(customFields, 'address', input.customField, prefix, facts.messages);
  return checkAddress(
    { ...input, customField: custom.values },
    prefix,
    country,
    facts.messages,
    custom.errors,
  ).mapErr((fields) => checkoutError('validation', fields));
}

function setCurrency(
  session: CheckoutSession,
  command: SetCurrencyCommand,
  facts: CheckoutFacts,
  settings: StoreSettings,
): Change {
  if (!settings.currencies.some((currency) => currency.code === command.currency)) {
    return err(checkoutError('validation', { currency: messageText(facts.messages, 'currency.invalid') }));
  }
  return ok({ ...session, currency: command.currency });
}

/** The session the command asks for, before stamping; errors as the rules report them. */
function apply(
  session: CheckoutSession,
  command: CheckoutCommand,
  facts: CheckoutFacts,
  settings: StoreSettings,
): Change {
  switch (command.type) {
    case 'set_customer':
      return setCustomer(session, command, facts, settings);
    case 'add_products':
      return addProducts(session.cart, command, facts.cartIds, cartContext(session, facts, settings))
        .map((cart) => ({ ...session, cart }))
        .mapErr((fields) => checkoutError('validation', fields));
    case 'update_cart_line':
      return updateCartLine(
        session.cart,
        command.cartId,
        command.quantity,
        cartContext(session, facts, settings),
      ).map((cart) => ({ ...session, cart }));
    case 'remove_cart_line':
      return removeCartLine(session.cart, command.cartId, cartContext(session, facts, settings)).map(
        (cart) => ({
          ...session,
          cart,
        }),
      );
    case 'set_payment_address':
      return setAddress(command.address, 'payment_', facts).map((paymentAddress) => ({
        ...session,
        paymentAddress,
      }));
    case 'set_shipping_address':
      return setAddress(command.address, 'shipping_', facts).map((shippingAddress) => ({
        ...session,
        shippingAddress,
      }));
    case 'set_currency':
      return setCurrency(session, command, facts, settings);
  }
}

/** The accepted session: one version on, stamped with the time, stale offers cleared. */
function stamp(
  next: CheckoutSession,
  previous: CheckoutSession,
  facts: CheckoutFacts,
  rechecks: readonly Selection[],
): CheckoutSession {
  return {
    ...next,
    version: previous.version + 1,
    updatedAt: facts.now,
    expiresAt: facts.expiresAt,
    shippingMethods: rechecks.includes('shipping_method') ? null : next.shippingMethods,
    paymentMethods: rechecks.includes('payment_method') ? null : next.paymentMethods,
  };
}

/**
 * Decides one command: checks the session is live and the step's guard (DECISIONS 33), applies the command's
 * rules, and stamps the next session. Pure and synchronous.
 * @param session - the session as loaded
 * @param command - the parsed command
 * @param facts - what the engine gathered for this command (time, products, customer or address facts, texts)
 * @param settings - the store settings
 * @returns the decision, or the error (the session is then unchanged)
 */
export function decide(
  session: CheckoutSession,
  command: CheckoutCommand,
  facts: CheckoutFacts,
  settings: StoreSettings,
): Result<Decision, CheckoutError> {
  if (isSessionExpired(session, facts.now)) {
    return err(checkoutError('expired', { warning: messageText(facts.messages, 'session.expired') }));
  }
  const step = stepOf[command.type];
  const guard = checkGuards(step, session, guardState(session, facts, settings), settings, facts.messages);
  if (Object.keys(guard).length > 0) return err(checkoutError('precondition', guard));
  const rechecks = rechecksOf(step);
  return apply(session, command, facts, settings).map((next) => ({
    session: stamp(next, session, facts, rechecks),
    events: [],
    rechecks,
  }));
}
