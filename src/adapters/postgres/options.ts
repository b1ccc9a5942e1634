/**
 * The options every PostgreSQL adapter takes, checked once.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import { isCurrencyCode } from '../../money/index.js';
import { qualifiedTables, type Tables } from './identifiers.js';
import type { PgPoolLike } from './pool.js';

/** What the PostgreSQL adapters are built from. */
export interface PostgresAdapterOptions {
  /** The host's pool (a `pg.Pool`); cartwright never ends it. */
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
}

/** The options, checked: the pool, the SQL names of the tables and the currency. */
export interface ResolvedOptions {
  readonly pool: PgPoolLike;
  readonly tables: Tables;
  readonly currency: string;
}

/** Checks the options; throws `CartwrightInvariantError` for a malformed schema name or currency code. */
export function resolveOptions(options: PostgresAdapterOptions): ResolvedOptions {
  const currency = options.currency ?? 'USD';
  if (!isCurrencyCode(currency)) {
    throw new CartwrightInvariantError(
      `postgres: currency ${JSON.stringify(currency)} is not a currency code`,
    );
  }
  return { pool: options.pool, tables: qualifiedTables(options.schema), currency };
}
