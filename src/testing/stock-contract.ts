/**
 * The contract suite every {@link Stock} adapter must pass, with the catalog that reads its stock back: run it
 * from the adapter's test file with the host's test runner.
 * @module
 */
import { type CatalogSeed, seedCatalog } from './catalog-contract/seed.js';
import { registerMoveCases } from './stock-contract/moves.js';
import type { StockFixture, StockSetup } from './stock-fixture.js';
import { fixtureCase, type TestApi } from './test-api.js';

/**
 * Registers the {@link Stock} contract cases under one `describe`. Every case builds the catalog seed (the one
 * `describeCatalogContract` seeds: product 101 has 7 in stock, its option value 1001 "Black" 5 and 1002 "Silver"
 * 0; product 102 has 100), calls `setup` with it for a fresh fixture and calls its `cleanup` afterwards, and
 * reads every move back through the fixture's catalog. Assertions use `node:assert/strict`.
 *
 * The cases check what the port promises: every move or none; moves in the order given, each guarded one
 * against what the earlier ones left; a refusal naming each product or option value once, with the stock it had
 * and every unit asked of it; unknown products and values refused when guarded and untouched otherwise;
 * unguarded moves below zero; no overselling when 30 calls race for the last 7 units; the catalog reading a
 * move at once; and, when the fixture offers a failed store, a rejection with an `Error` in time. The race
 * runs 30 calls at once: against a networked store give the runner a per-test timeout of 30 s or more.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Stores the seed (replacing what an earlier case stored) and builds the stock and catalog over it.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeStockContract } from 'cartwright/testing';
 *
 * describeStockContract({ describe, it }, 'my stock', async (seed) => {
 *   const db = await freshDatabase();
 *   await writeMyTables(db, seed);
 *   return { stock: createMyStock(db), catalog: createMyCatalog(db), cleanup: () => db.close() };
 * });
 * ```
 */
export function describeStockContract(t: TestApi, name: string, setup: StockSetup): void {
  const test = fixtureCase<StockFixture>(t, () => setup(seedCatalog() satisfies CatalogSeed));

  t.describe(`Stock contract: ${name}`, () => {
    registerMoveCases(test);
  });
}
