/**
 * The in-memory login throttle: counts in this process only.
 * @module
 */
import type { Clock } from '../../ports/clock.js';
import type { LoginAttempt, LoginThrottle, LoginThrottleLimits } from '../../ports/login-throttle.js';
import { throttleLimits, verdictAfter } from '../throttle-limits.js';

/** Options of {@link createMemoryLoginThrottle}: the limits (see `LoginThrottleLimits`) and the clock. */
export interface MemoryLoginThrottleOptions extends LoginThrottleLimits {
  /** Judges the window; the throttle never reads the system clock. */
  readonly clock: Clock;
}

/** Failure instants per key, in a sliding window, at most `limit` per key (older ones cannot matter). */
interface FailureCounter {
  /** The milliseconds until the key unblocks, or 0 when it is not blocked. */
  blockedForMs(key: string, nowMs: number): number;
  record(key: string, nowMs: number): void;
  forget(key: string): void;
}

/**
 * One sliding-window counter in a `Map`. No timers: old failures are dropped when their key is next used, and
 * keys with none left in the window are swept at most once per window, so memory stays bounded.
 */
function createCounter(limit: number, windowMs: number): FailureCounter {
  const failures = new Map<string, number[]>();
  let lastSweepMs = Number.NEGATIVE_INFINITY;

  const inWindow = (times: readonly number[], nowMs: number) => times.filter((t) => t > nowMs - windowMs);

  /** Drops keys with no failure left in the window; runs when a window has passed or the clock went back. */
  function sweep(nowMs: number): void {
    if (nowMs < lastSweepMs + windowMs && nowMs >= lastSweepMs) return;
    lastSweepMs = nowMs;
    for (const [key, times] of failures) if (inWindow(times, nowMs).length === 0) failures.delete(key);
  }

  /** The failures of `key` still in the window at `nowMs`. */
  function recent(key: string, nowMs: number): number[] {
    sweep(nowMs);
    return inWindow(failures.get(key) ?? [], nowMs);
  }

  return {
    blockedForMs(key, nowMs) {
      const times = recent(key, nowMs);
      const oldestCounted = times[times.length - limit];
      return oldestCounted === undefined ? 0 : oldestCounted + windowMs - nowMs;
    },
    record(key, nowMs) {
      failures.set(key, [...recent(key, nowMs), nowMs].slice(-limit));
    },
    forget(key) {
      failures.delete(key);
    },
  };
}

/** The per-user counter's key: the pair, unambiguous whatever characters the username holds. */
function pairKey(attempt: LoginAttempt): string {
  return JSON.stringify([attempt.username, attempt.ip]);
}

/**
 * A {@link LoginThrottle} in two `Map`s of this process. An attempt is blocked once its username and address
 * have `maxFailures` failures within the last `windowSeconds`, or its address has `maxFailuresPerIp` whatever
 * the usernames, until the oldest counted failure of the full counter leaves the window (`retryAfterSeconds`,
 * at least 1; the longer wait when both are full).
 *
 * The counts are **per process**: behind a load balancer each server counts only the failures it saw, so a
 * client spreading its guesses over N servers gets N times the limit, and a restart forgets every count.
 * Hosts that run more than one process use a shared throttle (`createRedisLoginThrottle` in
 * `cartwright/adapters/redis`).
 */
export function createMemoryLoginThrottle(options: MemoryLoginThrottleOptions): LoginThrottle {
  const { clock } = options;
  const limits = throttleLimits(options, 'createMemoryLoginThrottle');
  const perUser = createCounter(limits.maxFailures, limits.windowMs);
  const perIp = createCounter(limits.maxFailuresPerIp, limits.windowMs);

  return {
    async check(attempt) {
      const nowMs = clock.now().getTime();
      return verdictAfter(
        Math.max(perUser.blockedForMs(pairKey(attempt), nowMs), perIp.blockedForMs(attempt.ip, nowMs)),
      );
    },

    async recordFailure(attempt) {
      const nowMs = clock.now().getTime();
      perUser.record(pairKey(attempt), nowMs);
      perIp.record(attempt.ip, nowMs);
    },

    async reset(attempt) {
      perUser.forget(pairKey(attempt));
    },
  };
}
