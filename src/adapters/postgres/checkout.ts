/**
 * Holding a pooled client for one unit of work: listening for its connection's failure, bounding the wait and
 * the work by a deadline, and giving it back (or having it closed) exactly once.
 * @module
 */
import { startDeadline } from '../deadline.js';
import type { PgClientLike, PgPoolLike } from './pool.js';

/** `error` as an `Error`, for `release(error)`. */
function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * A client checked out of `pool`, waiting at most until `expired` rejects (undefined: as long as it takes). A
 * client the pool hands out after that is given straight back: nobody is waiting for it any more.
 */
export async function checkOut<C extends PgClientLike>(
  pool: { connect(): Promise<C> },
  expired: Promise<never> | undefined,
): Promise<C> {
  if (expired === undefined) return pool.connect();
  const checkout = pool.connect();
  try {
    return await Promise.race([checkout, expired]);
  } catch (error) {
    checkout.then(
      (late) => late.release(),
      () => undefined,
    );
    throw error;
  }
}

/**
 * Runs `work` on a client of `pool` and returns the client, all within `deadlineMs` when given (undefined: no
 * deadline, for migrations and loads that take as long as they take).
 *
 * - While the client is out, an `'error'` listener is on it: a connection that fails (terminated backend, reset,
 *   restart) rejects the work instead of emitting an unhandled `'error'` that would end the process.
 * - A client whose work failed, whose connection failed, or that passed the deadline is released with the error,
 *   so the pool closes it and never hands it out again; closing it ends any transaction it had open (the server
 *   rolls back what was not committed). Otherwise it goes back to the pool.
 * - Past the deadline the call rejects at once, even when the server (or the network) stays silent: the client is
 *   closed right then (released with the deadline's error), which also fails whatever `work` was waiting for.
 */
export async function withClient<T>(
  pool: PgPoolLike,
  deadlineMs: number | undefined,
  what: string,
  work: (client: PgClientLike) => Promise<T>,
): Promise<T> {
  let client: PgClientLike | undefined;
  let released = false;
  let failure: Error | undefined;
  const onError = (error: Error) => {
    failure ??= error;
  };
  const release = (error: Error | undefined) => {
    if (client === undefined || released) return;
    released = true;
    client.release(error);
    client.removeListener('error', onError);
  };
  const deadline = deadlineMs === undefined ? undefined : startDeadline(deadlineMs, `postgres ${what}`);
  try {
    client = await checkOut(pool, deadline?.expired);
    client.on('error', onError);
    const running = work(client);
    const value = await (deadline === undefined ? running : Promise.race([running, deadline.expired]));
    release(failure);
    return value;
  } catch (error) {
    release(failure ?? asError(error));
    throw error;
  } finally {
    deadline?.clear();
  }
}
