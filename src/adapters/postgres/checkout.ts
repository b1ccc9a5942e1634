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
 * Listens on every client this module checks out, for as long as the client lives. `pg.Pool` stops listening
 * for a client's failure when it hands the client over, and a new connection's first answer and the server's
 * next message can arrive together (a backend terminated just as it finished starting up): the failure is then
 * reported before the code that asked for the client could listen, and with no listener it would end the process.
 * This one does nothing: the failed client refuses its next query, so its holder sees the failure there and has
 * it closed.
 */
function outlivedFailure(): void {}

/** Puts {@link outlivedFailure} on `client`, once however often the client is checked out. */
function guard<C extends PgClientLike>(client: C): C {
  client.removeListener('error', outlivedFailure);
  client.on('error', outlivedFailure);
  return client;
}

/** Whether `value` is a promise (or another thenable). */
function isThenable<T>(value: unknown): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

/**
 * A client of `pool`, guarded from the moment the pool hands it over: through `pg.Pool`'s callback form, which
 * hands the client over before the pool reads the rest of what the server sent. A pool that answers only with a
 * promise (a host's own {@link PgPoolLike}) ignores the callback, and its client is guarded when the promise
 * settles.
 */
function connectGuarded<C extends PgClientLike>(pool: { connect(): Promise<C> }): Promise<C> {
  return new Promise<C>((resolve, reject) => {
    const handed = (error: Error | null | undefined, client?: C) => {
      if (error !== null && error !== undefined) reject(error);
      else if (client === undefined)
        reject(new Error('cartwright: the PostgreSQL pool handed over no client'));
      else resolve(guard(client));
    };
    const connect = pool.connect as unknown as (callback: typeof handed) => unknown;
    const returned = connect.call(pool, handed);
    if (isThenable<C>(returned)) returned.then((client) => resolve(guard(client)), reject);
  });
}

/**
 * A client checked out of `pool`, waiting at most until `expired` rejects (undefined: as long as it takes). A
 * client the pool hands out after that is given straight back: nobody is waiting for it any more.
 */
export async function checkOut<C extends PgClientLike>(
  pool: { connect(): Promise<C> },
  expired: Promise<never> | undefined,
): Promise<C> {
  const checkout = connectGuarded(pool);
  if (expired === undefined) return checkout;
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
