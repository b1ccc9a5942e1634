/**
 * Choosing shipping and payment methods, and keeping the choices true.
 *
 * The shipping and payment method steps (OpenCart's steps 5 and 6): the offer comes from the facts (recomputed by
 * the engine for the session as loaded, never taken from the client), and a choice is accepted only when its code
 * is on offer. The chosen quote's name, cost and tax class are the offer's own.
 *
 * Stale selections: after a change to the customer, the cart, an address or the shipping method,
 * what is on offer may have changed. The engine recomputes the offers for the changed session and this rule keeps
 * each chosen method only while it is still offered, taking the fresh quote (its cost may have moved), and drops
 * it otherwise. A stale choice never reaches an order.
 * @module
 */

import { err, ok, type Result } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../errors.js';
import { type MessageCatalog, type MessageId, messageText } from '../messages.js';
import type { StoreSettings } from '../settings/settings.js';
import type { CheckoutSession, PaymentMethodOffer, ShippingQuote, ShippingQuoteGroup } from './session.js';
import { type GuardState, type GuardStateSource, guardPasses, type Selection } from './steps.js';

/** Offers recomputed for the changed session; a missing entry means "not recomputed". */
export interface Offers {
  readonly shipping?: Readonly<Record<string, ShippingQuoteGroup>>;
  readonly payment?: Readonly<Record<string, PaymentMethodOffer>>;
}

/** The session after the re-check, and the selections it dropped (in step order). */
export interface Recheck {
  readonly session: CheckoutSession;
  readonly dropped: readonly Selection[];
}

/** The quote with `code` (`<method>.<quote>`) among the groups, or undefined. */
export function findQuote(
  groups: Readonly<Record<string, ShippingQuoteGroup>>,
  code: string,
): ShippingQuote | undefined {
  const [method] = code.split('.', 1);
  const group = method !== undefined && Object.hasOwn(groups, method) ? groups[method] : undefined;
  if (group === undefined) return undefined;
  return Object.values(group.quote).find((quote) => quote.code === code);
}

/** An offer map, or null when nothing is offered (the session's way of saying "no offer stored"). */
function storedOffer<T>(offers: Readonly<Record<string, T>>): Readonly<Record<string, T>> | null {
  return Object.keys(offers).length > 0 ? offers : null;
}

/** Re-checks the shipping method against fresh quotes; a cart that stopped shipping drops it outright. */
function recheckShipping(session: CheckoutSession, state: GuardState, offers: Offers): Recheck {
  const fresh = state.cartShips && session.shippingAddress !== null ? (offers.shipping ?? {}) : {};
  const chosen = session.shippingMethod;
  const quote = chosen === null ? undefined : findQuote(fresh, chosen.code);
  return {
    session: { ...session, shippingMethods: storedOffer(fresh), shippingMethod: quote ?? null },
    dropped: chosen !== null && quote === undefined ? ['shipping_method'] : [],
  };
}

/**
 * Whether a chosen payment method can stay at all: its own step must still be able to run (a payment method
 * chosen after a shipping method that has since been dropped was chosen for a checkout that no longer exists).
 * Only then is it worth asking the payment methods for a fresh offer.
 */
export function paymentStepStands(
  session: CheckoutSession,
  state: GuardStateSource,
  settings: StoreSettings,
): boolean {
  return guardPasses('payment_method', session, state, settings);
}

/** Re-checks the payment method against the fresh offer, by method code (none when its step cannot run). */
function recheckPayment(
  session: CheckoutSession,
  state: GuardStateSource,
  offers: Offers,
  settings: StoreSettings,
): Recheck {
  const fresh = paymentStepStands(session, state, settings) ? (offers.payment ?? {}) : {};
  const chosen = session.paymentMethod;
  const offer = chosen !== null && Object.hasOwn(fresh, chosen.code) ? fresh[chosen.code] : undefined;
  return {
    session: {
      ...session,
      paymentMethods: storedOffer(fresh),
      paymentMethod: offer === undefined ? null : { code: offer.code, name: offer.name },
    },
    dropped: chosen !== null && offer === undefined ? ['payment_method'] : [],
  };
}

/**
 * Re-checks `selections` of `session` against `offers` recomputed for it (shipping first: its cost feeds the
 * total that payment offers depend on). Selections not listed are left as they are. Pure.
 */
export function recheckSelections(
  session: CheckoutSession,
  selections: readonly Selection[],
  state: GuardStateSource,
  offers: Offers,
  settings: StoreSettings,
): Recheck {
  let current = session;
  const dropped: Selection[] = [];
  const guardState = typeof state === 'function' ? state : () => state;
  if (selections.includes('shipping_method')) {
    const result = recheckShipping(current, guardState(), offers);
    current = result.session;
    dropped.push(...result.dropped);
  }
  if (selections.includes('payment_method')) {
    const result = recheckPayment(current, guardState, offers, settings);
    current = result.session;
    dropped.push(...result.dropped);
  }
  return { session: current, dropped };
}

/**
 * The chosen methods that were set in `before` and are gone in `after`: what a command and its re-checks dropped,
 * in step order (an explicit change of method is a replacement, not a drop).
 */
export function droppedSelections(before: CheckoutSession, after: CheckoutSession): readonly Selection[] {
  const dropped: Selection[] = [];
  if (before.shippingMethod !== null && after.shippingMethod === null) dropped.push('shipping_method');
  if (before.paymentMethod !== null && after.paymentMethod === null) dropped.push('payment_method');
  return dropped;
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
  return ok({ ...session, shippingMethods: storedOffer(groups), shippingMethod: quote });
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
    paymentMethods: storedOffer(methods),
    paymentMethod: { code: offer.code, name: offer.name },
  });
}
