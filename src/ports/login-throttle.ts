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
 * Counts failed logins and blocks further attempts after too many within a window (DECISIONS 5, 40), on two
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
