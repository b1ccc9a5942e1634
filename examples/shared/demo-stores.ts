/**
 * The stores the environment asks for: sessions and failed-login counts in Redis (`CARTWRIGHT_REDIS_URL`),
 * catalog, directories, API users and orders in PostgreSQL (`CARTWRIGHT_DATABASE_URL`), each connected here
 * with the driver the examples use (ioredis, pg) and closed again on shutdown. Unset variables keep that part
 * in memory.
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  createPostgresAdapters,
  loadDemoStore,
  migrate,
  type PostgresAdapters,
  saveApiUser,
} from '../../src/adapters/postgres/index.js';
import { createRedisLoginThrottle, createRedisSessionStore } from '../../src/adapters/redis/index.js';
import type { Clock } from '../../src/ports/clock.js';
import type { LoginThrottle } from '../../src/ports/login-throttle.js';
import type { SessionStore } from '../../src/ports/session-store.js';
import type { DemoStorePorts, PreparedDemoStore } from './demo-app.js';
import type { DemoEnv } from './demo-env.js';

/** The opened stores: the ports to wire, what to say about them, and how to let them go. */
export interface DemoStores extends DemoStorePorts {
  /** Banner lines saying where sessions, catalog and orders live. */
  readonly description: readonly string[];
  /** True when this start wrote the demo data into PostgreSQL (false: kept what an earlier start loaded). */
  readonly loaded: boolean;
  /** Ends the PostgreSQL pool and the Redis connection (each at most once). */
  close(): Promise<void>;
}

/** Which stores to open, from the environment. */
export type DemoStoreEnv = Pick<
  DemoEnv,
  | 'redisUrl'
  | 'redisPrefix'
  | 'redisLoginPrefix'
  | 'databaseUrl'
  | 'databaseSchema'
  | 'demoReset'
  | 'sessionTtlSeconds'
>;

/** How the demo data goes into PostgreSQL for each `CARTWRIGHT_DEMO_RESET`. */
const loadModes = { none: 'if-empty', catalog: 'keep-orders', all: 'replace' } as const;

/** The banner's words for a load in each mode. */
const loadedText = {
  none: 'demo data loaded now',
  catalog: 'demo catalog and directories reloaded now, orders kept',
  all: 'demo data reloaded now, orders emptied',
} as const;

/** `url` without its password, for the banner and messages. */
export function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

/** `error`'s message. */
function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A connected ioredis client for sessions, or a rejection naming the server. */
async function connectRedis(url: string): Promise<Redis> {
  // Commands wait through at most one reconnection before failing: the engine answers 503 for a store that is
  // down, which beats a request hanging while ioredis retries 20 times.
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5_000 });
  let lastError: Error | undefined;
  let connected = false;
  client.on('error', (error: Error) => {
    // Without a listener ioredis reports every reconnection failure as unhandled. Before the start-up connection
    // the error goes into the start-up message; afterwards (the server went away) each new message is logged.
    if (connected && lastError?.message !== error.message)
      console.error(`cartwright demo: Redis: ${error.message}`);
    lastError = error;
  });
  client.on('ready', () => {
    lastError = undefined;
  });
  try {
    await client.connect();
    await client.ping();
    connected = true;
    return client;
  } catch (error) {
    client.disconnect();
    throw new Error(`Cannot reach Redis at ${shownUrl(url)}: ${lastError?.message ?? reason(error)}`);
  }
}

/** The Redis session store over a connected client. */
function redisSessions(client: Redis, env: DemoStoreEnv, clock: Clock | undefined): SessionStore {
  // ttlSeconds: no key outlives the engine's inactivity expiry (plus the store's retention of expired ones).
  return createRedisSessionStore({
    client,
    prefix: env.redisPrefix,
    ttlSeconds: env.sessionTtlSeconds,
    clock,
  });
}

/**
 * Migrates, loads the demo data when the database holds none (never over existing data or orders, unless
 * `CARTWRIGHT_DEMO_RESET` asks), then writes API user `demo` as `prepared` has it, so the key and IPs of this
 * start are the ones in force.
 */
async function openPostgres(
  pool: pg.Pool,
  url: string,
  env: DemoStoreEnv,
  prepared: PreparedDemoStore,
): Promise<{ adapters: PostgresAdapters; loaded: boolean }> {
  const schema = env.databaseSchema;
  try {
    await migrate(pool, { schema });
    const mode = loadModes[env.demoReset ?? 'none'];
    const loaded = await loadDemoStore(pool, { data: prepared.data }, { schema, mode });
    const demo = prepared.data.apiUsers.get(1);
    if (demo !== undefined) await saveApiUser(pool, demo, { schema });
    const adapters = createPostgresAdapters({ pool, schema, currency: prepared.settings.currency });
    return { adapters, loaded };
  } catch (error) {
    throw new Error(`Cannot use PostgreSQL at ${shownUrl(url)}: ${reason(error)}`);
  }
}

/**
 * Opens the stores `env` names over the prepared demo store: Redis for sessions, PostgreSQL (migrated, the demo
 * data loaded when empty, user `demo` updated) for everything else. Rejects, with everything already opened
 * closed again, when a store cannot be reached or prepared.
 *
 * @param clock - The clock the Redis store judges expiry by; default the system clock (the engine's default).
 */
export async function openDemoStores(
  env: DemoStoreEnv,
  prepared: PreparedDemoStore,
  clock?: Clock,
): Promise<DemoStores> {
  let redis: Redis | undefined;
  let pool: pg.Pool | undefined;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= Promise.all([
      redis?.quit().then(
        () => undefined,
        () => redis?.disconnect(),
      ),
      pool?.end(),
    ]).then(() => undefined);
    return closing;
  };
  try {
    const description: string[] = [];
    let sessions: SessionStore | undefined;
    let loginThrottle: LoginThrottle | undefined;
    if (env.redisUrl === undefined) {
      description.push(
        'Sessions and failed-login counts: in memory (set CARTWRIGHT_REDIS_URL to keep them in Redis).',
      );
    } else {
      redis = await connectRedis(env.redisUrl);
      sessions = redisSessions(redis, env, clock);
      // Every server on this Redis counts the same failures: guesses spread over them meet one limit.
      loginThrottle = createRedisLoginThrottle({ client: redis, prefix: env.redisLoginPrefix, clock });
      description.push(
        `Sessions: Redis at ${shownUrl(env.redisUrl)}, keys ${env.redisPrefix}<id>; failed logins under ${env.redisLoginPrefix}.`,
      );
    }
    let postgres: PostgresAdapters | undefined;
    let loaded = false;
    if (env.databaseUrl === undefined) {
      description.push(
        'Catalog and orders: in memory, gone when the server stops (set CARTWRIGHT_DATABASE_URL for PostgreSQL).',
      );
    } else {
      pool = new pg.Pool({ connectionString: env.databaseUrl, max: 10, connectionTimeoutMillis: 5_000 });
      // An idle connection that drops emits 'error' on the pool; unhandled, it would end the process.
      pool.on('error', (error) => console.error(`cartwright demo: PostgreSQL: ${error.message}`));
      const opened = await openPostgres(pool, env.databaseUrl, env, prepared);
      postgres = opened.adapters;
      loaded = opened.loaded;
      const where = `${shownUrl(env.databaseUrl)}, schema ${env.databaseSchema ?? '(search_path)'}`;
      description.push(
        `Catalog and orders: PostgreSQL at ${where}; ${loaded ? loadedText[env.demoReset ?? 'none'] : 'data kept from an earlier start'}.`,
      );
    }
    return { sessions, loginThrottle, postgres, description, loaded, close };
  } catch (error) {
    await close();
    throw error;
  }
}
