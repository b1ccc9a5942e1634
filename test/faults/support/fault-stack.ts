/**
 * The service as `npm start` runs it (sessions in Redis, catalog and orders in PostgreSQL, the start-up defaults
 * in force: 2 s deadlines), started in-process on a real listening port, with a {@link FaultProxy} between it and
 * each real server. Each test file gets its own PostgreSQL schema, Redis key prefix and connection
 * `application_name`, dropped afterwards; a pool of its own (not through the proxies) reads what was stored.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { type RunningDemo, startDemoServer } from '../../../examples/shared/demo-main.js';
import { connectPool, databaseUrl, testSchemaName } from '../../integration/support/postgres.js';
import { redisUrl, useRedisTestRun } from '../../integration/support/redis.js';
import { faultApiKey } from './shop-client.js';
import { type FaultProxy, startFaultProxy } from './tcp-proxy.js';

/** A running service with its proxies. */
export interface FaultStack {
  /** The entry point, `http://127.0.0.1:<port>/index.php`. */
  readonly url: string;
  readonly demo: RunningDemo;
  /** Between the service and Redis. */
  readonly redis: FaultProxy;
  /** Between the service and PostgreSQL. */
  readonly postgres: FaultProxy;
  readonly schema: string;
  /** The `application_name` of every connection the service opens. */
  readonly applicationName: string;
  /** What the service reported (store failures, 503 causes), as `message: error` lines. */
  readonly logged: string[];
  /** A pool straight to PostgreSQL, for reading what was stored. */
  readonly admin: pg.Pool;
}

/** `url` with its host and port replaced by the proxy's, and with `search` laid over its query. */
function throughProxy(url: string, proxy: FaultProxy, search: Record<string, string> = {}): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  for (const [name, value] of Object.entries(search)) parsed.searchParams.set(name, value);
  return parsed.toString();
}

/** Where a URL points, for the proxy's target. */
function targetOf(url: string, defaultPort: number) {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: parsed.port === '' ? defaultPort : Number(parsed.port) };
}

/** Starts the proxies, then the service over them; everything opened is closed again when a step fails. */
async function startStack(label: string, prefix: string, admin: pg.Pool): Promise<FaultStack> {
  const schema = testSchemaName(label);
  const applicationName = `cw_faults_${label}_${randomBytes(4).toString('hex')}`;
  const redis = await startFaultProxy(targetOf(redisUrl(), 6379));
  const postgres = await startFaultProxy(targetOf(databaseUrl, 5432));
  const logged: string[] = [];
  const logger = {
    error: (message: string, error: unknown) =>
      logged.push(`${message}: ${error instanceof Error ? error.message : String(error)}`),
  };
  try {
    const started = await startDemoServer(
      {
        HOST: '127.0.0.1',
        PORT: '0',
        CARTWRIGHT_API_KEY: faultApiKey,
        CARTWRIGHT_REDIS_URL: throughProxy(redisUrl(), redis),
        CARTWRIGHT_REDIS_PREFIX: prefix,
        CARTWRIGHT_DATABASE_URL: throughProxy(databaseUrl, postgres, { application_name: applicationName }),
        CARTWRIGHT_DATABASE_SCHEMA: schema,
      },
      { log: () => undefined, logger },
    );
    if (started.isErr()) throw new Error(`bad environment: ${JSON.stringify(started.error)}`);
    const demo = started.value;
    return { url: demo.url, demo, redis, postgres, schema, applicationName, logged, admin };
  } catch (error) {
    await Promise.all([redis.close(), postgres.close()]);
    throw error;
  }
}

/**
 * Registers hooks that start the stack for the file and stop it (dropping its schema and keys), and returns a
 * getter. When the stack cannot start (a server is missing), the getter throws that error in every test, so
 * each fails with it rather than being skipped.
 */
export function useFaultStack(label: string): () => FaultStack {
  const keys = useRedisTestRun();
  let stack: FaultStack | undefined;
  let admin: pg.Pool | undefined;
  let failure: unknown;
  beforeAll(async () => {
    try {
      await keys.client();
      admin = await connectPool(2);
      stack = await startStack(label, keys.prefix, admin);
    } catch (error) {
      failure = error;
    }
  }, 60_000);
  afterAll(async () => {
    try {
      stack?.redis.restore();
      stack?.postgres.restore();
      await stack?.demo.close();
      await Promise.all([stack?.redis.close(), stack?.postgres.close()]);
      if (stack !== undefined) await admin?.query(`DROP SCHEMA IF EXISTS "${stack.schema}" CASCADE`);
    } finally {
      await admin?.end();
    }
  }, 60_000);
  return () => {
    if (failure !== undefined) throw failure;
    if (stack === undefined) throw new Error('the fault stack is not running');
    return stack;
  };
}

/** What PostgreSQL holds of the orders: every order id, the order each Idempotency-Key owns, the iPhone's stock. */
export interface StoredOrders {
  readonly orderIds: readonly number[];
  /** Idempotency-Key → the order claimed with it (a key owns one order at most: it is the table's key). */
  readonly byKey: ReadonlyMap<string, number>;
  readonly iphoneStock: number;
}

/** Reads {@link StoredOrders} from the stack's schema, straight from the server. */
export async function storedOrders(stack: FaultStack): Promise<StoredOrders> {
  const { admin, schema } = stack;
  const orders = await admin.query(`SELECT order_id FROM "${schema}".orders ORDER BY order_id`);
  const claims = await admin.query(
    `SELECT idempotency_key, order_id FROM "${schema}".order_idempotency WHERE scope LIKE 'api-user:%'`,
  );
  const stock = await admin.query(`SELECT quantity FROM "${schema}".product WHERE product_id = 40`);
  return {
    orderIds: orders.rows.map((row) => Number(row.order_id)),
    byKey: new Map(claims.rows.map((row) => [String(row.idempotency_key), Number(row.order_id)])),
    iphoneStock: Number(stock.rows[0]?.quantity),
  };
}

/**
 * Checks that the orders `owned` (Idempotency-Key → order id, one iPhone each) are all that was added since
 * `before`: no other order (none lost, none made twice), each key owning its order, and the iPhone's stock down by
 * one per order. Answers what is stored now.
 */
export async function expectOrdersAdded(
  stack: FaultStack,
  before: StoredOrders,
  owned: Readonly<Record<string, number>>,
): Promise<StoredOrders> {
  const after = await storedOrders(stack);
  const added = Object.values(owned);
  expect(after.orderIds).toEqual([...before.orderIds, ...added].sort((a, b) => a - b));
  for (const [key, orderId] of Object.entries(owned)) expect(after.byKey.get(key), key).toBe(orderId);
  expect(after.iphoneStock).toBe(before.iphoneStock - added.length);
  return after;
}
