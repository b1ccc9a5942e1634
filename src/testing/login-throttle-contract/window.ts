/**
 * Login-throttle contract: the sliding window, `retryAfterSeconds`, and time taken from the injected clock.
 * @module
 */
import type { LoginAttempt } from '../../ports/login-throttle.js';
import { ALLOWED, blockedFor, caseAddresses, expectVerdict, fail, type ThrottleCase } from './helpers.js';

const SECOND_MS = 1000;
/** About ten years in milliseconds: far enough from the system clock that a throttle reading it shows. */
const TEN_YEARS_MS = 3652 * 24 * 3600 * SECOND_MS;

/** Registers the window cases. */
export function registerWindowCases(test: ThrottleCase): void {
  const limits = { maxFailures: 3, maxFailuresPerIp: 10, windowSeconds: 60 };

  test(
    'the window slides: an attempt unblocks when its oldest counted failure leaves it',
    limits,
    async (f) => {
      const k: LoginAttempt = { username: 'k', ip: caseAddresses()(1) };
      await fail(f.throttle, k);
      f.clock.advance(20 * SECOND_MS);
      await fail(f.throttle, k);
      f.clock.advance(20 * SECOND_MS);
      await fail(f.throttle, k);
      await expectVerdict(f.throttle, k, blockedFor(20), 'failures at 0, 20 and 40 s, checked at 40 s');
      f.clock.advance(19 * SECOND_MS);
      await expectVerdict(f.throttle, k, blockedFor(1), 'at 59 s');
      f.clock.advance(SECOND_MS);
      await expectVerdict(f.throttle, k, ALLOWED, 'at 60 s, when the first failure left the window');
      await fail(f.throttle, k);
      await expectVerdict(f.throttle, k, blockedFor(20), 'one more failure: the two recent ones still count');
    },
  );

  test('when both counters are full the longer wait is answered', {
    maxFailures: 1,
    maxFailuresPerIp: 2,
    windowSeconds: 60,
  }, async (f) => {
    const ip = caseAddresses()(1);
    await fail(f.throttle, { username: 'x', ip });
    f.clock.advance(10 * SECOND_MS);
    await fail(f.throttle, { username: 'k', ip });
    await expectVerdict(
      f.throttle,
      { username: 'k', ip },
      blockedFor(60),
      'the pair (60 s) over the address',
    );
    await expectVerdict(f.throttle, { username: 'y', ip }, blockedFor(50), 'the address alone (50 s)');
  });

  test('retryAfterSeconds rounds up and is never below one', limits, async (f) => {
    const k: LoginAttempt = { username: 'k', ip: caseAddresses()(1) };
    await fail(f.throttle, k, 3);
    f.clock.advance(500);
    await expectVerdict(f.throttle, k, blockedFor(60), '59.5 s left');
    f.clock.advance(59.5 * SECOND_MS - 1);
    await expectVerdict(f.throttle, k, blockedFor(1), '1 ms left');
    f.clock.advance(1);
    await expectVerdict(f.throttle, k, ALLOWED, 'none left');
  });

  test('the window is judged by the fixture clock, not the system clock', limits, async (f) => {
    const past = Date.now() - TEN_YEARS_MS;
    f.clock.set(new Date(past).toISOString());
    const k: LoginAttempt = { username: 'k', ip: caseAddresses()(1) };
    await fail(f.throttle, k, 3);
    await expectVerdict(f.throttle, k, blockedFor(60), 'ten years ago, just after the failures');
    f.clock.set(new Date(past + 30 * SECOND_MS).toISOString());
    await expectVerdict(f.throttle, k, blockedFor(30), 'half a window later by the fixture clock');
    f.clock.set(new Date(past + 60 * SECOND_MS).toISOString());
    await expectVerdict(f.throttle, k, ALLOWED, 'a window later by the fixture clock');
  });
}
