/**
 * The in-memory session store.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { CheckoutSession } from '../../domain/machine/session.js';
import type { Clock } from '../../ports/clock.js';
import type { SaveOutcome, SessionLookup, SessionStore } from '../../ports/session-store.js';

/** Options of {@link createMemorySessionStore}. */
export interface MemorySessionStoreOptions {
  /** Judges expiry; the store never reads the system clock. */
  readonly clock: Clock;
  /**
   * How long an expired session is still answered as `expired` before it is forgotten (then `missing`), in
   * seconds. Default 86400 (one day).
   */
  readonly retentionSeconds?: number | undefined;
}

/** A stored session and its expiry instant, parsed once. */
interface Entry {
  readonly session: CheckoutSession;
  readonly expiresAtMs: number;
}

const DEFAULT_RETENTION_SECONDS = 86_400;
/** Sweep at most this often, so forgetting costs one pass over the map per minute at worst, not per call. */
const MAX_SWEEP_INTERVAL_MS = 60_000;

/** Milliseconds of an ISO-8601 instant; an unreadable one counts as already past, so it can never be `found`. */
function instantMs(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/**
 * A {@link SessionStore} in a `Map`, for tests, examples and single-process hosts.
 *
 * - `save` is compare-and-set on `version` and runs without an `await`, so concurrent saves cannot interleave.
 * - Sessions are deep-copied on the way in and out: a caller changing its object never changes the store.
 * - No timers: expiry is checked against `clock` on each call; expired sessions are forgotten lazily
 *   `retentionSeconds` after `expiresAt`, by a sweep that runs at most once a minute, so memory stays bounded.
 */
export function createMemorySessionStore(options: MemorySessionStoreOptions): SessionStore {
  const { clock } = options;
  const retentionMs = (options.retentionSeconds ?? DEFAULT_RETENTION_SECONDS) * 1000;
  const sweepIntervalMs = Math.min(Math.max(retentionMs, 1000), MAX_SWEEP_INTERVAL_MS);
  const entries = new Map<string, Entry>();
  let lastSweepMs = Number.NEGATIVE_INFINITY;

  const isForgotten = (entry: Entry, nowMs: number) => nowMs >= entry.expiresAtMs + retentionMs;

  /** Drops every session past its retention; also when the clock went back, so a stale mark never blocks it. */
  function sweep(nowMs: number): void {
    if (nowMs < lastSweepMs + sweepIntervalMs && nowMs >= lastSweepMs) return;
    lastSweepMs = nowMs;
    for (const [id, entry] of entries) if (isForgotten(entry, nowMs)) entries.delete(id);
  }

  /** The live entry of `id` at `nowMs`, forgetting it first when it is past retention. */
  function lookUp(id: string, nowMs: number): Entry | undefined {
    sweep(nowMs);
    const entry = entries.get(id);
    if (entry === undefined || !isForgotten(entry, nowMs)) return entry;
    entries.delete(id);
    return undefined;
  }

  return {
    async get(id: string): Promise<SessionLookup> {
      const nowMs = clock.now().getTime();
      const entry = lookUp(id, nowMs);
      if (entry === undefined) return { status: 'missing' };
      if (nowMs >= entry.expiresAtMs) return { status: 'expired' };
      return { status: 'found', session: entry.session };
    },

    async save(session: CheckoutSession, expectedVersion: number): Promise<SaveOutcome> {
      const current = lookUp(session.id, clock.now().getTime());
      if ((current?.session.version ?? 0) !== expectedVersion) return 'conflict';
      // Kept as given, frozen: nobody can change a stored session, and the parts a new version shares with the
      // last one (most of it) are frozen already and stored once.
      const stored = deepFreeze(session);
      entries.set(stored.id, { session: stored, expiresAtMs: instantMs(stored.expiresAt) });
      return 'saved';
    },

    async touch(id: string, expiresAt: string): Promise<void> {
      const nowMs = clock.now().getTime();
      const entry = lookUp(id, nowMs);
      const expiresAtMs = instantMs(expiresAt);
      // Only forward: of two racing requests the later expiry wins, whichever touches last.
      if (entry === undefined || nowMs >= entry.expiresAtMs || expiresAtMs <= entry.expiresAtMs) return;
      entries.set(id, { session: deepFreeze({ ...entry.session, expiresAt }), expiresAtMs });
    },

    async delete(id: string): Promise<void> {
      entries.delete(id);
    },
  };
}
