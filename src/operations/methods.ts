/**
 * The method steps (OpenCart's steps 5 and 6): `shipping_methods` / `payment_methods` store what is on offer for the
 * session; `shipping_method` / `payment_method` choose an offered code. The offer is worked out by `decide` for
 * the session as loaded, never taken from the client, so a client-sent cost or name changes nothing.
 * @module
 */
import type {
  OfferPaymentCommand,
  QuoteShippingCommand,
  SetPaymentMethodCommand,
  SetShippingMethodCommand,
} from '../domain/machine/commands.js';
import { needFact } from '../domain/machine/facts.js';
import { choosePayment, chooseShipping, offerPayment, quoteShipping } from '../domain/methods/rules.js';
import { form } from './form.js';
import { methodField } from './method-code.js';
import { defineStep } from './operation.js';

/** `shipping_methods`: quotes every shipping method and stores the quotes in the session. */
export const shippingMethods = defineStep({
  name: 'shipping_methods',
  method: 'getShippingMethods',
  summary: 'Quotes every shipping method for the cart and shipping address, and stores the quotes.',
  http: { method: 'GET', routes: [{ route: 'api/order', call: 'shipping_methods' }] },
  input: form({}, (): QuoteShippingCommand => ({ type: 'quote_shipping' })),
  answer: 'shipping_methods',
  step: 'shipping_method',
  facts: () => ({}),
  offers: 'shipping',
  rule: (session, _command, facts) =>
    quoteShipping(session, needFact(facts.offers, 'offers'), facts.messages),
  success: () => 'shipping_methods.success',
});

/** `shipping_method`: chooses a quoted code; the quote's own name, cost and tax class are used. */
export const shippingMethod = defineStep({
  name: 'shipping_method',
  method: 'setShippingMethod',
  summary: "Chooses a quoted shipping code; the quote's own cost and tax class are used.",
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'shipping_method' }] },
  input: form(
    { shipping_method: methodField('shipping_method', 'shipping_method.not_offered') },
    (fields): SetShippingMethodCommand => ({ type: 'set_shipping_method', code: fields.shipping_method }),
  ),
  answer: 'summary',
  step: 'shipping_method',
  facts: () => ({}),
  offers: 'shipping',
  rule: (session, command, facts) =>
    chooseShipping(session, command.code, needFact(facts.offers, 'offers'), facts.messages),
  success: () => 'shipping_method.success',
});

/** `payment_methods`: lists the payment methods on offer and stores them in the session. */
export const paymentMethods = defineStep({
  name: 'payment_methods',
  method: 'getPaymentMethods',
  summary: 'Lists the payment methods on offer for the checkout, and stores them.',
  http: { method: 'GET', routes: [{ route: 'api/order', call: 'payment_methods' }] },
  input: form({}, (): OfferPaymentCommand => ({ type: 'offer_payment' })),
  answer: 'payment_methods',
  step: 'payment_method',
  facts: () => ({}),
  offers: 'payment',
  rule: (session, _command, facts) => offerPayment(session, needFact(facts.offers, 'offers'), facts.messages),
  success: () => 'payment_methods.success',
});

/** `payment_method`: chooses an offered method (`cod` or `cod.cod`). */
export const paymentMethod = defineStep({
  name: 'payment_method',
  method: 'setPaymentMethod',
  summary: 'Chooses an offered payment method (`cod` or `cod.cod`).',
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'payment_method' }] },
  input: form(
    { payment_method: methodField('payment_method', 'payment_method.not_offered') },
    (fields): SetPaymentMethodCommand => ({ type: 'set_payment_method', code: fields.payment_method }),
  ),
  answer: 'summary',
  step: 'payment_method',
  facts: () => ({}),
  offers: 'payment',
  rule: (session, command, facts) =>
    choosePayment(session, command.code, needFact(facts.offers, 'offers'), facts.messages),
  success: () => 'payment_method.success',
});
