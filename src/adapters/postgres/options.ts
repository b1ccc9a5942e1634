/**
 * The options every PostgreSQL adapter takes, checked once.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import { isCurrencyCode } from '../../money/index.js';
import type { Clock } from '../../ports/clock.js';
import { deadlineOption } from '../deadline.js';
import { createDatabase, type Database } from './database.js';
import { qualifiedTables, type Tables } from './identifiers.js';
import type { PgPoolLike } from './pool.js';
import { type PostgresReferenceCache, type ReferenceReads, referenceReads } from './reference-cache.js';

/** What the PostgreSQL adapters are built from. */
export interface PostgresAdapterOptions {
  /**
   * The host's pool (a `pg.Pool`); cartwright never ends it. Listen for its `'error'` event: a connection that
   * fails while idle in the pool is reported there, and `pg` ends the process when nobody listens.
   */
  readonly pool: PgPoolLike;
  /**
   * The schema holding cartwright's tables (a plain lower-case identifier, validated and quoted). Every
   * statement names it explicitly, so the pool's connections are never changed. Without it, table names are
   * unqualified and resolve through the connections' `search_path` (normally `public`).
   */
  readonly schema?: string | undefined;
  /**
   * The store's default currency (`StoreSettings.currency`, OpenCart's `config_currency`), default `'USD'`.
   * Amounts are stored without a currency, as OpenCart stores them; read back, they carry this one, and the
   * order repository refuses (throws) a draft whose amounts are in another.
   */
  readonly currency?: string | undefined;
  /**
   * The longest one call may take, in milliseconds; default 2000. It bounds the wait for a pooled connection,
   * the statements and the commit. Past it the call rejects (the engine answers `unavailable`, 503) and its
   * connection is closed, never returned to the pool; inside a transaction the server stops a statement running
   * past it and ends a session left idle in its transaction past it, so nothing holds row locks for a stalled
   * client. Connecting new clients is the pool's business: set its `connectionTimeoutMillis` too.
   */
  readonly deadlineMs?: number | undefined;
  /**
   * Reference data kept in memory, dropped on PostgreSQL's change notices (see
   * `createPostgresReferenceCache`, made for the same pool and schema). Without it every read is a statement.
   */
  readonly cache?: PostgresReferenceCache | undefined;
  /**
   * The time stock holds fall due by (the catalog releases due holds before it reads products); default the
   * system clock.
   */
  readonly clock?: Clock | undefined;
}

/** The options, checked: the pool behind its deadline, the SQL names of the tables and the currency. */
export interface ResolvedOptions {
  readonly db: Database;
  readonly tables: Tables;
  readonly currency: string;
  /** Reads of reference data: through the cache when one was given, else straight to the database. */
  readonly cache: ReferenceReads;
  /** The current instant (the clock's, when one was given). */
  readonly now: () => Date;
}

/**
 * Checks the options; throws `CartwrightInvariantError` for a malformed schema name, currency code or deadline,
 * or a cache made for another schema.
 */
export function resolveOptions(options: PostgresAdapterOptions): ResolvedOptions {
  const currency = options.currency ?? 'USD';
  if (!isCurrencyCode(currency)) {
    throw new CartwrightInvariantError(
      `postgres: currency ${JSON.stringify(currency)} is not a currency code`,
    );
  }
  const deadlineMs = deadlineOption(options.deadlineMs, 'postgres adapters');
  return {
    db: createDatabase(options.pool, deadlineMs),
    tables: qualifiedTables(options.schema),
    currency,
    cache: referenceReads(options.cache, options.schema),
    now: () => (options.clock === undefined ? new Date() : options.clock.now()),
  };
}
