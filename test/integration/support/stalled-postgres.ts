/**
 * PostgreSQL adapters over a store that has failed, for the contract suites' failure cases: a pool to the real
 * server through a proxy that forwards nothing (a server that hangs), with a short deadline, so every call
 * rejects when its deadline passes.
 */
import pg from 'pg';
import {
  createPostgresAdapters,
  createPostgresReferenceCache,
  createPostgresStock,
} from '../../../src/adapters/postgres/index.js';
import { startFaultProxy } from '../../faults/support/tcp-proxy.js';
import { databaseUrl } from './postgres.js';

/** How long a call on the stalled store waits before it rejects. */
const STALLED_DEADLINE_MS = 300;

/** The PostgreSQL ports over a stalled connection to `schema`, and how to release them. */
export interface StalledPostgres {
  readonly ports: ReturnType<typeof createPostgresAdapters> & {
    readonly stock: ReturnType<typeof createPostgresStock>;
  };
  close(): Promise<void>;
}

/**
 * Opens a proxy to the test server, stalls it, and makes the adapters over a pool through it; with `cached`,
 * over a reference cache on that pool too (which never gets to listen, so every read goes to the stalled pool).
 */
export async function stalledPostgres(schema: string, cached = false): Promise<StalledPostgres> {
  const target = new URL(databaseUrl);
  const proxy = await startFaultProxy({
    host: target.hostname,
    port: target.port === '' ? 5432 : Number(target.port),
  });
  proxy.stall();
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  pool.on('error', () => undefined);
  const cache = cached
    ? createPostgresReferenceCache({ pool, schema, deadlineMs: STALLED_DEADLINE_MS })
    : undefined;
  const options = { pool, schema, deadlineMs: STALLED_DEADLINE_MS, cache };
  return {
    ports: { ...createPostgresAdapters(options), stock: createPostgresStock(options) },
    async close() {
      await cache?.close();
      await proxy.close();
      await pool.end();
    },
  };
}
