/**
 * The contract suite every {@link Catalog} adapter must pass: run it from the adapter's test file with the host's
 * test runner.
 * @module
 */

import { registerManufacturerListCases, registerProductListCases } from './catalog-contract/lists.js';
import { registerReadCases } from './catalog-contract/reads.js';
import { seedCatalog } from './catalog-contract/seed.js';
import type { CatalogSetup } from './catalog-fixture.js';
import { seededCase } from './seeded-case.js';
import type { TestApi } from './test-api.js';

/**
 * Registers the {@link Catalog} contract cases under one `describe`. Every case builds the seed catalog (eleven
 * products with options, specials, discounts, rewards and a plan; five manufacturers; a category tree three
 * deep), calls `setup` with it for a fresh fixture and calls its `cleanup` afterwards. Assertions use
 * `node:assert/strict`.
 *
 * The cases check what the port promises: `getProducts` answers every existing product asked for, once, as
 * stored (disabled ones and those not yet available included) and leaves unknown ids out, whatever the size of
 * the batch; stock reads agree between batches; a record handed out cannot change the store; the lists show
 * only products on sale on the query's day, sort names without regard to case, break every tie by id
 * ascending (so pages never overlap or skip), price by the group's special in its dates, filter by
 * manufacturer and by category with its sub-categories, and count the same sets; and, when the fixture offers a
 * failed store, every method rejects with an `Error` in time. How stock moves is the stock suite's
 * (`describeStockContract`), which reads it back through the catalog.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Stores the seed (replacing what an earlier case stored) and builds the catalog over it.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeCatalogContract } from 'cartwright/testing';
 *
 * describeCatalogContract({ describe, it }, 'my catalog', async (seed) => {
 *   const db = await freshDatabase();
 *   await writeMyTables(db, seed); // the seed's products, manufacturers and categories, in your own tables
 *   return { catalog: createMyCatalog(db), cleanup: () => db.close() };
 * });
 * ```
 */
export function describeCatalogContract(t: TestApi, name: string, setup: CatalogSetup): void {
  const test = seededCase(t, seedCatalog, setup);
  t.describe(`Catalog contract: ${name}`, () => {
    registerReadCases(test);
    registerProductListCases(test);
    registerManufacturerListCases(test);
  });
}
