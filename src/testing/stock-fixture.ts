/**
 * What the stock contract suite needs from the host for one case.
 * @module
 */
import type { Catalog } from '../ports/catalog.js';
import type { Stock } from '../ports/stock.js';
import type { CatalogSeed } from './catalog-contract/seed.js';

/** The stock under test and the catalog that reads it back, over freshly seeded data. */
export interface StockFixture {
  /** The stock under test, over exactly the seed it was set up with. */
  readonly stock: Stock;
  /** The catalog the host provides with it: the suite reads every move back through it. */
  readonly catalog: Catalog;
  /**
   * Optional: a stock of the same kind over a store that has failed (stopped, unreachable, or stalled past the
   * adapter's deadline). When given, the suite checks that `move` then rejects with an `Error`, in time.
   */
  unavailable?(): Promise<Stock>;
  /** Releases the store's resources after the case (called once, pass or fail). */
  cleanup?(): Promise<void>;
}

/** Stores `seed` (replacing whatever an earlier case stored) and answers the stock and catalog over it. */
export type StockSetup = (seed: CatalogSeed) => Promise<StockFixture>;
