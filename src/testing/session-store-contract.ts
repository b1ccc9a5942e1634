/**
 * The contract suite every {@link SessionStore} adapter must pass: run it from the adapter's test file with the
 * host's test runner.
 * @module
 */
import { registerLifetimeCases } from './session-contract/lifetime.js';
import { registerVersionCases } from './session-contract/versions.js';
import type { SessionStoreFixture } from './session-store-fixture.js';
import { fixtureCase, type TestApi } from './test-api.js';

/**
 * Registers the {@link SessionStore} contract cases under one `describe`. Every case calls `setup` for a fresh
 * fixture and calls its `cleanup` afterwards. Assertions use `node:assert/strict`.
 *
 * The concurrency cases make thousands of calls (the session suite's read-modify-write case alone makes about
 * 40 000 against a store that serialises them); against a networked store give the runner a per-test timeout of
 * 30 s or more (vitest `testTimeout`, jest `testTimeout`).
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Builds a store and the clock it reads.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { createManualClock, describeSessionStoreContract } from 'cartwright/testing';
 *
 * describeSessionStoreContract({ describe, it }, 'my store', async () => {
 *   const clock = createManualClock('2024-05-01T10:00:00Z');
 *   return { store: createMyStore({ clock }), clock };
 * });
 * ```
 */
export function describeSessionStoreContract(
  t: TestApi,
  name: string,
  setup: () => Promise<SessionStoreFixture>,
): void {
  const test = fixtureCase<SessionStoreFixture>(t, setup);

  t.describe(`SessionStore contract: ${name}`, () => {
    registerVersionCases(test);
    registerLifetimeCases(test);
  });
}
