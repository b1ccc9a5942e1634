/**
 * Login-throttle contract: the two counters (username at an address, and the address), what counts and what a
 * successful login clears, under concurrency too.
 * @module
 */
import type { LoginAttempt } from '../../ports/login-throttle.js';
import { ALLOWED, blockedFor, caseAddresses, expectVerdict, fail, type ThrottleCase } from './helpers.js';

/** Registers the counting cases. */
export function registerCounterCases(test: ThrottleCase): void {
  const limits = { maxFailures: 3, maxFailuresPerIp: 10, windowSeconds: 60 };

  test('a username at an address is blocked for the window after maxFailures failures', limits, async (f) => {
    const ip = caseAddresses();
    const demo: LoginAttempt = { username: 'demo', ip: ip(1) };
    await fail(f.throttle, demo, 2);
    await expectVerdict(f.throttle, demo, ALLOWED, 'after maxFailures - 1 failures');
    await fail(f.throttle, demo);
    await expectVerdict(f.throttle, demo, blockedFor(60), 'after maxFailures failures');
    await expectVerdict(f.throttle, { ...demo, ip: ip(2) }, ALLOWED, 'the same username at another address');
    await expectVerdict(f.throttle, { ...demo, username: 'other' }, ALLOWED, 'another username there');
  });

  test('an address is blocked after maxFailuresPerIp failures, whatever usernames it tries', {
    maxFailures: 3,
    maxFailuresPerIp: 5,
    windowSeconds: 60,
  }, async (f) => {
    const ip = caseAddresses();
    for (let n = 0; n < 4; n += 1) await fail(f.throttle, { username: `user-${n}`, ip: ip(1) });
    await expectVerdict(f.throttle, { username: 'user-4', ip: ip(1) }, ALLOWED, 'after 4 usernames failed');
    await fail(f.throttle, { username: 'user-4', ip: ip(1) });
    await expectVerdict(f.throttle, { username: 'new', ip: ip(1) }, blockedFor(60), 'a fresh username');
    await expectVerdict(f.throttle, { username: 'new', ip: ip(2) }, ALLOWED, 'another address');
  });

  test('check counts nothing', limits, async (f) => {
    const attempt: LoginAttempt = { username: 'demo', ip: caseAddresses()(1) };
    for (let i = 0; i < 20; i += 1) await f.throttle.check(attempt);
    await fail(f.throttle, attempt, 2);
    await expectVerdict(f.throttle, attempt, ALLOWED, 'after 20 checks and maxFailures - 1 failures');
  });

  test('reset clears the username at the address, never the address count', {
    maxFailures: 2,
    maxFailuresPerIp: 3,
    windowSeconds: 60,
  }, async (f) => {
    const ip = caseAddresses();
    const a: LoginAttempt = { username: 'a', ip: ip(1) };
    await f.throttle.reset({ username: 'never-failed', ip: ip(1) });
    await fail(f.throttle, a, 2);
    await expectVerdict(f.throttle, a, blockedFor(60), 'after maxFailures failures');
    // A valid login (of any user) between guesses must not wipe the address's count.
    await f.throttle.reset(a);
    await expectVerdict(f.throttle, a, ALLOWED, 'after reset');
    await fail(f.throttle, { username: 'c', ip: ip(1) });
    await expectVerdict(f.throttle, { username: 'b', ip: ip(1) }, blockedFor(60), 'the address after 3');
  });

  test('usernames and addresses are kept apart, whatever characters they hold', limits, async (f) => {
    const n = caseAddresses()(1).split('.').slice(1, 3).join(':');
    // Pairs that a key made by joining the two with ':' would confuse.
    const confusable: readonly (readonly [LoginAttempt, LoginAttempt])[] = [
      [
        { username: 'x', ip: `2001:db8:${n}::1:2` },
        { username: '2:x', ip: `2001:db8:${n}::1` },
      ],
      [
        { username: 'x', ip: `2001:db8:${n}::1` },
        { username: 'x:2001', ip: `db8:${n}::1` },
      ],
    ];
    for (const [blocked, other] of confusable) {
      await fail(f.throttle, blocked, 3);
      await expectVerdict(f.throttle, blocked, blockedFor(60), 'the pair that failed');
      await expectVerdict(f.throttle, other, ALLOWED, 'a pair that only a careless key would confuse');
    }
    const ip = caseAddresses()(9);
    await fail(f.throttle, { username: 'Zoë "the admin" {x}', ip }, 3);
    await expectVerdict(f.throttle, { username: 'Zoë', ip }, ALLOWED, 'a prefix of a failed username');
    await fail(f.throttle, { username: '', ip }, 2);
    await expectVerdict(f.throttle, { username: '', ip }, ALLOWED, 'the empty username, counted on its own');
  });

  test('every one of many concurrent failures is counted', {
    maxFailures: 40,
    maxFailuresPerIp: 60,
    windowSeconds: 60,
  }, async (f) => {
    const ip = caseAddresses();
    const pair: LoginAttempt = { username: 'demo', ip: ip(1) };
    await Promise.all(Array.from({ length: 39 }, () => f.throttle.recordFailure(pair)));
    await expectVerdict(f.throttle, pair, ALLOWED, 'after 39 concurrent failures (limit 40)');
    await fail(f.throttle, pair);
    await expectVerdict(f.throttle, pair, blockedFor(60), 'after the 40th');
    const rotating = Array.from({ length: 60 }, (_, i) => ({ username: `user-${i}`, ip: ip(2) }));
    await Promise.all(rotating.map((attempt) => f.throttle.recordFailure(attempt)));
    await expectVerdict(f.throttle, { username: 'new', ip: ip(2) }, blockedFor(60), 'the address after 60');
  });
}
