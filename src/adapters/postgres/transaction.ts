/**
 * Running a unit of work in one transaction on one checked-out client.
 * @module
 */
import type { PgClientLike, PgPoolLike } from './pool.js';

/** What a transaction body decided: keep its writes or not, and what the call answers either way. */
export interface TransactionOutcome<T> {
  readonly commit: boolean;
  readonly value: T;
}

/** `error` as an `Error`, for `release(error)`. */
function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Checks a client out, runs `body` between `BEGIN` and `COMMIT` (or `ROLLBACK` when it says so) and returns
 * the client. When anything throws, the transaction is rolled back and the error rethrown; a client whose
 * rollback fails too is destroyed rather than returned to the pool.
 */
export async function inTransaction<T>(
  pool: PgPoolLike,
  body: (client: PgClientLike) => Promise<TransactionOutcome<T>>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { commit, value } = await body(client);
    await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    client.release();
    return value;
  } catch (error) {
    const rolledBack = await client.query('ROLLBACK').then(
      () => true,
      () => false,
    );
    client.release(rolledBack ? undefined : asError(error));
    throw error;
  }
}
