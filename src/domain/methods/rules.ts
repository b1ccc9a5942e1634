/**
 * The shipping and payment method steps (OpenCart's steps 5 and 6): the offer comes from the
 * facts (recomputed by the engine for the session as loaded, never taken from the client), and a choice is
 * accepted only when its code is on offer. The chosen quote's name, cost and tax class are the offer's own.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../errors.js';
import { findQuote, type Offers } from '../machine/selections.js';
import type { CheckoutSession, PaymentMethodOffer, ShippingQuoteGroup } from '../machine/session.js';
import { type MessageCatalog, type MessageId, messageText } from '../messages.js';

/** An offer map, or null for an empty one (the session's "nothing on offer"). */
function stored<T>(offers: Readonly<Record<string, T>>): Readonly<Record<string, T>> | null {
  return Object.keys(offers).length > 0 ? offers : null;
}

/** A refusal under `key` with the text `id`. */
function refuse(key: string, id: MessageId, messages: MessageCatalog): Result<never, CheckoutError> {
  return err(checkoutError('validation', { [key]: messageText(messages, id) }));
}

/**
 * Stores the shipping quotes on offer (OpenCart's `shipping_methods`). The chosen method is refreshed from the
 * new quotes, or dropped when it is no longer quoted. Nothing quoted is OpenCart's
 * `Warning: No Shipping options are available!` under `warning`.
 */
export function quoteShipping(
  session: CheckoutSession,
  offers: Offers,
  messages: MessageCatalog,
): Result<CheckoutSession, CheckoutError> {
  const groups: Readonly<Record<string, ShippingQuoteGroup>> = offers.shipping ?? {};
  if (Object.keys(groups).length === 0) return refuse('warning', 'shipping_methods.none', messages);
  const chosen = session.shippingMethod === null ? undefined : findQuote(groups, session.shippingMethod.code);
  return ok({ ...session, shippingMethods: groups, shippingMethod: chosen ?? null });
}

/** Chooses the quote `code` (`<method>.<quote>`) if it is on offer; otherwise `shipping_method` is refused. */
export function chooseShipping(
  session: CheckoutSession,
  code: string,
  offers: Offers,
  messages: MessageCatalog,
): Result<CheckoutSession, CheckoutError> {
  const groups = offers.shipping ?? {};
  const quote = findQuote(groups, code);
  if (quote === undefined) return refuse('shipping_method', 'shipping_method.not_offered', messages);
  return ok({ ...session, shippingMethods: stored(groups), shippingMethod: quote });
}

/**
 * Stores the payment methods on offer (OpenCart's `payment_methods`); a chosen method no longer offered is
 * dropped. Nothing offered is OpenCart's `Warning: No payment options are available!` under `warning`.
 */
export function offerPayment(
  session: CheckoutSession,
  offers: Offers,
  messages: MessageCatalog,
): Result<CheckoutSession, CheckoutError> {
  const methods: Readonly<Record<string, PaymentMethodOffer>> = offers.payment ?? {};
  if (Object.keys(methods).length === 0) return refuse('warning', 'payment_methods.none', messages);
  const chosen = session.paymentMethod;
  const still = chosen !== null && Object.hasOwn(methods, chosen.code);
  return ok({ ...session, paymentMethods: methods, paymentMethod: still ? chosen : null });
}

/** The offered method a code names: the method's own code (`cod`) or one of its options' (`cod.cod`). */
export function findPaymentOffer(
  methods: Readonly<Record<string, PaymentMethodOffer>>,
  code: string,
): PaymentMethodOffer | undefined {
  const [method = ''] = code.split('.', 1);
  const offer = Object.hasOwn(methods, method) ? methods[method] : undefined;
  if (offer === undefined || code === method) return offer;
  return Object.values(offer.option).some((option) => option.code === code) ? offer : undefined;
}

/** Chooses the payment method `code` (`cod` or `cod.cod`) if it is on offer; otherwise `payment_method`. */
export function choosePayment(
  session: CheckoutSession,
  code: string,
  offers: Offers,
  messages: MessageCatalog,
): Result<CheckoutSession, CheckoutError> {
  const methods = offers.payment ?? {};
  const offer = findPaymentOffer(methods, code);
  if (offer === undefined) return refuse('payment_method', 'payment_method.not_offered', messages);
  return ok({
    ...session,
    paymentMethods: stored(methods),
    paymentMethod: { code: offer.code, name: offer.name },
  });
}
