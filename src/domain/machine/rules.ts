/**
 * What each command does, in one table: the step it belongs to (its guard and re-checks come from the step
 * table), its success text, and the rule that applies it. `decide` reads this table and nothing else to find a
 * command's rule, so adding a command is adding a row.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { checkAddressStep } from '../address/step.js';
import { addProducts, type CartContext, removeCartLine, updateCartLine } from '../cart/rules.js';
import { checkCustomer } from '../customer/rules.js';
import { type CheckoutError, checkoutError, invariant } from '../errors.js';
import { type MessageId, messageText } from '../messages.js';
import { choosePayment, chooseShipping, offerPayment, quoteShipping } from '../methods/rules.js';
import { pricingGroupId } from '../pricing/checkout.js';
import { setAffiliate, setCoupon, setReward } from '../pricing/discounts.js';
import type { StoreSettings } from '../settings/settings.js';
import type { CheckoutCommand, CommandType } from './commands.js';
import type { CheckoutFacts } from './facts.js';
import type { CheckoutSession } from './session.js';
import type { StepName } from './steps.js';

/** A command's rule: the next session, or why not. */
export type Apply<C> = (
  session: CheckoutSession,
  command: C,
  facts: CheckoutFacts,
  settings: StoreSettings,
) => Result<CheckoutSession, CheckoutError>;

/** One row of the table. */
export interface CommandRule<C> {
  readonly step: StepName;
  /** The success text of an accepted command. */
  readonly success: (command: C) => MessageId;
  readonly apply: Apply<C>;
}

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

/** The facts a command cannot do without; missing ones are the engine's bug, not the client's. */
function need<T>(value: T | undefined, what: string): T {
  invariant(value !== undefined, () => `decide: the engine gathered no ${what}`);
  return value;
}

const always = (id: MessageId) => (): MessageId => id;

type Rules = { readonly [T in CommandType]: CommandRule<Extract<CheckoutCommand, { type: T }>> };

/** The table. */
export const commandRules: Rules = {
  set_customer: {
    step: 'customer',
    success: always('customer.success'),
    apply: (session, command, facts, settings) =>
      checkCustomer(command.customer, need(facts.customer, 'customer facts'), settings, facts.messages)
        .map(({ customer, loggedInCustomerId }) => ({
          ...session,
          customer,
          loggedInCustomerId,
          // DECISIONS 8: points are spent only on the request of the account that owns them. A different (or no)
          // account now logged in did not ask, so the earlier request goes, as OpenCart's customer step unsets
          // `session.reward`. (The session holds no store-credit choice: credit is never applied by the engine.)
          reward: loggedInCustomerId === session.loggedInCustomerId ? session.reward : null,
        }))
        .mapErr((fields) => checkoutError('validation', fields)),
  },
  add_products: {
    step: 'cart',
    success: (command) => (command.mode === 'multi' ? 'cart.success_multi' : 'cart.success_single'),
    apply: (session, command, facts, settings) =>
      addProducts(session.cart, command, facts.cartIds, cartContext(session, facts, settings))
        .map((cart) => ({ ...session, cart }))
        .mapErr((fields) => checkoutError('validation', fields)),
  },
  update_cart_line: {
    step: 'cart',
    success: always('cart.updated'),
    apply: (session, command, facts, settings) =>
      updateCartLine(
        session.cart,
        command.cartId,
        command.quantity,
        cartContext(session, facts, settings),
      ).map((cart) => ({ ...session, cart })),
  },
  remove_cart_line: {
    step: 'cart',
    success: always('cart.removed'),
    apply: (session, command, facts, settings) =>
      removeCartLine(session.cart, command.cartId, cartContext(session, facts, settings)).map((cart) => ({
        ...session,
        cart,
      })),
  },
  set_payment_address: {
    step: 'payment_address',
    success: always('payment_address.success'),
    apply: (session, command, facts) =>
      checkAddressStep(command.address, 'payment_', need(facts.address, 'address facts'), facts.messages).map(
        (paymentAddress) => ({ ...session, paymentAddress }),
      ),
  },
  set_shipping_address: {
    step: 'shipping_address',
    success: always('shipping_address.success'),
    apply: (session, command, facts) =>
      checkAddressStep(
        command.address,
        'shipping_',
        need(facts.address, 'address facts'),
        facts.messages,
      ).map((shippingAddress) => ({ ...session, shippingAddress })),
  },
  set_currency: {
    step: 'currency',
    success: always('currency.success'),
    apply: (session, command, facts, settings) =>
      settings.currencies.some((currency) => currency.code === command.currency)
        ? ok({ ...session, currency: command.currency })
        : err(checkoutError('validation', { currency: messageText(facts.messages, 'currency.invalid') })),
  },
  quote_shipping: {
    step: 'shipping_method',
    success: always('shipping_methods.success'),
    apply: (session, _command, facts) => quoteShipping(session, need(facts.offers, 'offers'), facts.messages),
  },
  set_shipping_method: {
    step: 'shipping_method',
    success: always('shipping_method.success'),
    apply: (session, command, facts) =>
      chooseShipping(session, command.code, need(facts.offers, 'offers'), facts.messages),
  },
  offer_payment: {
    step: 'payment_method',
    success: always('payment_methods.success'),
    apply: (session, _command, facts) => offerPayment(session, need(facts.offers, 'offers'), facts.messages),
  },
  set_payment_method: {
    step: 'payment_method',
    success: always('payment_method.success'),
    apply: (session, command, facts) =>
      choosePayment(session, command.code, need(facts.offers, 'offers'), facts.messages),
  },
  set_coupon: {
    step: 'coupon',
    success: (command) => (command.code === '' ? 'coupon.removed' : 'coupon.success'),
    apply: setCoupon,
  },
  set_reward: {
    step: 'reward',
    success: (command) => (command.points === 0 ? 'reward.removed' : 'reward.success'),
    apply: setReward,
  },
  set_affiliate: {
    step: 'affiliate',
    success: (command) => (command.affiliateId === 0 ? 'affiliate.removed' : 'affiliate.success'),
    apply: setAffiliate,
  },
};

/** The row of a command, typed for it. */
export function ruleOf<C extends CheckoutCommand>(command: C): CommandRule<C> {
  // The table is keyed by `type`, and each row is typed for its own command: the lookup is that row.
  return commandRules[command.type] as unknown as CommandRule<C>;
}
