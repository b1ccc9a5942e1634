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
  query(text: string, values?: readonly unknown[]): Promise<QueryResultLike>;
  release(error?: Error): void;
}

/** The subset of `pg.Pool` the adapters use; the host passes its own pool. */
export interface PgPoolLike {
  query(text: string, values?: readonly unknown[]): Promise<QueryResultLike>;
  connect(): Promise<PoolClientLike>;
}
