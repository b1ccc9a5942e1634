/**
 * The clock port.
 * @module
 */

/** The only source of time. Domain code never reads the system clock. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}
