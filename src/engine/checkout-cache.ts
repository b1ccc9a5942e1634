/**
 * Everything an engine keeps from one request to the next, in one object: each checkout makes its own (two
 * checkouts in one process share nothing), every table in it is bounded, and each says below what it is keyed by
 * and why what it answers cannot be stale. The domain and money keep nothing between calls.
 *
 * Its tables are bounded tables: once one holds its limit it starts over, so no input can make it grow without
 * end. They suit pure results that are cheap to work out again and asked for again and again (a session checked
 * whole, how an amount is shown in a currency).
 * @module
 */
import { deepFreeze } from '../domain/deep-freeze.js';
import type { TimeFacts } from '../domain/machine/facts.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { createPricingCache, type PricingCache } from '../domain/pricing/pricing-cache.js';
import type { EngineContext } from './context.js';

/** A bounded table of values by key. */
export interface BoundedTable<K, V> {
  /** The value kept for `key`, or undefined. */
  get(key: K): V | undefined;
  /** Keeps `value` for `key` (starting over first when the table is full); answers `value`. */
  keep(key: K, value: V): V;
}

/** A new, empty {@link BoundedTable} of at most `limit` keys. */
export function boundedTable<K, V>(limit: number): BoundedTable<K, V> {
  const table = new Map<K, V>();
  return {
    get: (key) => table.get(key),
    keep(key, value) {
      if (table.size >= limit) table.clear();
      table.set(key, value);
      return value;
    },
  };
}

/** What one checkout keeps between requests. */
export interface CheckoutCache {
  /**
   * Priced carts and totals, reused while every input is the very same frozen value (see `pricing-cache.ts`):
   * what it keys on can never change, so a hit is the answer the inputs give.
   */
  readonly pricing: PricingCache;
  /**
   * Offers shared between sessions, by their JSON text, at most {@link SHARED_OFFERS}. The shipping quotes and
   * payment methods offered to one checkout are, most of the time, exactly those offered to the next (the same
   * methods, costs and names), and every session that takes them keeps them for as long as it lives; handing
   * each such session the same frozen object lets a store that keeps sessions as objects keep one copy. Offers
   * that differ (a cost by weight, an address outside a zone) are stored as they are.
   */
  readonly offers: SharedOffers;
  /**
   * The time facts at the instant `ms` for sessions living `ttlSeconds`: the last ones worked out, kept by the
   * instant's milliseconds and the lifetime, the only inputs they are made of. Requests in the same millisecond
   * share them (writing the instants out is a good part of a small command's work).
   */
  timeAt(ms: number, ttlSeconds: number, make: () => TimeFacts): TimeFacts;
  /**
   * The sessions this engine saved, by session id, at most {@link CHECKED_SESSIONS}. Keyed by content: a stored
   * session counts as one of these when its id, `version`, `schemaVersion`, `createdAt` and `updatedAt` are those
   * of the kept one. Every store keeps a session's version by compare-and-set, so no write leaves the version as
   * it was: the same id and version are the same session, whether the store hands back the very object (memory)
   * or a copy read from its rows (PostgreSQL, Redis, a host's own). Only the expiry moves without a new version (a
   * session touched by a read), so the stored one's `expiresAt` is taken over when it reads as an instant.
   */
  readonly sessions: CheckedSessions;
}

/** Sessions known to be whole (see {@link CheckoutCache.sessions}). */
export interface CheckedSessions {
  /** The kept session `stored` is (frozen), or undefined when none is kept for it. */
  find(stored: object): CheckoutSession | undefined;
  /** Keeps `session`, frozen, as whole (the engine built and saved it), and answers it. */
  keep(session: CheckoutSession): CheckoutSession;
}

/** How many sessions a checkout keeps as checked. */
export const CHECKED_SESSIONS = 4096;

/** Whether `stored` names the same save as `kept`: the same version, shape version, creation and update. */
function sameSave(kept: CheckoutSession, stored: Readonly<Record<string, unknown>>): boolean {
  return (
    kept.version === stored.version &&
    kept.schemaVersion === stored.schemaVersion &&
    kept.createdAt === stored.createdAt &&
    kept.updatedAt === stored.updatedAt
  );
}

/** A table of sessions known to be whole. */
function checkedSessions(): CheckedSessions {
  const table = boundedTable<string, CheckoutSession>(CHECKED_SESSIONS);
  return {
    find(stored) {
      const record = stored as Readonly<Record<string, unknown>>;
      const { id, expiresAt } = record;
      if (typeof id !== 'string') return undefined;
      const kept = table.get(id);
      if (kept === undefined || !sameSave(kept, record)) return undefined;
      if (kept.expiresAt === expiresAt) return kept;
      if (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt))) return undefined;
      return table.keep(id, deepFreeze({ ...kept, expiresAt }));
    },
    keep: (session) => table.keep(session.id, deepFreeze(session)),
  };
}

/** How many distinct offers a checkout shares; past that it starts again, so the table stays small. */
export const SHARED_OFFERS = 256;

/** The offers a checkout shares, by their JSON text. */
export type SharedOffers = Map<string, object>;

/**
 * `offers`, or frozen offers equal to them (written the same as JSON) that `shared` holds (which then holds
 * these, frozen).
 */
function shareOffers<T extends object>(shared: SharedOffers, offers: T): T {
  const key = JSON.stringify(offers);
  const known = shared.get(key);
  if (known !== undefined) return known as T;
  if (shared.size >= SHARED_OFFERS) shared.clear();
  shared.set(key, deepFreeze(offers));
  return offers;
}

/**
 * `session` with its fresh offers shared with other sessions' equal ones (see {@link CheckoutCache.offers});
 * offers the loaded session held already, which `decide` keeps as they were when they come out the same, are
 * left alone.
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

/** A new, empty cache for one checkout. */
export function createCheckoutCache(): CheckoutCache {
  let lastTime: { readonly ms: number; readonly ttlSeconds: number; readonly facts: TimeFacts } | undefined;
  return {
    pricing: createPricingCache(),
    offers: new Map(),
    timeAt(ms, ttlSeconds, make) {
      if (lastTime !== undefined && lastTime.ms === ms && lastTime.ttlSeconds === ttlSeconds)
        return lastTime.facts;
      const facts = make();
      lastTime = { ms, ttlSeconds, facts };
      return facts;
    },
    sessions: checkedSessions(),
  };
}
