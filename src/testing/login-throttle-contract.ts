/**
 * The contract suite every {@link LoginThrottle} adapter must pass: run it from the adapter's test file with
 * the host's test runner.
 * @module
 */
import type { LoginThrottle } from '../ports/login-throttle.js';
import { registerCounterCases } from './login-throttle-contract/counters.js';
import { registerWindowCases } from './login-throttle-contract/window.js';
import type { LoginThrottleContractLimits, LoginThrottleFixture } from './login-throttle-fixture.js';
import { fixtureCase, type TestApi } from './test-api.js';

/**
 * Registers the {@link LoginThrottle} contract cases under one `describe`: the username-and-address and the
 * address counters, what `check` and `reset` may change, the sliding window and its `retryAfterSeconds`, time
 * from the injected clock, and failures recorded concurrently. Every case calls `setup` with the limits it
 * needs for a fresh fixture and calls its `cleanup` afterwards. Assertions use `node:assert/strict`.
 *
 * The cases make up their own usernames and addresses (random `10.x.y.z` networks), so a store shared between
 * cases (one Redis prefix) works, though a fresh one per case is best.
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the adapter in the suite title.
 * @param setup - Builds a throttle with the given limits and the clock it reads.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { createManualClock, describeLoginThrottleContract } from 'cartwright/testing';
 *
 * describeLoginThrottleContract({ describe, it }, 'my throttle', async (limits) => {
 *   const clock = createManualClock('2024-05-01T10:00:00Z');
 *   return { throttle: createMyThrottle({ ...limits, clock }), clock };
 * });
 * ```
 */
export function describeLoginThrottleContract(
  t: TestApi,
  name: string,
  setup: (limits: LoginThrottleContractLimits) => Promise<LoginThrottleFixture>,
): void {
  t.describe(`LoginThrottle contract: ${name}`, () => {
    const test = (
      title: string,
      limits: LoginThrottleContractLimits,
      body: (fixture: LoginThrottleFixture) => Promise<void>,
    ): void => fixtureCase(t, () => setup(limits))(title, body);
    registerCounterCases(test);
    registerWindowCases(test);
  });
}
