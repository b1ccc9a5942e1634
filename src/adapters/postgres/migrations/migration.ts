/**
 * The shape of one schema migration.
 * @module
 */

/**
 * One versioned migration: SQL run once, in its own transaction, with `search_path` set to the target schema
 * (so the text names tables without a schema). Versions only grow; a shipped migration is never edited.
 */
export interface Migration {
  /** Applied in ascending order; recorded in `cartwright_migrations`. */
  readonly version: number;
  /** A short description, recorded with the version. */
  readonly name: string;
  /** Statements separated by semicolons; no parameters. */
  readonly sql: string;
}
