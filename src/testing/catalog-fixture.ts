/**
 * What the catalog contract suite needs from the host for one case.
 * @module
 */
import type { Catalog } from '../ports/catalog.js';
import type { CatalogSeed } from './catalog-contract/seed.js';

/** A catalog over freshly seeded data, for one case. */
export interface CatalogFixture {
  /** The catalog under test, reading exactly the seed it was set up with. */
  readonly catalog: Catalog;
  /**
   * Optional: a catalog of the same kind over a store that has failed (stopped, unreachable, or stalled past the
   * adapter's deadline). When given, the suite checks that every method then rejects with an `Error`, in time,
   * rather than answering as if the store were empty. Leave it out for a catalog that cannot fail (in memory).
   */
  unavailable?(): Promise<Catalog>;
  /** Releases the store's resources after the case (called once, pass or fail). */
  cleanup?(): Promise<void>;
}

/** Stores `seed` (replacing whatever an earlier case stored) and answers the catalog over it. */
export type CatalogSetup = (seed: CatalogSeed) => Promise<CatalogFixture>;
