/**
 * The server the fuzzer attacks: the demo store wired exactly as `npm start` wires it (`wireDemoApp`, the
 * node:http server of the example), listening on a free port of 127.0.0.1, either all in memory or with sessions
 * in Redis and catalog, API users and orders in PostgreSQL (a fresh schema and key prefix per world, removed on
 * close). Three things differ from `npm start`: a manual clock (the fuzzer moves time to expire sessions), a
 * login throttle the fuzzer can empty between runs (each run models its own failed logins), and stock raised so
 * that thousands of orders never sell a product out.
 */
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { prepareDemoStore, wireDemoApp } from '../../../examples/shared/demo-app.js';
import { type DemoStores, openDemoStores } from '../../../examples/shared/demo-stores.js';
import { createMemoryLoginThrottle } from '../../../src/adapters/memory/index.js';
import type { MemoryStoreData } from '../../../src/demo/store-data.js';
import { createFetchHandler, createNodeServer, type HttpLogger } from '../../../src/http/index.js';
import type { LoginThrottle } from '../../../src/ports/login-throttle.js';
import type { SessionStore } from '../../../src/ports/session-store.js';
import { createManualClock, type ManualClock } from '../../../src/testing/index.js';
import { databaseUrl, testSchemaName } from '../../integration/support/postgres.js';
import { connectRedis, deleteKeysUnder, redisUrl, uniquePrefix } from '../../integration/support/redis.js';

/** Where the world keeps its data: all in memory, or Redis (sessions) and PostgreSQL (everything else). */
export type StoreMode = 'memory' | 'stores';

/** The session inactivity expiry of every world, in seconds (the demo's default). */
export const sessionTtlSeconds = 3600;

/** How long an expired session is still answered as expired (both stores' default), in seconds. */
export const retentionSeconds = 86_400;

/** The login throttle's window and limits (the examples' values). */
export const throttle = { windowSeconds: 300, maxFailures: 5, maxFailuresPerIp: 20 } as const;

/** A running world. */
export interface FuzzWorld {
  readonly mode: StoreMode;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  /** The key of API user `demo`. */
  readonly apiKey: string;
  readonly clock: ManualClock;
  /** The store data the server was started from (catalogue, customers), for the model. */
  readonly prepared: MemoryStoreData;
  /** The session store the server uses, to compare stored sessions before and after a request. */
  readonly sessions: SessionStore;
  /** What the handler and the listener logged as unexpected (a 500, a request that could not be served). */
  readonly unexpected: string[];
  /** Forgets every failed login (a fresh throttle), so that each run starts unthrottled. */
  resetThrottle(): void;
  close(): Promise<void>;
}

/** The stock every product and option value that has some gets: far more than a long run can sell. */
const plentiful = 1_000_000;

/** Raises the stock of everything in stock to {@link plentiful}; what is sold out stays sold out. */
function restock(data: MemoryStoreData): void {
  for (const [id, product] of data.products) {
    data.products.set(id, {
      ...product,
      quantity: product.quantity > 0 ? plentiful : product.quantity,
      options: product.options.map((option) => ({
        ...option,
        values: option.values.map((value) => ({
          ...value,
          quantity: value.quantity > 0 ? plentiful : value.quantity,
        })),
      })),
    });
  }
}

/** A login throttle whose counts can be dropped by swapping in a fresh one. */
function createResettableThrottle(make: () => LoginThrottle): { throttle: LoginThrottle; reset(): void } {
  let current = make();
  return {
    throttle: {
      check: (attempt) => current.check(attempt),
      recordFailure: (attempt) => current.recordFailure(attempt),
      reset: (attempt) => current.reset(attempt),
    },
    reset() {
      current = make();
    },
  };
}

/** Opens Redis and PostgreSQL on a fresh key prefix and schema, the way `npm start` does. */
async function openStores(
  prepared: Parameters<typeof openDemoStores>[1],
  clock: ManualClock,
): Promise<{ stores: DemoStores; cleanup: () => Promise<void> }> {
  const prefix = uniquePrefix();
  const schema = testSchemaName('fuzz');
  const env = {
    redisUrl: redisUrl(),
    redisPrefix: prefix,
    redisDeadlineMs: 2000,
    redisLoginPrefix: `${prefix}login:`,
    databaseUrl,
    databaseSchema: schema,
    databaseDeadlineMs: 2000,
    demoReset: undefined,
    sessionTtlSeconds,
  };
  const stores = await openDemoStores(env, prepared, { clock });
  const cleanup = async () => {
    const redis = await connectRedis();
    try {
      await deleteKeysUnder(redis, prefix);
    } finally {
      redis.disconnect();
    }
    const pg = await import('pg');
    const pool = new pg.default.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await pool.end();
    }
  };
  return { stores, cleanup };
}

/** Starts a world; `log` receives what the server logs as unexpected, as it happens. */
export async function openWorld(mode: StoreMode, log: (line: string) => void = () => {}): Promise<FuzzWorld> {
  const apiKey = `fuzz-${randomBytes(24).toString('base64url')}`;
  const clock = createManualClock('2026-03-02T10:00:00.000Z');
  const prepared = prepareDemoStore({ apiKey, sessionTtlSeconds });
  if (prepared.isErr()) throw new Error(`demo store: ${JSON.stringify(prepared.error)}`);
  restock(prepared.value.data);
  const opened = mode === 'stores' ? await openStores(prepared.value, clock) : undefined;
  const app = wireDemoApp(prepared.value, { clock, sessionTtlSeconds }, opened?.stores);
  const unexpected: string[] = [];
  const logger: HttpLogger = {
    error: (...parts: unknown[]) => {
      const line = parts.map((part) => (part instanceof Error ? (part.stack ?? part.message) : String(part)));
      unexpected.push(line.join(' '));
      log(line.join(' '));
    },
  };
  const resettable = createResettableThrottle(() => createMemoryLoginThrottle({ clock, ...throttle }));
  const handler = createFetchHandler(app.checkout, {
    ...app.handlerOptions,
    loginThrottle: resettable.throttle,
    logger,
  });
  const server: Server = createNodeServer(handler, { logger });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    mode,
    origin: `http://127.0.0.1:${port}`,
    port,
    apiKey,
    clock,
    prepared: prepared.value.data,
    sessions: opened?.stores.sessions ?? app.adapters.sessions,
    unexpected,
    resetThrottle: resettable.reset,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (opened !== undefined) {
        await opened.stores.close();
        await opened.cleanup();
      }
    },
  };
}
