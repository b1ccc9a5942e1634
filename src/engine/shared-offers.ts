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

/**
 * Whether two offer values are written the same as JSON: equal primitives, or objects and lists with the same
 * keys in the same order, equal key by key.
 */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  const others = Object.keys(b);
  if (keys.length !== others.length) return false;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i] as string;
    if (key !== others[i]) return false;
    if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/**
 * `offers`, or frozen offers equal to them (written the same as JSON): `current`, the offers the session holds
 * already (most often the same again, found without writing any JSON), else those `shared` holds (which then
 * holds these, frozen).
 */
export function shareOffers<T extends object>(shared: SharedOffers, offers: T, current?: T | null): T {
  if (current !== undefined && current !== null && Object.isFrozen(current) && sameValue(offers, current)) {
    return current;
  }
  const key = JSON.stringify(offers);
  const known = shared.get(key);
  if (known !== undefined) return known as T;
  if (shared.size >= maxShared) shared.clear();
  shared.set(key, freezeAll(offers));
  return offers;
}
