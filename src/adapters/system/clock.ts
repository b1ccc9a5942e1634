/**
 * The system clock.
 * @module
 */
import type { Clock } from '../../ports/clock.js';

/** A {@link Clock} reading the machine's time: the production clock. Tests inject a manual one instead. */
export function createSystemClock(): Clock {
  return { now: () => new Date() };
}
