/**
 * The login-throttle port.
 * @module
 */

/** Whether a login attempt may go ahead, and when to try again if not. */
export interface ThrottleVerdict {
  readonly allowed: boolean;
  readonly retryAfterSeconds: number;
}

/**
 * Counts failed logins per key (the HTTP layer uses username and client IP) and blocks a key that failed too
 * often within a window. Contract: only `recordFailure` counts; `reset` clears a key after a successful login.
 */
export interface LoginThrottle {
  /** Whether the key may try to log in now. */
  check(key: string): Promise<ThrottleVerdict>;
  /** Counts one failed login for the key. */
  recordFailure(key: string): Promise<void>;
  /** Forgets the failures of the key. */
  reset(key: string): Promise<void>;
}
