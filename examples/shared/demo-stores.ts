/**
 * The stores the environment asks for: sessions, failed-login counts and accepted signatures in Redis
 * (`CARTWRIGHT_REDIS_URL`, or a Redis Cluster with `CARTWRIGHT_REDIS_CLUSTER`), catalog, directories, API users
 * and orders in PostgreSQL (`CARTWRIGHT_DATABASE_URL`), each connected here with the driver the examples use
 * (ioredis, pg) and closed again on shutdown. Unset variables keep that part in memory.
 */
import pg from 'pg';
import {
  createPostgresAdapters,
  createPostgresReferenceCache,
  loadDemoStore,
  migrate,
  type PostgresAdapters,
  type PostgresReferenceCache,
  saveApiUser,
} from '../../src/adapters/postgres/index.js';
import {
  createRedisLoginThrottle,
  createRedisReplayGuard,
  createRedisSessionStore,
} from '../../src/adapters/redis/index.js';
import type { HttpLogger } from '../../src/http/index.js';
import type { Clock } from '../../src/ports/clock.js';
import type { LoginThrottle } from '../../src/ports/login-throttle.js';
import type { ReplayGuard } from '../../src/ports/replay-guard.js';
import type { SessionStore } from '../../src/ports/session-store.js';
import type { DemoStorePorts, PreparedDemoStore } from './demo-app.js';
import type { DemoEnv } from './demo-env.js';
import { connectDemoRedis, type DemoRedis, type DemoRedisTarget, shownUrl } from './demo-redis.js';

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
  | 'redisDeadlineMs'
  | 'redisLoginPrefix'
  | 'databaseUrl'
  | 'databaseSchema'
  | 'databaseDeadlineMs'
  | 'demoReset'
  | 'sessionTtlSeconds'
> &
  Partial<Pick<DemoEnv, 'redisCluster'>>;

/** What a caller may choose besides the environment. */
export interface DemoStoreOptions {
  /** The clock the Redis store judges expiry by; default the system clock. */
  readonly clock?: Clock | undefined;
  /** Where connection failures are reported; default one line each on `console.error`. */
  readonly logger?: HttpLogger | undefined;
}

/** How the demo data goes into PostgreSQL for each `CARTWRIGHT_DEMO_RESET`. */
const loadModes = { none: 'if-empty', catalog: 'keep-orders', all: 'replace' } as const;

/** The banner's words for a load in each mode. */
const loadedText = {
  none: 'demo data loaded now',
  catalog: 'demo catalog and directories reloaded now, orders kept',
  all: 'demo data reloaded now, orders emptied',
} as const;

/** `error`'s message. */
function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The Redis session store over a connected client. */
function redisSessions(
  client: DemoRedis['client'],
  env: DemoStoreEnv,
  clock: Clock | undefined,
): SessionStore {
  // ttlSeconds: no key outlives the engine's inactivity expiry (plus the store's retention of expired ones).
  return createRedisSessionStore({
    client,
    prefix: env.redisPrefix,
    ttlSeconds: env.sessionTtlSeconds,
    clock,
    deadlineMs: env.redisDeadlineMs,
  });
}

/**
 * The demo's pool. Connecting a client waits at most the deadline, and TCP keep-alive finds connections whose
 * server vanished without closing them (a failover). A connection that fails while idle in the pool (server
 * restart, terminated backend) is reported on the pool's `'error'` event, which `pg` turns into the end of the
 * process when nobody listens: here it is logged, and the pool replaces the connection when next needed.
 */
function openPool(url: string, deadlineMs: number, logger: HttpLogger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: deadlineMs,
    keepAlive: true,
  });
  pool.on('error', (error) => logger.error('cartwright demo: PostgreSQL', error));
  return pool;
}

/**
 * Migrates, loads the demo data when the database holds none (never over existing data or orders, unless
 * `CARTWRIGHT_DEMO_RESET` asks), then writes API user `demo` as `prepared` has it, so the key and IPs of this
 * start are the ones in force. The adapters keep reference data (products, geography, taxes, API users…) in
 * memory through a reference cache, which listens for the database's change notices; `keep` gets it, to close it.
 */
async function openPostgres(
  pool: pg.Pool,
  url: string,
  env: DemoStoreEnv,
  prepared: PreparedDemoStore,
  keep: (cache: PostgresReferenceCache) => void,
): Promise<{ adapters: PostgresAdapters; loaded: boolean }> {
  const schema = env.databaseSchema;
  try {
    await migrate(pool, { schema });
    const mode = loadModes[env.demoReset ?? 'none'];
    const loaded = await loadDemoStore(pool, { data: prepared.data }, { schema, mode });
    const demo = prepared.data.apiUsers.get(1);
    if (demo !== undefined) await saveApiUser(pool, demo, { schema });
    // After the migration that adds the notices it listens for, and after the load, which it need not hear.
    const cache = createPostgresReferenceCache({ pool, schema, deadlineMs: env.databaseDeadlineMs });
    keep(cache);
    const adapters = createPostgresAdapters({
      pool,
      schema,
      currency: prepared.settings.currency,
      deadlineMs: env.databaseDeadlineMs,
      cache,
    });
    await cache.ready();
    return { adapters, loaded };
  } catch (error) {
    throw new Error(`Cannot use PostgreSQL at ${shownUrl(url)}: ${reason(error)}`);
  }
}

/** Where the environment puts Redis: a single server, a cluster, or nowhere (memory). */
function redisTarget(env: DemoStoreEnv): DemoRedisTarget | undefined {
  if (env.redisCluster !== undefined) return { kind: 'cluster', seeds: env.redisCluster };
  return env.redisUrl === undefined ? undefined : { kind: 'single', url: env.redisUrl };
}

/**
 * Opens the stores `env` names over the prepared demo store: Redis for sessions, PostgreSQL (migrated, the demo
 * data loaded when empty, user `demo` updated) for everything else. Rejects, with everything already opened
 * closed again, when a store cannot be reached or prepared.
 *
 * @param options - The clock the Redis store judges expiry by (default the system clock, the engine's default),
 *   and where connection failures are reported (default `console`).
 */
export async function openDemoStores(
  env: DemoStoreEnv,
  prepared: PreparedDemoStore,
  options: DemoStoreOptions = {},
): Promise<DemoStores> {
  const { clock } = options;
  // One line per failure on the console: a stack trace per dropped connection would bury everything else.
  const logger = options.logger ?? {
    error: (message: string, error: unknown) => console.error(`${message}: ${reason(error)}`),
  };
  let redis: DemoRedis['client'] | undefined;
  let pool: pg.Pool | undefined;
  let cache: PostgresReferenceCache | undefined;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= Promise.all([
      redis?.quit().then(
        () => undefined,
        () => redis?.disconnect(),
      ),
      // The cache holds one of the pool's connections: it lets it go first, or the pool would wait for it.
      cache?.close().then(() => pool?.end()) ?? pool?.end(),
    ]).then(() => undefined);
    return closing;
  };
  try {
    const description: string[] = [];
    let sessions: SessionStore | undefined;
    let loginThrottle: LoginThrottle | undefined;
    let replayGuard: ReplayGuard | undefined;
    const target = redisTarget(env);
    if (target === undefined) {
      description.push(
        'Sessions and failed-login counts: in memory (set CARTWRIGHT_REDIS_URL or CARTWRIGHT_REDIS_CLUSTER to keep them in Redis).',
      );
    } else {
      const connected = await connectDemoRedis(target, env.redisDeadlineMs, logger);
      redis = connected.client;
      sessions = redisSessions(redis, env, clock);
      // Every server on this Redis counts the same failures: guesses spread over them meet one limit.
      loginThrottle = createRedisLoginThrottle({ client: redis, prefix: env.redisLoginPrefix, clock });
      // Beside the sessions, so that every server on this Redis refuses a signature any of them accepted.
      replayGuard = createRedisReplayGuard({ client: redis, prefix: `${env.redisPrefix}replay:`, clock });
      description.push(
        `Sessions: ${connected.shown}, keys ${env.redisPrefix}<id>; failed logins under ${env.redisLoginPrefix}.`,
      );
    }
    let postgres: PostgresAdapters | undefined;
    let loaded = false;
    if (env.databaseUrl === undefined) {
      description.push(
        'Catalog and orders: in memory, gone when the server stops (set CARTWRIGHT_DATABASE_URL for PostgreSQL).',
      );
    } else {
      pool = openPool(env.databaseUrl, env.databaseDeadlineMs, logger);
      const opened = await openPostgres(pool, env.databaseUrl, env, prepared, (made) => {
        cache = made;
      });
      postgres = opened.adapters;
      loaded = opened.loaded;
      const where = `${shownUrl(env.databaseUrl)}, schema ${env.databaseSchema ?? '(search_path)'}`;
      description.push(
        `Catalog and orders: PostgreSQL at ${where}; ${loaded ? loadedText[env.demoReset ?? 'none'] : 'data kept from an earlier start'}.`,
      );
    }
    return { sessions, loginThrottle, replayGuard, postgres, description, loaded, close };
  } catch (error) {
    await close();
    throw error;
  }
}
