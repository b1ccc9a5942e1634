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
