/**
 * The in-memory login throttle.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import type { Clock } from '../../ports/clock.js';
import type { LoginThrottle, ThrottleVerdict } from '../../ports/login-throttle.js';

/** Options of {@link createMemoryLoginThrottle}. */
export interface MemoryLoginThrottleOptions {
  /** Judges the window; the throttle never reads the system clock. */
  readonly clock: Clock;
  /** Failures within the window that block a key. Default 5. */
  readonly maxFailures?: number | undefined;
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

/**
 * A {@link LoginThrottle} in a `Map`: a key is blocked once it has `maxFailures` failures within the last
 * `windowSeconds`, until the oldest of those leaves the window (`retryAfterSeconds`, at least 1).
 * No timers: old failures are dropped when their key is next used, and keys with none left in the window are
 * swept at most once per window, so memory stays bounded.
 */
export function createMemoryLoginThrottle(options: MemoryLoginThrottleOptions): LoginThrottle {
  const { clock } = options;
  const maxFailures = positiveInteger(options.maxFailures ?? 5, 'maxFailures');
  const windowMs = positiveInteger(options.windowSeconds ?? 300, 'windowSeconds') * 1000;
  /** Failure instants per key, oldest first, at most `maxFailures` of them (older ones cannot matter). */
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
    async check(key: string): Promise<ThrottleVerdict> {
      const nowMs = clock.now().getTime();
      const times = recent(key, nowMs);
      const oldestCounted = times[times.length - maxFailures];
      if (oldestCounted === undefined) return ALLOWED;
      const retryAfterSeconds = Math.max(1, Math.ceil((oldestCounted + windowMs - nowMs) / 1000));
      return { allowed: false, retryAfterSeconds };
    },

    async recordFailure(key: string): Promise<void> {
      const nowMs = clock.now().getTime();
      failures.set(key, [...recent(key, nowMs), nowMs].slice(-maxFailures));
    },

    async reset(key: string): Promise<void> {
      failures.delete(key);
    },
  };
}
