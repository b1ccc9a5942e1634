/**
 * Deadlines for store calls: a store that stalls (held open and silent) must not hold a request for as long as it
 * stalls. Each call of a Redis or PostgreSQL adapter starts a deadline; past it the call rejects, and the engine
 * answers `unavailable` (503) as for any store failure.
 * @module
 */
import { CartwrightInvariantError } from '../domain/errors.js';

/** The deadline of one store call when the host names none, in milliseconds. */
export const DEFAULT_DEADLINE_MS = 2_000;

/** The longest deadline accepted: what `setTimeout` can wait (about 24.8 days). */
const MAX_DEADLINE_MS = 2_147_483_647;

/**
 * A `deadlineMs` option, checked: a whole number of milliseconds from 1 up to about 24 days; default
 * {@link DEFAULT_DEADLINE_MS}. Throws `CartwrightInvariantError` naming `owner` otherwise.
 */
export function deadlineOption(value: number | undefined, owner: string): number {
  const chosen = value ?? DEFAULT_DEADLINE_MS;
  if (!Number.isSafeInteger(chosen) || chosen < 1 || chosen > MAX_DEADLINE_MS) {
    throw new CartwrightInvariantError(
      `${owner}: deadlineMs must be a whole number of milliseconds from 1 to ${MAX_DEADLINE_MS}, got ${String(value)}`,
    );
  }
  return chosen;
}

/** A running deadline. */
export interface Deadline {
  /** Rejects, with an error saying what passed its deadline, once the time is up; never resolves. */
  readonly expired: Promise<never>;
  /** Stops the timer (the call ended in time); `expired` then never settles. */
  clear(): void;
}

/** Starts a deadline of `ms` milliseconds for `what` (named in the error, e.g. `redis session get`). */
export function startDeadline(ms: number, what: string): Deadline {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`cartwright: ${what} passed its deadline of ${ms} ms`);
      error.name = 'StoreDeadlineError';
      reject(error);
    }, ms);
  });
  // Nobody may be listening any more when the time is up (the call ended otherwise): not an unhandled rejection.
  expired.catch(() => undefined);
  return { expired, clear: () => clearTimeout(timer) };
}

/**
 * `work`, or a rejection once `ms` milliseconds have passed, whichever comes first. What `work` answers after
 * that is dropped: the caller has already been told the call failed.
 */
export async function withinDeadline<T>(work: () => Promise<T>, ms: number, what: string): Promise<T> {
  const deadline = startDeadline(ms, what);
  try {
    return await Promise.race([work(), deadline.expired]);
  } finally {
    deadline.clear();
  }
}
