/**
 * The in-memory login throttle.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import type { Clock } from '../../ports/clock.js';
import type { LoginAttempt, LoginThrottle, ThrottleVerdict } from '../../ports/login-throttle.js';

/** Options of {@link createMemoryLoginThrottle}. */
export interface MemoryLoginThrottleOptions {
  /** Judges the window; the throttle never reads the system clock. */
  readonly clock: Clock;
  /** Failures of one username from one address within the window that block it. Default 5. */
  readonly maxFailures?: number | undefined;
  /**
   * Failures from one address within the window, whatever the usernames, that block every login from it.
   * Default 20: higher than `maxFailures`, so a shared address is not blocked by one user's mistakes.
   */
  readonly maxFailuresPerIp?: number | undefined;
  /** Length of the sliding window, in seconds. Default 300. */
  readonly windowSeconds?: number | undefined;
}

const ALLOWED: ThrottleVerdict = Object.freeze({ allowed: true, retryAfterSeconds: 0 });

/** Checks an option is a positive integer: a throttle that never blocks (or always does) is a configuration bug. */
function positiveInteger(value: number, name: string): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new CartwrightInvariantError(
      `createMemoryLoginThrottle: ${name} must be a positive integer, got ${value}`,
    );
  }
  return value;
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
 * A {@link LoginThrottle} in two `Map`s. An attempt is blocked once its username and address have `maxFailures`
 * failures within the last `windowSeconds`, or its address has `maxFailuresPerIp` whatever the usernames, until
 * the oldest counted failure of the full counter leaves the window (`retryAfterSeconds`, at least 1; the longer
 * wait when both are full).
 */
export function createMemoryLoginThrottle(options: MemoryLoginThrottleOptions): LoginThrottle {
  const { clock } = options;
  const windowMs = positiveInteger(options.windowSeconds ?? 300, 'windowSeconds') * 1000;
  const perUser = createCounter(positiveInteger(options.maxFailures ?? 5, 'maxFailures'), windowMs);
  const perIp = createCounter(positiveInteger(options.maxFailuresPerIp ?? 20, 'maxFailuresPerIp'), windowMs);

  return {
    async check(attempt) {
      const nowMs = clock.now().getTime();
      const waitMs = Math.max(
        perUser.blockedForMs(pairKey(attempt), nowMs),
        perIp.blockedForMs(attempt.ip, nowMs),
      );
      if (waitMs <= 0) return ALLOWED;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
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
