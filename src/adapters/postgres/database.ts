/**
 * What the PostgreSQL adapters run their statements through: the host's pool, every call bounded by the
 * adapters' deadline.
 * @module
 */
import { withClient } from './checkout.js';
import type { PgClientLike, PgPoolLike, QueryResultLike } from './pool.js';
import { inTransaction, type TransactionOutcome } from './transaction.js';

/** The pool as the adapters use it: one statement, or one transaction, per call, each within the deadline. */
export interface Database {
  /** Runs one statement on a client of its own (see `withClient`). */
  query(text: string, values?: readonly unknown[]): Promise<QueryResultLike>;
  /** Runs `body` in one transaction (see `inTransaction`); `what` names the call in a deadline error. */
  transaction<T>(what: string, body: (client: PgClientLike) => Promise<TransactionOutcome<T>>): Promise<T>;
}

/** The first word of a statement, to name it in a deadline error (`SELECT`), never its values. */
function verb(text: string): string {
  return text.trim().split(/\s/, 1)[0] ?? 'statement';
}

/** A {@link Database} over `pool` whose every call ends within `deadlineMs`. */
export function createDatabase(pool: PgPoolLike, deadlineMs: number): Database {
  return {
    query: (text, values) => withClient(pool, deadlineMs, verb(text), (client) => client.query(text, values)),
    transaction: (what, body) => inTransaction(pool, deadlineMs, what, body),
  };
}
