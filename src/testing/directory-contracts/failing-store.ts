/**
 * The optional failure hook every store-backed directory fixture may offer.
 * @module
 */
import type { CleanableFixture } from '../test-api.js';

/** A fixture over a store that can be made to fail. */
export interface FailableFixture<P> extends CleanableFixture {
  /**
   * Optional: the same kind of adapter over a store that has failed (stopped, unreachable, or stalled past the
   * adapter's deadline). When given, the suite checks that every method then rejects with an `Error`, in time,
   * rather than answering as if nothing were stored. Leave it out for an adapter that cannot fail (in memory).
   */
  unavailable?(): Promise<P>;
}
