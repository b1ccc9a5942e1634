/**
 * Offers shared between sessions. The shipping quotes and payment methods offered to one checkout are, most of
 * the time, exactly those offered to the next (the same methods, costs and names), and every session that takes
 * them keeps them for as long as it lives. An engine keeps the offers it last handed out, frozen, and hands the
 * same frozen object to a session whose offers are equal, so a store that keeps sessions as objects keeps one
 * copy of them. Offers that differ (a cost by weight, an address outside a zone) are stored as they are.
 * @module
 */
import { deepFreeze } from '../domain/deep-freeze.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import type { EngineContext } from './context.js';

/** How many distinct offers an engine keeps; past that it starts again, so the table stays small. */
const maxShared = 256;

/** The offers an engine shares, by their JSON text. */
export type SharedOffers = Map<string, object>;

/** A new, empty table of shared offers. */
export function createSharedOffers(): SharedOffers {
  return new Map();
}

/** `offers`, or frozen offers equal to them (written the same as JSON) that `shared` holds (which then holds these, frozen). */
export function shareOffers<T extends object>(shared: SharedOffers, offers: T): T {
  const key = JSON.stringify(offers);
  const known = shared.get(key);
  if (known !== undefined) return known as T;
  if (shared.size >= maxShared) shared.clear();
  shared.set(key, deepFreeze(offers));
  return offers;
}

/**
 * `session` with its fresh offers shared with other sessions' equal ones (see above); offers the loaded session
 * held already, which `decide` keeps as they were when they come out the same, are left alone.
 */
export function shareSessionOffers(
  context: EngineContext,
  loaded: CheckoutSession,
  session: CheckoutSession,
): CheckoutSession {
  const { shippingMethods, paymentMethods } = session;
  const freshShipping = shippingMethods !== null && shippingMethods !== loaded.shippingMethods;
  const freshPayment = paymentMethods !== null && paymentMethods !== loaded.paymentMethods;
  if (!freshShipping && !freshPayment) return session;
  return {
    ...session,
    shippingMethods: freshShipping ? shareOffers(context.cache.offers, shippingMethods) : shippingMethods,
    paymentMethods: freshPayment ? shareOffers(context.cache.offers, paymentMethods) : paymentMethods,
  };
}
