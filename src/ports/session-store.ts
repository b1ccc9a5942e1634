/**
 * The session store port.
 * @module
 */
import type { CheckoutSession } from '../domain/machine/session.js';

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
 *   saved, deleted, or forgotten after expiry. A store keeps answering `expired` for a while (the memory store:
 *   a day by default) so that clients learn their session expired rather than vanished.
 * - `save` is compare-and-set: it writes only when the stored version equals `expectedVersion` (0 means "no
 *   session stored under this id"); otherwise it writes nothing and returns `conflict`. Of any number of
 *   concurrent saves over the same version exactly one succeeds. The session's own `version` is stored as given
 *   and is at least 1, so 0 can only mean "nothing stored".
 * - `touch` moves `expiresAt` forward without a version change (sliding expiry on read-only requests); it
 *   changes nothing else, ignores an earlier time, and does nothing for a missing or expired session.
 * - `delete` removes the session; deleting a missing one is not an error.
 * - Methods reject only when the store itself fails (network, disk); the engine reports that as `unavailable`.
 */
export interface SessionStore {
  /** Looks a session up by id. */
  get(id: string): Promise<SessionLookup>;
  /** Stores the session if the stored version is still `expectedVersion` (0: none stored). */
  save(session: CheckoutSession, expectedVersion: number): Promise<SaveOutcome>;
  /** Moves the expiry of a live session later, without a new version. */
  touch(id: string, expiresAt: string): Promise<void>;
  /** Removes the session. */
  delete(id: string): Promise<void>;
}
