/**
 * The session store port.
 * @module
 */
import type { CheckoutSession } from '../domain/session.js';

/** What a look-up found. */
export type SessionLookup =
  | { readonly status: 'found'; readonly session: CheckoutSession }
  /** The session existed but `expiresAt` has passed (a store may forget such sessions later: then `missing`). */
  | { readonly status: 'expired' }
  | { readonly status: 'missing' };

/** What a save did. */
export type SaveOutcome = 'saved' | 'conflict';

/**
 * Keeps checkout sessions between requests.
 *
 * Contract (the `cartwright/testing` suite checks every point):
 * - `get` returns `found` with a session deep-equal to the one saved last, `expired` once the store's clock has
 *   reached the session's `expiresAt` (never `found` for an expired session), and `missing` for an id never
 *   saved, deleted, or forgotten after expiry.
 * - `save` is compare-and-set: it writes only when the stored version equals `expectedVersion` (0 means "no
 *   session stored under this id"); otherwise it writes nothing and returns `conflict`. Of any number of
 *   concurrent saves over the same version exactly one succeeds. The session's own `version` is stored as given.
 * - `touch` moves `expiresAt` forward without a version change (sliding expiry on read-only requests); it does
 *   nothing for a missing or expired session.
 * - `delete` removes the session; deleting a missing one is not an error.
 * - Methods reject only when the store itself fails (network, disk); the engine reports that as `unavailable`.
 */
export interface SessionStore {
  get(id: string): Promise<SessionLookup>;
  save(session: CheckoutSession, expectedVersion: number): Promise<SaveOutcome>;
  touch(id: string, expiresAt: string): Promise<void>;
  delete(id: string): Promise<void>;
}
