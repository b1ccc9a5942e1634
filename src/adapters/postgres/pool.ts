/**
 * The structural PostgreSQL pool the PostgreSQL adapters accept, so that cartwright needs no `pg` at runtime.
 * @module
 */

/** A query result as `pg` returns it: rows of column name to value (NUMERIC arrives as a string). */
export interface QueryResultLike {
  readonly rows: readonly Record<string, unknown>[];
  readonly rowCount: number | null;
}

/** A checked-out connection, for transactions. */
export interface PoolClientLike {
  /** Runs one parameterised statement. */
  query(text: string, values?: readonly unknown[]): Promise<QueryResultLike>;
  /** Returns the client to the pool; with an error, destroys it. */
  release(error?: Error): void;
}

/** The subset of `pg.Pool` the adapters use; the host passes its own pool. */
export interface PgPoolLike {
  /** Runs one parameterised statement. */
  query(text: string, values?: readonly unknown[]): Promise<QueryResultLike>;
  /** Checks a client out of the pool, for a transaction. */
  connect(): Promise<PoolClientLike>;
}
