/**
 * When a failed delivery is tried again: exponential backoff with jitter, then parked.
 * @module
 */

/** How failed deliveries are retried. */
export interface RetryPolicy {
  /** The delay after the first failure, in milliseconds (default 5 s). */
  readonly firstDelayMs: number;
  /** The longest delay between two attempts (default 1 h). */
  readonly maxDelayMs: number;
  /** How long after the first failure the delivery is given up and parked `dead` (default 3 days). */
  readonly giveUpAfterMs: number;
}

/** From 5 s, doubling, capped at 1 h, for up to 3 days (a receiver down over a weekend still gets everything). */
export const defaultRetryPolicy: RetryPolicy = {
  firstDelayMs: 5_000,
  maxDelayMs: 3_600_000,
  giveUpAfterMs: 3 * 24 * 3_600_000,
};

/**
 * The instant of the next attempt after the `failures`-th failure (1 for the first), or null when the delivery
 * is to be parked: `firstFailedAt` + `giveUpAfterMs` has passed at `now`. The delay is the policy's doubling
 * delay times a jitter factor between 0.5 and 1 taken from `random` (a number in [0, 1)), so that receivers
 * coming back are not hit by every retry at once.
 */
export function nextAttemptAt(
  policy: RetryPolicy,
  failures: number,
  firstFailedAt: string,
  now: string,
  random: number,
): string | null {
  const at = Date.parse(now);
  if (at - Date.parse(firstFailedAt) >= policy.giveUpAfterMs) return null;
  const exponent = Math.min(Math.max(failures - 1, 0), 40);
  const delay = Math.min(policy.firstDelayMs * 2 ** exponent, policy.maxDelayMs);
  const jittered = Math.round(delay * (0.5 + random / 2));
  return new Date(at + Math.max(jittered, 1)).toISOString();
}
