/**
 * "Hosts" for the multi-host tests: each is its own engine (`createCheckout`) and fetch handler over its own
 * PostgreSQL pool and Redis client, on one schema and one key prefix, as separate processes behind a load
 * balancer would be. Requests go straight to the handler (no sockets), from 127.0.0.1.
 */
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { createMemoryLoginThrottle, createMemoryNotifier } from '../../../src/adapters/memory/index.js';
import type { MemoryStoreData } from '../../../src/adapters/memory/store-data.js';
import {
  createPostgresAdapters,
  createPostgresReferenceCache,
  type PgListenPoolLike,
  type PostgresReferenceCache,
} from '../../../src/adapters/postgres/index.js';
import { createRedisSessionStore } from '../../../src/adapters/redis/index.js';
import {
  createRandomIdGenerator,
  createSystemClock,
  verifyApiKey,
} from '../../../src/adapters/system/index.js';
import type { StoreSettings } from '../../../src/core/index.js';
import { createTotalCalculators } from '../../../src/domain/pricing/totals/builtins.js';
import { createCheckout } from '../../../src/engine/index.js';
import { createPaymentMethods } from '../../../src/extensions/payment/index.js';
import { createShippingMethods } from '../../../src/extensions/shipping/index.js';
import { createFetchHandler, type FetchHandler } from '../../../src/http/index.js';
import { checkAnswer } from '../../openapi/support/answer-check.js';
import { CONTENTION_DEADLINE_MS } from './deadlines.js';
import { connectPool } from './postgres.js';
import { connectRedis } from './redis.js';

/** One host: a handler over its own connections. */
export interface TestHost {
  readonly name: string;
  readonly handler: FetchHandler;
  /** Ends the host's pool and Redis client. */
  close(): Promise<void>;
}

/** What every host shares: the stores' places and the store's configuration. */
export interface SharedStores {
  readonly schema: string;
  /** The Redis key prefix of the sessions. */
  readonly prefix: string;
  /** The store the schema was loaded from: its extension settings configure every host. */
  readonly data: MemoryStoreData;
  readonly settings: StoreSettings;
}

/** How a host uses PostgreSQL, besides its pool's size. */
export interface HostOptions {
  /** Keep reference data in a reference cache listening on the host's pool. */
  readonly cached?: boolean;
  /** What the adapters and the cache see of the pool (a wrapper counting statements); default the pool. */
  readonly wrap?: (pool: pg.Pool) => PgListenPoolLike;
}

/**
 * Opens a host: connects its own pool (`poolSize` connections) and Redis client (failing, not skipping, when a
 * server is not there) and wires the engine and handler over them. Sessions are in Redis; catalog,
 * directories, API users and orders in PostgreSQL; only the login throttle and the notifier are the host's own.
 */
export async function openHost(
  name: string,
  shared: SharedStores,
  poolSize = 10,
  options: HostOptions = {},
): Promise<TestHost> {
  const pool: pg.Pool = await connectPool(poolSize);
  const seen = options.wrap?.(pool) ?? pool;
  let redis: Redis;
  try {
    redis = await connectRedis();
  } catch (error) {
    await pool.end();
    throw error;
  }
  const { data, settings } = shared;
  const clock = createSystemClock();
  let cache: PostgresReferenceCache | undefined;
  if (options.cached === true) {
    cache = createPostgresReferenceCache({ pool: seen, schema: shared.schema });
    await cache.ready();
  }
  const postgres = createPostgresAdapters({
    pool: seen,
    schema: shared.schema,
    cache,
    currency: settings.currency,
    deadlineMs: CONTENTION_DEADLINE_MS,
  });
  const checkout = createCheckout(
    {
      ...postgres,
      sessions: createRedisSessionStore({
        client: redis,
        prefix: shared.prefix,
        clock,
        deadlineMs: CONTENTION_DEADLINE_MS,
      }),
      notifier: createMemoryNotifier(),
      clock,
      ids: createRandomIdGenerator(),
      shippingMethods: createShippingMethods(data.extensions.shipping),
      paymentMethods: createPaymentMethods(data.extensions.payment),
      totalCalculators: createTotalCalculators(data.extensions.totals),
    },
    { settings },
  );
  const handler = createFetchHandler(checkout, {
    settings,
    apiUsers: postgres.apiUsers,
    loginThrottle: createMemoryLoginThrottle({ clock }),
    verifyApiKey,
  });
  return {
    name,
    handler,
    async close() {
      redis.disconnect();
      await cache?.close();
      await pool.end();
    },
  };
}

/** A request to a host. */
export interface HostCall {
  /** Query parameters besides `route` (e.g. `api_token`, `order_id`). */
  readonly query?: Readonly<Record<string, string>>;
  /** A form body; the request is a POST when given. */
  readonly form?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A host's answer, read. */
export interface HostReply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** Sends one request to `host`'s handler as if from 127.0.0.1. */
export async function send(host: TestHost, route: string, call: HostCall = {}): Promise<HostReply> {
  const url = new URL('http://shop.test/index.php');
  url.search = `route=${route}`;
  for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { ...call.headers };
  if (call.form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const request = new Request(url, {
    method: call.form === undefined ? 'GET' : 'POST',
    headers,
    body: call.form === undefined ? null : new URLSearchParams({ ...call.form }).toString(),
  });
  const response = await host.handler(request, { ip: '127.0.0.1' });
  const body = (await response.json()) as Record<string, unknown>;
  checkAnswer(url.href, response.status, body);
  return { status: response.status, body };
}
