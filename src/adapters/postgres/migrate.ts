/**
 * `migrate(pool)`: creates and upgrades cartwright's tables, one versioned migration at a time.
 * @module
 */
import { withClient } from './checkout.js';
import { quoteSchema } from './identifiers.js';
import { type Migration, migrations } from './migrations/index.js';
import type { PgClientLike, PgPoolLike } from './pool.js';

/** Options of {@link migrate}. */
export interface MigrateOptions {
  /**
   * The schema to create the tables in (created when missing). Without it, the tables go to the first schema
   * of the connection's `search_path` (normally `public`).
   */
  readonly schema?: string | undefined;
}

/** What {@link migrate} did. */
export interface MigrateResult {
  /** The versions this call applied, in order; empty when the schema was already up to date. */
  readonly applied: readonly number[];
  /** The schema's version afterwards: the highest version recorded. */
  readonly version: number;
}

/** The statements that select the schema for a migration's transaction (nothing without a schema). */
function searchPath(schema: string | undefined): string {
  return schema === undefined ? '' : `SET LOCAL search_path TO ${quoteSchema(schema)};\n`;
}

/** Versions already recorded, creating the schema and the record table first when missing. */
async function recordedVersions(client: PgClientLike, schema: string | undefined): Promise<Set<number>> {
  const prefix = schema === undefined ? '' : `${quoteSchema(schema)}.`;
  if (schema !== undefined) {
    // Looked up first: CREATE SCHEMA IF NOT EXISTS needs the CREATE privilege even when the schema exists.
    const found = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (found.rows.length === 0) await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteSchema(schema)}`);
  }
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${prefix}cartwright_migrations (
       version INTEGER PRIMARY KEY,
       name TEXT NOT NULL,
       applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
     )`,
  );
  const { rows } = await client.query(`SELECT version FROM ${prefix}cartwright_migrations`);
  return new Set(rows.map((row) => Number(row.version)));
}

/** Applies one migration and records it, in one transaction on the client holding the lock. */
async function apply(client: PgClientLike, schema: string | undefined, migration: Migration): Promise<void> {
  const prefix = schema === undefined ? '' : `${quoteSchema(schema)}.`;
  await client.query('BEGIN');
  try {
    // No parameters: sent as a simple query, so the migration may hold several statements.
    await client.query(`${searchPath(schema)}${migration.sql}`);
    await client.query(`INSERT INTO ${prefix}cartwright_migrations (version, name) VALUES ($1, $2)`, [
      migration.version,
      migration.name,
    ]);
    await client.query('COMMIT');
  } catch (error) {
    // The migration's own error is the one worth reporting: a failed ROLLBACK (the connection is gone) must not
    // replace it. Such a connection is destroyed by the caller's release, which also ends the transaction.
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Applies, in version order, every migration the schema has not recorded; answers what it did. */
async function applyPending(client: PgClientLike, schema: string | undefined): Promise<MigrateResult> {
  const recorded = await recordedVersions(client, schema);
  const applied: number[] = [];
  for (const migration of migrations) {
    if (recorded.has(migration.version)) continue;
    await apply(client, schema, migration);
    applied.push(migration.version);
    recorded.add(migration.version);
  }
  return { applied, version: Math.max(0, ...recorded) };
}

/** Releases the session advisory lock `migrate` took for `schema`. */
async function unlock(client: PgClientLike, schema: string | undefined): Promise<void> {
  await client.query(`SELECT pg_advisory_unlock(hashtextextended('cartwright.migrate:' || $1, 0))`, [
    schema ?? '',
  ]);
}

/**
 * Brings the schema up to date: applies, in version order, every migration not yet recorded in its
 * `cartwright_migrations` table, each in its own transaction. Running it again is a no-op. Several processes
 * may run it at once: a session advisory lock (keyed by the schema name) makes them take turns, and each
 * applies only what the others have not.
 *
 * @param pool - The host's pool; one connection is checked out for the whole run (it holds the lock).
 * @example
 * ```ts
 * import pg from 'pg';
 * import { migrate } from 'cartwright/adapters/postgres';
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * await migrate(pool, { schema: 'shop' });
 * ```
 */
export async function migrate(pool: PgPoolLike, options: MigrateOptions = {}): Promise<MigrateResult> {
  const { schema } = options;
  if (schema !== undefined) quoteSchema(schema);
  // A failed run closes its connection (withClient releases it with the error), which frees the advisory lock.
  return withClient(pool, undefined, 'migrate', async (lock) => {
    await lock.query(`SELECT pg_advisory_lock(hashtextextended('cartwright.migrate:' || $1, 0))`, [
      schema ?? '',
    ]);
    let outcome: MigrateResult;
    try {
      outcome = await applyPending(lock, schema);
    } catch (error) {
      // Keep the migration's error: an unlock that fails too (the connection is gone) must not replace it.
      await unlock(lock, schema).catch(() => undefined);
      throw error;
    }
    await unlock(lock, schema);
    return outcome;
  });
}
