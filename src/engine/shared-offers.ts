/**
 * Offers shared between sessions. The shipping quotes and payment methods offered to one checkout are, most of
 * the time, exactly those offered to the next (the same methods, costs and names), and every session that takes
 * them keeps them for as long as it lives. An engine keeps the offers it last handed out, frozen, and hands the
 * same frozen object to a session whose offers are equal, so a store that keeps sessions as objects keeps one
 * copy of them. Offers that differ (a cost by weight, an address outside a zone) are stored as they are.
 * @module
 */
import { freezeAll } from './freeze-all.js';

/** How many distinct offers an engine keeps; past that it starts again, so the table stays small. */
const maxShared = 256;

/** The offers an engine shares, by their JSON text. */
export type SharedOffers = Map<string, object>;

/** A new, empty table of shared offers. */
export function createSharedOffers(): SharedOffers {
  return new Map();
}

/** `offers`, or the frozen offers equal to them that `shared` already holds (which then holds these, frozen). */
export function shareOffers<T extends object>(shared: SharedOffers, offers: T): T {
  const key = JSON.stringify(offers);
  const known = shared.get(key);
  if (known !== undefined) return known as T;
  if (shared.size >= maxShared) shared.clear();
  shared.set(key, freezeAll(offers));
  return offers;
}
