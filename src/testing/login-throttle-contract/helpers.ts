/**
 * Shared pieces of the login-throttle contract cases: attempts no other case uses, and verdict checks.
 * @module
 */
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import type { LoginAttempt, LoginThrottle, ThrottleVerdict } from '../../ports/login-throttle.js';
import type { LoginThrottleContractLimits, LoginThrottleFixture } from '../login-throttle-fixture.js';

/** Registers one case that runs on a fresh fixture made with `limits`. */
export type ThrottleCase = (
  title: string,
  limits: LoginThrottleContractLimits,
  body: (fixture: LoginThrottleFixture) => Promise<void>,
) => void;

/** The verdict of an attempt that may go ahead. */
export const ALLOWED: ThrottleVerdict = { allowed: true, retryAfterSeconds: 0 };

/** The verdict of an attempt that must wait `seconds`. */
export const blockedFor = (seconds: number): ThrottleVerdict => ({
  allowed: false,
  retryAfterSeconds: seconds,
});

/**
 * Addresses of one case: `10.<random>.<random>.<n>`, so that cases sharing a store (one Redis prefix, say)
 * never count each other's failures.
 */
export function caseAddresses(): (n: number) => string {
  const network = `10.${randomInt(256)}.${randomInt(256)}`;
  return (n) => `${network}.${n}`;
}

/** Counts `times` failures of `attempt`, one after the other. */
export async function fail(throttle: LoginThrottle, attempt: LoginAttempt, times = 1): Promise<void> {
  for (let i = 0; i < times; i += 1) await throttle.recordFailure(attempt);
}

/** Asserts the verdict of `attempt`. */
export async function expectVerdict(
  throttle: LoginThrottle,
  attempt: LoginAttempt,
  expected: ThrottleVerdict,
  when: string,
): Promise<void> {
  const verdict = await throttle.check(attempt);
  assert.deepStrictEqual(
    { allowed: verdict.allowed, retryAfterSeconds: verdict.retryAfterSeconds },
    expected,
    `${when}: check of ${JSON.stringify(attempt)}`,
  );
}
