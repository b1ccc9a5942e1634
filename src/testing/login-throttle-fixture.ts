/**
 * What the login-throttle contract suite needs from the host for one case.
 * @module
 */
import type { LoginThrottle } from '../ports/login-throttle.js';
import type { ManualClock } from './clocks.js';

/** The limits the suite asks a throttle for (all given, never the defaults). */
export interface LoginThrottleContractLimits {
  /** Failures of one username from one address within the window that block it. */
  readonly maxFailures: number;
  /** Failures from one address within the window, whatever the usernames, that block it. */
  readonly maxFailuresPerIp: number;
  /** The sliding window, in whole seconds. */
  readonly windowSeconds: number;
}

/** A fresh throttle for one case, made with the limits the case asked for, and the clock it reads. */
export interface LoginThrottleFixture {
  /** The throttle under test, with no failure counted for the attempts the suite makes up. */
  readonly throttle: LoginThrottle;
  /**
   * The clock the throttle judges its window by (a {@link ManualClock} passes). The suite moves it; the
   * throttle must not read the system clock.
   */
  readonly clock: Pick<ManualClock, 'now' | 'set' | 'advance'>;
  /** Releases the throttle's resources after the case (called once, pass or fail). */
  cleanup?(): Promise<void>;
}
