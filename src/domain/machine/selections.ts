/**
 * Stale selections: after a change to the customer, the cart, an address or the shipping method,
 * what is on offer may have changed. The engine recomputes the offers for the changed session and this rule keeps
 * each chosen method only while it is still offered, taking the fresh quote (its cost may have moved), and drops
 * it otherwise. A stale choice never reaches an order.
 * @module
 */

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
