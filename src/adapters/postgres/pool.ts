/**
 * The structural PostgreSQL pool the PostgreSQL adapters accept, so that cartwright needs no `pg` at runtime:
 * a `pg.Pool` satisfies {@link PgPoolLike} as it is, without a cast.
 * @module
 */

/** A query result as `pg` returns it: rows of column name to value (NUMERIC arrives as a string). */
export interface QueryResultLike {
  /** The rows, each a plain object keyed by column name. */
  readonly rows: readonly Record<string, unknown>[];
  /** Rows the statement returned or changed; null for statements that affect none (as `pg` reports it). */
  readonly rowCount: number | null;
}

/**
 * A checked-out connection (`pg.PoolClient`). Its connection can fail while it is checked out (the server
 * restarts, a backend is terminated, the network resets): `pg` then emits `'error'` on the client, and the pool
 * listens only while the client is idle in it. The adapters listen for as long as they hold a client, so such a
 * failure rejects the call instead of ending the process.
 */
export interface PgClientLike {
  /** Runs one parameterised statement (`$1`, `$2`, … in `text`), or several separated by `;` without values. */
  query(text: string, values?: readonly unknown[]): Promise<QueryResultLike>;
  /** Returns the client to the pool; with an error, the pool closes the connection instead. */
  release(error?: Error): void;
  /** Listens for the connection's failure while the client is checked out. */
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** Stops listening (the client goes back to the pool, which listens again). */
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * The subset of `pg.Pool` the adapters use; the host passes its own pool and keeps ownership of it. Every call
 * checks a client out (waiting at most the call's deadline) and returns it, or has it closed when it failed.
 */
export interface PgPoolLike {
  /** Checks a client out of the pool. */
  connect(): Promise<PgClientLike>;
}

/** A notice as `pg` hands it to a listening client (`LISTEN` / `pg_notify`). */
export interface PgNotificationLike {
  /** The channel it was sent on. */
  readonly channel: string;
  /** What the sender said; `pg` leaves it undefined or empty when nothing was. */
  readonly payload?: string | undefined;
}

/**
 * A checked-out connection that also reports the notices of the channels it listens to and its own end, as a
 * `pg.PoolClient` does: what the reference cache keeps listening on.
 */
export interface PgListenClientLike extends PgClientLike {
  /** A notice arrived on a channel this connection listens to. */
  on(event: 'notification', listener: (message: PgNotificationLike) => void): unknown;
  /** The connection ended (closed by either side). */
  on(event: 'end', listener: () => void): unknown;
  /** The connection failed. */
  on(event: 'error', listener: (error: Error) => void): unknown;
  /** Stops reporting notices to `listener`. */
  removeListener(event: 'notification', listener: (message: PgNotificationLike) => void): unknown;
  /** Stops reporting the connection's end to `listener`. */
  removeListener(event: 'end', listener: () => void): unknown;
  /** Stops reporting the connection's failure to `listener`. */
  removeListener(event: 'error', listener: (error: Error) => void): unknown;
}

/** A pool whose clients report notices (`pg.Pool` as it is): the reference cache takes one connection of it. */
export interface PgListenPoolLike {
  /** Checks a client out of the pool. */
  connect(): Promise<PgListenClientLike>;
}
