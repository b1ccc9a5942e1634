/**
 * The contract suite every {@link OrderRepository} adapter must pass: run it from the adapter's test file with
 * the host's test runner.
 * @module
 */
import { registerClaimCases } from './order-contract/claims.js';
import type { OrderCase } from './order-contract/helpers.js';
import { registerIdempotencyCases } from './order-contract/idempotency.js';
import { registerRecordCases } from './order-contract/records.js';
import { registerRedemptionCases } from './order-contract/redemptions.js';
import { registerRevisionCases } from './order-contract/revisions.js';
import { seedOrderRepository } from './order-contract/seed.js';
import { registerStockCases } from './order-contract/stock.js';
import type { OrderRepositorySetup } from './order-repository-fixture.js';
import { seededCase } from './seeded-case.js';
import type { TestApi } from './test-api.js';

/**
 * Registers the {@link OrderRepository} contract cases under one `describe`: records and history, revisions,
 * idempotent creates, stock moves (all-or-nothing, no overselling under concurrency) and coupon and reward
 * redemptions. Every case builds the suite's seed (two products and their stock, a coupon, two customers and a
 * reward balance: {@link OrderRepositorySeed}), calls `setup` with it for a fresh fixture and calls its `cleanup`
 * afterwards; nothing else of a store is needed. Assertions use `node:assert/strict`.
 *
 * The suite reads a reward redemption's `points` as a signed ledger entry: `-100` spends 100 points and lowers
 * `customers.getRewardBalance` by 100. The concurrency cases run up to 50 writes at once; against a networked
 * store give the runner a per-test timeout of 30 s or more (vitest `testTimeout`, jest `testTimeout`).
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Stores the seed (replacing what an earlier case stored) and builds the repository and the
 *   directories that read its ledgers over it.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeOrderRepositoryContract } from 'cartwright/testing';
 *
 * describeOrderRepositoryContract({ describe, it }, 'my store', async (seed) => {
 *   const db = await freshDatabase();
 *   await writeMyTables(db, seed); // the seed's products, coupon, customers and reward entries
 *   return { ...createMyStores(db), cleanup: () => db.close() };
 * });
 * ```
 */
export function describeOrderRepositoryContract(t: TestApi, name: string, setup: OrderRepositorySetup): void {
  const seeded = seededCase(t, seedOrderRepository, setup);
  const test: OrderCase = (title, body) => seeded(title, (fixture) => body(fixture));

  t.describe(`OrderRepository contract: ${name}`, () => {
    registerRecordCases(test);
    registerRevisionCases(test);
    registerIdempotencyCases(test);
    registerClaimCases(test);
    registerStockCases(test);
    registerRedemptionCases(test);
  });
}
