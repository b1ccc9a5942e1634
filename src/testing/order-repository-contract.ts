/**
 * The contract suite every {@link OrderRepository} adapter must pass: run it from the adapter's test file with
 * the host's test runner.
 * @module
 */
import { registerClaimCases } from './order-contract/claims.js';
import { registerIdempotencyCases } from './order-contract/idempotency.js';
import { registerRecordCases } from './order-contract/records.js';
import { registerRedemptionCases } from './order-contract/redemptions.js';
import { registerRevisionCases } from './order-contract/revisions.js';
import { registerStockCases } from './order-contract/stock.js';
import type { OrderRepositoryFixture } from './order-repository-fixture.js';
import { fixtureCase, type TestApi } from './test-api.js';

/**
 * Registers the {@link OrderRepository} contract cases under one `describe`: records and history, revisions,
 * idempotent creates, stock moves (all-or-nothing, no overselling under concurrency) and coupon and reward
 * redemptions. Every case calls `setup` for a fresh fixture holding the demo store's data and calls its
 * `cleanup` afterwards. Assertions use `node:assert/strict`.
 *
 * The suite reads a reward redemption's `points` as a signed ledger entry: `-100` spends 100 points and lowers
 * `customers.getRewardBalance` by 100. The concurrency cases run up to 50 writes at once; against a networked
 * store give the runner a per-test timeout of 30 s or more (vitest `testTimeout`, jest `testTimeout`).
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Builds the repository and the directories that read its ledgers, on fresh demo data.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeOrderRepositoryContract } from 'cartwright/testing';
 *
 * describeOrderRepositoryContract({ describe, it }, 'postgres', async () => {
 *   const pool = await freshDatabaseWithDemoData();
 *   const stores = createPostgresStores({ pool });
 *   return { ...stores, cleanup: () => pool.end() };
 * });
 * ```
 */
export function describeOrderRepositoryContract(
  t: TestApi,
  name: string,
  setup: () => Promise<OrderRepositoryFixture>,
): void {
  const test = fixtureCase<OrderRepositoryFixture>(t, setup);

  t.describe(`OrderRepository contract: ${name}`, () => {
    registerRecordCases(test);
    registerRevisionCases(test);
    registerIdempotencyCases(test);
    registerClaimCases(test);
    registerStockCases(test);
    registerRedemptionCases(test);
  });
}
