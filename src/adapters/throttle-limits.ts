/**
 * The limits every login throttle adapter takes, checked and defaulted in one place so that the memory and
 * the Redis throttles block at the same counts.
 * @module
 */
import { CartwrightInvariantError } from '../domain/errors.js';
import type { LoginThrottleLimits } from '../ports/login-throttle.js';

/** {@link LoginThrottleLimits} with the defaults filled in and the window in milliseconds. */
export interface ThrottleLimits {
  readonly maxFailures: number;
  readonly maxFailuresPerIp: number;
  readonly windowMs: number;
}

/**
 * Checks an option is a positive integer: a throttle that never blocks (or always does) is a configuration
 * bug.
 */
function positiveInteger(value: number, name: string, factory: string): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new CartwrightInvariantError(`${factory}: ${name} must be a positive integer, got ${value}`);
  }
  return value;
}

/**
 * The checked limits of `options` (defaults 5 per username and address, 20 per address, 300 s), or a
 * {@link CartwrightInvariantError} naming `factory` and the option at fault.
 */
export function throttleLimits(options: LoginThrottleLimits, factory: string): ThrottleLimits {
  return {
    maxFailures: positiveInteger(options.maxFailures ?? 5, 'maxFailures', factory),
    maxFailuresPerIp: positiveInteger(options.maxFailuresPerIp ?? 20, 'maxFailuresPerIp', factory),
    windowMs: positiveInteger(options.windowSeconds ?? 300, 'windowSeconds', factory) * 1000,
  };
}

/**
 * The verdict for a wait of `waitMs`: allowed when nothing is left to wait, else at least one whole second.
 */
export function verdictAfter(waitMs: number): {
  readonly allowed: boolean;
  readonly retryAfterSeconds: number;
} {
  if (waitMs <= 0) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}
