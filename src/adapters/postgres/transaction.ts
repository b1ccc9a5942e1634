/**
 * Running a unit of work in one transaction on one checked-out client.
 * @module
 */
import { withClient } from './checkout.js';
import type { PgClientLike, PgPoolLike } from './pool.js';

/** What a transaction body decided: keep its writes or not, and what the call answers either way. */
export interface TransactionOutcome<T> {
  readonly commit: boolean;
  readonly value: T;
}

/**
 * The statement that opens a transaction. With a deadline, the server enforces it too, for this transaction only
 * (`SET LOCAL`, so the pool's connections keep their settings): a statement running past it is cancelled, and a
 * session left idle in the transaction past it (its client gone silent) is ended, so an abandoned transaction
 * never keeps its row locks from the others.
 */
function begin(deadlineMs: number | undefined): string {
  if (deadlineMs === undefined) return 'BEGIN';
  return `BEGIN; SET LOCAL statement_timeout = ${deadlineMs}; SET LOCAL idle_in_transaction_session_timeout = ${deadlineMs}`;
}

/**
 * Checks a client out, runs `body` between `BEGIN` and `COMMIT` (or `ROLLBACK` when it says so) and returns the
 * client, all within `deadlineMs` when given (see `withClient`). When anything throws, the client is closed
 * rather than returned to the pool, which ends the transaction on the server (nothing of it is kept), and the
 * error is rethrown. A commit whose answer never came in time rejects too, though the server may have committed:
 * callers that must not repeat a write carry an idempotency claim, which the retry finds.
 */
export function inTransaction<T>(
  pool: PgPoolLike,
  deadlineMs: number | undefined,
  what: string,
  body: (client: PgClientLike) => Promise<TransactionOutcome<T>>,
): Promise<T> {
  return withClient(pool, deadlineMs, what, async (client) => {
    await client.query(begin(deadlineMs));
    const { commit, value } = await body(client);
    await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    return value;
  });
}
