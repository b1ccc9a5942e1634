/**
 * The contract suite every {@link Clock} must pass: run it from the clock's test file with the host's test runner.
 * @module
 */
import assert from 'node:assert/strict';
import type { Clock } from '../ports/clock.js';
import { type CleanableFixture, fixtureCase, type TestApi } from './test-api.js';

/** A clock, for one case. */
export interface ClockFixture extends CleanableFixture {
  /** The clock under test. */
  readonly clock: Clock;
}

/** Ten years in milliseconds: how far a clock may read from the system's before the suite calls it broken. */
const TEN_YEARS_MS = 3652 * 24 * 60 * 60 * 1000;

/** What `now` answered, asserted to be a valid `Date`. */
function read(clock: Clock): Date {
  const now: unknown = clock.now();
  assert.ok(now instanceof Date, `now must answer a Date, got ${String(now)}`);
  assert.ok(Number.isFinite(now.getTime()), 'now answered an invalid Date');
  return now;
}

/**
 * Registers the {@link Clock} contract cases under one `describe`. Every case calls `setup` for a fresh fixture
 * and calls its `cleanup` afterwards. Assertions use `node:assert/strict`.
 *
 * The cases check what the port promises: `now` answers, synchronously, a valid `Date` (one that has an ISO-8601
 * form: the engine writes every instant so), a new one each time, so that a caller changing the one it got never
 * changes what the clock reads next. A clock meant for production should also read within ten years of the
 * system's time: pass `{ nearSystemTime: true }` to check that (test clocks set to any instant leave it out).
 *
 * @param t - The runner's `describe` and `it` (vitest, jest, node:test…).
 * @param name - Names the clock in the suite title.
 * @param setup - Builds the clock.
 * @param options - `nearSystemTime`: check that the clock reads within ten years of the system's time.
 * @example
 * ```ts
 * import { describe, it } from 'vitest';
 * import { describeClockContract } from 'cartwright/testing';
 *
 * describeClockContract({ describe, it }, 'my NTP clock', async () => ({ clock: createNtpClock() }), {
 *   nearSystemTime: true,
 * });
 * ```
 */
export function describeClockContract(
  t: TestApi,
  name: string,
  setup: () => Promise<ClockFixture>,
  options: { readonly nearSystemTime?: boolean } = {},
): void {
  const test = fixtureCase<ClockFixture>(t, setup);

  t.describe(`Clock contract: ${name}`, () => {
    test('now answers a valid Date synchronously, one with an ISO-8601 form', async ({ clock }) => {
      for (let i = 0; i < 3; i += 1) {
        const now = read(clock);
        assert.match(now.toISOString(), /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'the ISO-8601 form');
      }
    });

    test('a Date it answered, changed by the caller, never changes what it reads next', async ({ clock }) => {
      const first = read(clock);
      const reading = first.getTime();
      first.setTime(reading - TEN_YEARS_MS);
      const second = read(clock);
      assert.notEqual(second, first, 'now must answer a new Date each time');
      assert.ok(
        Math.abs(second.getTime() - reading) < TEN_YEARS_MS / 2,
        'the clock read the change a caller made to a Date it answered',
      );
    });

    if (options.nearSystemTime === true) {
      test('it reads within ten years of the system time', async ({ clock }) => {
        const drift = Math.abs(read(clock).getTime() - Date.now());
        assert.ok(drift < TEN_YEARS_MS, `the clock is ${drift} ms away from the system time`);
      });
    }
  });
}
