/**
 * The login-throttle port.
 * @module
 */

/** Whether a login attempt may go ahead, and when to try again if not. */
export interface ThrottleVerdict {
  readonly allowed: boolean;
  readonly retryAfterSeconds: number;
}

/** Who is trying to log in: the username sent (possibly unknown or empty) and the client's address. */
export interface LoginAttempt {
  readonly username: string;
  /** The client's address, normalised (`::ffff:127.0.0.1` is `127.0.0.1`). */
  readonly ip: string;
}

/**
 * The limits of a {@link LoginThrottle}: how many failures within how long block an attempt. Every throttle
 * cartwright ships takes them; the login-throttle contract suite passes its own.
 */
export interface LoginThrottleLimits {
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

/**
 * Counts failed logins and blocks further attempts after too many within a window, on two
 * counters: one per username and address (guessing one user's key), and one per address whatever the username
 * (a client trying many usernames, which the first counter never sees twice). The address limit is the higher
 * of the two, so that a shared address (an office behind NAT) is not blocked by one user's typos.
 *
 * Contract: `check` counts nothing and blocks when either counter is full; `recordFailure` counts one failure on
 * both; `reset`, after a successful login, clears the username-and-address counter only, so that a client
 * holding one valid key cannot clear its address's count by logging in between guesses.
 */
export interface LoginThrottle {
  /** Whether the attempt may go ahead now; when not, how long until it may. */
  check(attempt: LoginAttempt): Promise<ThrottleVerdict>;
  /** Counts one failed login for the username and address, and for the address. */
  recordFailure(attempt: LoginAttempt): Promise<void>;
  /** Forgets the failures of the username at the address (the address's own count stays). */
  reset(attempt: LoginAttempt): Promise<void>;
}
