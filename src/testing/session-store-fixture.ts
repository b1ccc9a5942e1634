/**
 * What the session-store contract suite needs from the host for one case.
 * @module
 */
import type { SessionStore } from '../ports/session-store.js';
import type { ManualClock } from './clocks.js';

/** A fresh store for one case, and the clock it reads. */
export interface SessionStoreFixture {
  /** The store under test, empty of the ids the suite uses (the suite makes up new random ids). */
  readonly store: SessionStore;
  /**
   * The clock the store reads to judge expiry (a {@link ManualClock} passes). The suite sets it to move time; the
   * store must not read the system clock.
   */
  readonly clock: Pick<ManualClock, 'now' | 'set'>;
  /** Releases the store's resources after the case (called once, pass or fail). */
  cleanup?(): Promise<void>;
}
