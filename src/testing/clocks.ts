/**
 * Deterministic clocks for tests: a clock stopped at one instant and a clock the test moves by hand.
 * @module
 */
import { CartwrightInvariantError } from '../domain/errors.js';
import type { Clock } from '../ports/clock.js';

/**
 * ISO-8601 instants accepted by the test clocks: a date (`2024-05-01`, read as UTC) or a date-time with an
 * explicit `Z` or offset. A date-time without one is refused, because JavaScript reads it in the machine's local
 * time zone and the test would then depend on where it runs.
 */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** Milliseconds since the epoch of an ISO-8601 instant, or a {@link CartwrightInvariantError}. */
function parseInstant(iso: string, where: string): number {
  const ms = typeof iso === 'string' && ISO_INSTANT.test(iso) ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new CartwrightInvariantError(
      `${where}: expected an ISO-8601 instant with a time zone (e.g. "2024-05-01T10:00:00Z"), got ${JSON.stringify(iso)}`,
    );
  }
  return ms;
}

/**
 * A {@link Clock} whose time moves only when the test says so: inject it into the code under test and keep the
 * handle to move time (the xstate `SimulatedClock` idea).
 */
export interface ManualClock extends Clock {
  /** A new `Date` for the clock's current instant (changing it does not move the clock). */
  now(): Date;
  /**
   * Moves the clock forward by `ms` milliseconds.
   * @throws CartwrightInvariantError when `ms` is negative or not finite (use {@link ManualClock.set} to go back).
   */
  advance(ms: number): void;
  /** Moves the clock forward by `s` seconds; same rules as {@link ManualClock.advance}. */
  advanceSeconds(s: number): void;
  /**
   * Puts the clock at an instant, forward or back.
   * @throws CartwrightInvariantError for anything but an ISO-8601 instant with a time zone.
   */
  set(iso: string): void;
}

/**
 * A {@link Clock} stopped at `iso`: every `now()` returns a new `Date` for that instant.
 *
 * @param iso - An ISO-8601 instant with `Z` or an offset (`"2024-05-01T10:00:00Z"`), or a plain date (UTC midnight).
 * @throws CartwrightInvariantError for anything else, including a date-time without a time zone.
 * @example
 * ```ts
 * const clock = createFixedClock('2024-05-01T10:00:00Z');
 * clock.now().toISOString(); // '2024-05-01T10:00:00.000Z'
 * ```
 */
export function createFixedClock(iso: string): Clock {
  const ms = parseInstant(iso, 'createFixedClock');
  return { now: () => new Date(ms) };
}

/**
 * A {@link ManualClock} starting at `startIso`. Time stands still until the test calls `advance`,
 * `advanceSeconds` or `set`; every `now()` returns a new `Date`.
 *
 * @param startIso - An ISO-8601 instant with `Z` or an offset, or a plain date (UTC midnight).
 * @throws CartwrightInvariantError for anything else.
 * @example
 * ```ts
 * const clock = createManualClock('2024-05-01T10:00:00Z');
 * const sessions = createMemorySessionStore({ clock });
 * clock.advanceSeconds(3600); // the session saved above is now an hour older
 * ```
 */
export function createManualClock(startIso: string): ManualClock {
  let current = parseInstant(startIso, 'createManualClock');
  const advance = (ms: number, unit: string): void => {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new CartwrightInvariantError(
        `ManualClock: can only move forward by a finite, non-negative number of ${unit}, got ${String(ms)}`,
      );
    }
    const next = current + (unit === 'seconds' ? ms * 1000 : ms);
    if (Number.isNaN(new Date(next).getTime())) {
      throw new CartwrightInvariantError(
        `ManualClock: moving by ${String(ms)} ${unit} leaves the range of Date`,
      );
    }
    current = next;
  };
  return {
    now: () => new Date(current),
    advance: (ms) => advance(ms, 'milliseconds'),
    advanceSeconds: (s) => advance(s, 'seconds'),
    set: (iso) => {
      current = parseInstant(iso, 'ManualClock.set');
    },
  };
}
