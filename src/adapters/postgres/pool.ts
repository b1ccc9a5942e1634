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

/** A checked-out connection (`pg.PoolClient`), for transactions. */
export interface PgClientLike {
  /** Runs one parameterised statement (`$1`, `$2`, … in `text`). */
  query(text: string, values?: readonly unknown[]): Promise<QueryResultLike>;
  /** Returns the client to the pool; with an error, the pool destroys it instead. */
  release(error?: Error): void;
}

/** The subset of `pg.Pool` the adapters use; the host passes its own pool and keeps ownership of it. */
export interface PgPoolLike {
  /** Runs one parameterised statement on any idle connection. */
  query(text: string, values?: readonly unknown[]): Promise<QueryResultLike>;
  /** Checks a client out of the pool, for a transaction. */
  connect(): Promise<PgClientLike>;
}
