/**
 * The PostgreSQL server of the integration tests: the connection URL, a pool that fails loudly when the server
 * is not there, and a fresh, migrated schema per test file, dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { migrate } from '../../../src/adapters/postgres/index.js';

/** The server the tests use: `DATABASE_URL`, or the local `test` database. */
export const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A URL without its password, for messages. */
function shownUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return '(DATABASE_URL is not a URL)';
  }
}

/** A pool on a schema of its own. */
export interface TestDatabase {
  readonly pool: pg.Pool;
  readonly schema: string;
  /** Drops the schema and ends the pool. */
  close(): Promise<void>;
}

/**
 * A pool on `connectionString` that has answered one query, or an error that says where the server was looked
 * for and how to fix it: a missing server fails the tests, it never skips them.
 */
export async function connectPool(max = 8, connectionString = databaseUrl): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the next query reports it.
  });
  try {
    await pool.query('SELECT 1');
    return pool;
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL is not reachable at ${shownUrl(connectionString)}: ${reason}. The PostgreSQL integration ` +
        'tests need a server: start it (pg_ctlcluster <version> main start) or set DATABASE_URL.',
    );
  }
}

/** A fresh schema name for a test file: `cw_test_<label>_<random>`. */
export function testSchemaName(label: string): string {
  return `cw_test_${label}_${randomBytes(4).toString('hex')}`;
}

/** Connects (see {@link connectPool}), creates a fresh schema named after the file and migrates it. */
export async function openTestDatabase(label: string, max = 8): Promise<TestDatabase> {
  const pool = await connectPool(max);
  const schema = testSchemaName(label);
  await migrate(pool, { schema });
  return {
    pool,
    schema,
    async close() {
      try {
        await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await pool.end();
      }
    },
  };
}

/**
 * Registers hooks that connect a pool for the file (no schema) and end it (after `beforeEnd`), and returns a
 * getter that throws the connection error in every test when there is no server, so each test fails with it.
 */
export function usePool(max?: number, beforeEnd?: (pool: pg.Pool) => Promise<void>): () => pg.Pool {
  let pool: pg.Pool | undefined;
  let failure: unknown;
  beforeAll(async () => {
    try {
      pool = await connectPool(max);
    } catch (error) {
      failure = error;
    }
  }, 30_000);
  afterAll(async () => {
    if (pool === undefined) return;
    try {
      await beforeEnd?.(pool);
    } finally {
      await pool.end();
    }
  });
  return () => {
    if (failure !== undefined) throw failure;
    if (pool === undefined) throw new Error('the test pool is not connected');
    return pool;
  };
}

/**
 * Registers `beforeAll`/`afterAll` hooks that open a test database for the file and close it, and returns a
 * getter for it. When the database cannot be opened, the getter throws that error in every test, so each test
 * fails with the message (a failing `beforeAll` alone would only mark them skipped).
 */
export function usePostgres(label: string, max?: number): () => TestDatabase {
  let database: TestDatabase | undefined;
  let failure: unknown;
  beforeAll(async () => {
    try {
      database = await openTestDatabase(label, max);
    } catch (error) {
      failure = error;
    }
  }, 30_000);
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (failure !== undefined) throw failure;
    if (database === undefined) throw new Error('the test database is not open');
    return database;
  };
}
