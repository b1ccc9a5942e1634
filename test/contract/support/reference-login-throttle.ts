/**
 * A small, obviously correct login throttle (lists of failure instants in a Map) with switchable defects, to
 * prove that the login-throttle contract suite passes a correct throttle and catches each defect.
 */
import type { Clock } from '../../../src/ports/clock.js';
import type { LoginAttempt, LoginThrottle } from '../../../src/ports/login-throttle.js';
import type { LoginThrottleContractLimits } from '../../../src/testing/index.js';

/** Defects to switch on. */
export interface LoginThrottleDefects {
  /** `reset` (a successful login) also clears the address's count. */
  readonly resetClearsAddress?: boolean;
  /** The username-and-address key joins the two with ':' (so `x` at `…::1:2` is `2:x` at `…::1`). */
  readonly joinedKeys?: boolean;
  /**
   * `recordFailure` reads the count, waits for the store, then writes it back (lost updates under
   * concurrency).
   */
  readonly readThenWrite?: boolean;
  /** `retryAfterSeconds` rounds down (0 s to wait while still blocked). */
  readonly roundsDown?: boolean;
}

/** The reference throttle with `limits`, reading time from `clock`, with the given defects. */
export function createReferenceLoginThrottle(
  clock: Clock,
  limits: LoginThrottleContractLimits,
  defects: LoginThrottleDefects = {},
): LoginThrottle {
  const failures = new Map<string, readonly number[]>();
  const windowMs = limits.windowSeconds * 1000;
  const pairKey = (a: LoginAttempt) =>
    defects.joinedKeys === true ? `${a.ip}:${a.username}` : JSON.stringify([a.username, a.ip]);
  const ipKey = (a: LoginAttempt) => `ip ${a.ip}`;
  const recent = (key: string, nowMs: number) =>
    (failures.get(key) ?? []).filter((t) => t > nowMs - windowMs);
  const waitMs = (key: string, limit: number, nowMs: number) => {
    const oldestCounted = recent(key, nowMs).at(-limit);
    return oldestCounted === undefined ? 0 : oldestCounted + windowMs - nowMs;
  };
  const add = async (key: string, nowMs: number) => {
    const before = recent(key, nowMs);
    if (defects.readThenWrite === true) await new Promise((resolve) => setTimeout(resolve, 0));
    failures.set(key, [...before, nowMs]);
  };
  return {
    async check(attempt) {
      const nowMs = clock.now().getTime();
      const wait = Math.max(
        waitMs(pairKey(attempt), limits.maxFailures, nowMs),
        waitMs(ipKey(attempt), limits.maxFailuresPerIp, nowMs),
      );
      if (wait <= 0) return { allowed: true, retryAfterSeconds: 0 };
      const seconds =
        defects.roundsDown === true ? Math.floor(wait / 1000) : Math.max(1, Math.ceil(wait / 1000));
      return { allowed: false, retryAfterSeconds: seconds };
    },
    async recordFailure(attempt) {
      const nowMs = clock.now().getTime();
      await add(pairKey(attempt), nowMs);
      await add(ipKey(attempt), nowMs);
    },
    async reset(attempt) {
      failures.delete(pairKey(attempt));
      if (defects.resetClearsAddress === true) failures.delete(ipKey(attempt));
    },
  };
}
