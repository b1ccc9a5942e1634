/**
 * Everything an engine keeps from one request to the next, in one object: each checkout makes its own (two
 * checkouts in one process share nothing), every table in it is bounded, and each says below what it is keyed by
 * and why what it answers cannot be stale. The domain and money keep nothing between calls.
 * @module
 */
import { deepFreeze } from '../domain/deep-freeze.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import { createPricingCache, type PricingCache } from '../domain/pricing/pricing-cache.js';
import { boundedTable } from './bounded-table.js';
import { createSharedOffers, type SharedOffers } from './shared-offers.js';

/** The time-dependent facts of one instant: the instant, its day, and when a session touched then expires. */
export interface InstantFacts {
  readonly now: string;
  readonly today: string;
  readonly expiresAt: string;
}

/** What one checkout keeps between requests. */
export interface CheckoutCache {
  /**
   * Priced carts and totals, reused while every input is the very same frozen value (see `pricing-cache.ts`):
   * what it keys on can never change, so a hit is the answer the inputs give.
   */
  readonly pricing: PricingCache;
  /** Offers shared between sessions, by their JSON text (see `shared-offers.ts`). At most 256. */
  readonly offers: SharedOffers;
  /**
   * The time facts at the instant `ms` for sessions living `ttlSeconds`: the last ones worked out, kept by the
   * instant's milliseconds and the lifetime, the only inputs they are made of. Requests in the same millisecond
   * share them (writing the instants out is a good part of a small command's work).
   */
  timeAt(ms: number, ttlSeconds: number, make: () => InstantFacts): InstantFacts;
  /**
   * The sessions this engine saved, by session id, at most {@link CHECKED_SESSIONS}. Keyed by
   * content: a stored session counts as one of these when its id, `version` and `schemaVersion` are those of the
   * kept one. Every store keeps a session's version by compare-and-set, so no write leaves the version as it was:
   * the same id and version are the same session, whether the store hands back the very object (memory) or a copy
   * read from its rows (PostgreSQL, Redis, a host's own). Only the expiry moves without a new version (a session
   * touched by a read), so the stored one's `expiresAt` is taken over when it reads as an instant.
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

/** A table of sessions known to be whole. */
function checkedSessions(): CheckedSessions {
  const table = boundedTable<string, CheckoutSession>(CHECKED_SESSIONS);
  return {
    find(stored) {
      const { id, version, schemaVersion, expiresAt } = stored as Readonly<Record<string, unknown>>;
      if (typeof id !== 'string') return undefined;
      const kept = table.get(id);
      if (kept === undefined || kept.version !== version || kept.schemaVersion !== schemaVersion)
        return undefined;
      if (kept.expiresAt === expiresAt) return kept;
      if (typeof expiresAt !== 'string' || Number.isNaN(Date.parse(expiresAt))) return undefined;
      return table.keep(id, deepFreeze({ ...kept, expiresAt }));
    },
    keep: (session) => table.keep(session.id, deepFreeze(session)),
  };
}

/** A new, empty cache for one checkout. */
export function createCheckoutCache(): CheckoutCache {
  let lastTime:
    | { readonly ms: number; readonly ttlSeconds: number; readonly facts: InstantFacts }
    | undefined;
  return {
    pricing: createPricingCache(),
    offers: createSharedOffers(),
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
