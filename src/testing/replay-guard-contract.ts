/**
 * The contract suite every {@link ReplayGuard} adapter must pass: run it from the adapter's test file with the
 * host's test runner.
 * @module
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ReplayGuard } from '../ports/replay-guard.js';
import type { ManualClock } from './clocks.js';
import { fixtureCase, type TestApi } from './test-api.js';

/** A fresh guard for one case, and the clock it reads. */
export interface ReplayGuardFixture {
  /** The guard under test; the suite makes up new random keys. */
  readonly guard: ReplayGuard;
  /** The clock the guard judges expiry by (a {@link ManualClock} passes); the suite moves it. */
  readonly clock: Pick<ManualClock, 'now' | 'set'>;
  /** Releases the guard's resources after the case (called once, pass or fail). */
  cleanup?(): Promise<void>;
}

/** `ms` after the fixture clock's time. */
const after = (fixture: ReplayGuardFixture, ms: number) => new Date(fixture.clock.now().getTime() + ms);

/** Sets the fixture clock to `instant`. */
const setClock = (fixture: ReplayGuardFixture, instant: Date) => fixture.clock.set(instant.toISOString());

/** A key no other case uses. */
const freshKey = () => `1:${randomUUID()}`;

/**
 * Registers the {@link ReplayGuard} contract cases under one `describe`: a key is claimed once, is free again
 * from its expiry on (by the fixture's clock), keys are independent, and of concurrent claims exactly one wins.
 *
 * @param t - The runner's `describe` and `it`.
 * @param name - Names the adapter in the suite title.
 * @param setup - Builds a guard and the clock it reads.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { createManualClock, describeReplayGuardContract } from 'cartwright/testing';
 *
 * describeReplayGuardContract({ describe, it }, 'my guard', async () => {
 *   const clock = createManualClock('2024-05-01T10:00:00Z');
 *   return { guard: createMyGuard({ clock }), clock };
 * });
 * ```
 */
export function describeReplayGuardContract(
  t: TestApi,
  name: string,
  setup: () => Promise<ReplayGuardFixture>,
): void {
  const test = fixtureCase<ReplayGuardFixture>(t, setup);

  t.describe(`ReplayGuard contract: ${name}`, () => {
    test('a key is claimed once: every later claim before its expiry is refused', async (fixture) => {
      const key = freshKey();
      assert.equal(await fixture.guard.claim(key, after(fixture, 60_000)), true, 'first claim');
      assert.equal(await fixture.guard.claim(key, after(fixture, 60_000)), false, 'second claim');
      setClock(fixture, after(fixture, 59_999));
      assert.equal(await fixture.guard.claim(key, after(fixture, 60_000)), false, '1 ms before expiry');
    });

    test('a key is free again from its expiry on, judged by the fixture clock, then held anew', async (fixture) => {
      const key = freshKey();
      const expiresAt = after(fixture, 10_000);
      assert.equal(await fixture.guard.claim(key, expiresAt), true, 'first claim');
      setClock(fixture, expiresAt);
      assert.equal(await fixture.guard.claim(key, after(fixture, 10_000)), true, 'at expiry');
      assert.equal(await fixture.guard.claim(key, after(fixture, 10_000)), false, 'after the new claim');
    });

    test('keys are independent of each other', async (fixture) => {
      const first = freshKey();
      assert.equal(await fixture.guard.claim(first, after(fixture, 60_000)), true, 'first key');
      assert.equal(await fixture.guard.claim(freshKey(), after(fixture, 60_000)), true, 'another key');
      assert.equal(await fixture.guard.claim(`${first}x`, after(fixture, 60_000)), true, 'a longer key');
    });

    test('of 50 concurrent claims of one key exactly one wins', async (fixture) => {
      const key = freshKey();
      const claims = Array.from({ length: 50 }, () => fixture.guard.claim(key, after(fixture, 60_000)));
      const won = (await Promise.all(claims)).filter((first) => first);
      assert.equal(won.length, 1, 'claims that won');
    });
  });
}
