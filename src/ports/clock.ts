/**
 * The clock port.
 * @module
 */

/**
 * The only source of time. Domain code never reads the system clock. Contract (`describeClockContract` in
 * `cartwright/testing`): `now` answers a valid `Date`, a new one each time.
 */
export interface Clock {
  /** The current instant. */
  now(): Date;
}
