/**
 * A small, obviously correct session store (a Map of JSON strings) with switchable defects, to prove that the
 * session-store contract suite passes a correct store and catches each defect.
 */

import type { CheckoutSession } from '../../../src/domain/machine/session.js';
import { isSessionExpired } from '../../../src/domain/machine/session.js';
import type { Clock } from '../../../src/ports/clock.js';
import type { SessionLookup, SessionStore } from '../../../src/ports/session-store.js';

/** Defects to switch on. */
export interface SessionStoreDefects {
  /** `save` writes whatever the stored version (last write wins). */
  readonly ignoreExpectedVersion?: boolean;
  /** `get` answers `found` for sessions past their `expiresAt`. */
  readonly foundWhenExpired?: boolean;
  /** `touch` sets whatever `expiresAt` it is given, an earlier one too. */
  readonly touchMovesBack?: boolean;
}

/** The reference store, reading time from `clock`, with the given defects. */
export function createReferenceSessionStore(clock: Clock, defects: SessionStoreDefects = {}): SessionStore {
  const rows = new Map<string, string>();
  const read = (id: string): CheckoutSession | undefined => {
    const json = rows.get(id);
    return json === undefined ? undefined : (JSON.parse(json) as CheckoutSession);
  };
  const expired = (session: CheckoutSession): boolean => isSessionExpired(session, clock.now().toISOString());
  return {
    async get(id): Promise<SessionLookup> {
      const session = read(id);
      if (session === undefined) return { status: 'missing' };
      if (expired(session) && defects.foundWhenExpired !== true) return { status: 'expired' };
      return { status: 'found', session };
    },
    async save(session, expectedVersion) {
      const stored = read(session.id);
      if (defects.ignoreExpectedVersion !== true && (stored?.version ?? 0) !== expectedVersion)
        return 'conflict';
      rows.set(session.id, JSON.stringify(session));
      return 'saved';
    },
    async touch(id, expiresAt) {
      const session = read(id);
      if (session === undefined || expired(session)) return;
      const later = Date.parse(expiresAt) > Date.parse(session.expiresAt);
      if (!later && defects.touchMovesBack !== true) return;
      rows.set(id, JSON.stringify({ ...session, expiresAt }));
    },
    async delete(id) {
      rows.delete(id);
    },
  };
}
