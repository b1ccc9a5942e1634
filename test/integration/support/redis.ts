/**
 * Connecting the integration tests to the real Redis, and cleaning up after them.
 *
 * Two targets, chosen by `CARTWRIGHT_TEST_REDIS` (the `cluster` project of vitest.config.ts sets it, so the same
 * test files run on both):
 * - unset: the single server at 127.0.0.1:6379 unless `REDIS_URL` says otherwise (`scripts/ensure-services.sh`
 *   starts it), through an ioredis `Redis`;
 * - `cluster`: the tests' own three-master Redis Cluster (see ./redis-cluster.ts), through an ioredis `Cluster`.
 *
 * A server that cannot be reached FAILS the tests with a message saying so: they are never skipped.
 */
import { randomUUID } from 'node:crypto';
import { Cluster, Redis } from 'ioredis';
import { afterAll, expect } from 'vitest';
import { connectCluster } from './redis-cluster.js';

/** A test client: a single-node `Redis`, or a `Cluster` that sends each command to the node of its key. */
export type RedisTestClient = Redis | Cluster;

/** Which Redis the test files of this run use. */
export const redisTarget = (): 'single' | 'cluster' =>
  process.env.CARTWRIGHT_TEST_REDIS === 'cluster' ? 'cluster' : 'single';

/** The single server the tests use (whatever the target: some tests need a plain server). */
export const redisUrl = (): string => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other run uses: `cartwright-test:<random>:`. */
export const uniquePrefix = (): string => `cartwright-test:${randomUUID()}:`;

/** A connected client of the run's target: the single server, or the test cluster. */
export function connectTestRedis(): Promise<RedisTestClient> {
  return redisTarget() === 'cluster' ? connectCluster() : connectRedis();
}

/**
 * A connected client of the single server at `url`, or a rejection that names the server and how to start it.
 * The client gives up at once instead of reconnecting and queueing forever, so an unreachable server fails the
 * tests quickly.
 */
export async function connectRedis(url: string = redisUrl()): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  let socketError: Error | undefined;
  client.on('error', (error: Error) => {
    socketError = error; // the cause (ECONNREFUSED…); connect() itself only says "Connection is closed."
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    const reason = socketError?.message ?? (error instanceof Error ? error.message : String(error));
    throw new Error(
      `Cannot reach Redis at ${url} (${reason}). The Redis integration tests need a running server: start it ` +
        'with scripts/ensure-services.sh, or point REDIS_URL at one.',
    );
  }
  return client;
}

/** Every key of one server under `pattern`, found with SCAN (never KEYS, which blocks the server). */
async function scanServer(server: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await server.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

/**
 * Every key under `prefix`. SCAN walks one server's keys, so on a cluster it walks each master's (a key in the
 * middle of a reshard may be seen on both ends of its move: each key is answered once).
 */
export async function keysUnder(client: RedisTestClient, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
  const servers = client instanceof Cluster ? client.nodes('master') : [client];
  const found = await Promise.all(servers.map((server) => scanServer(server, pattern)));
  return [...new Set(found.flat())];
}

/**
 * Deletes every key under `prefix`; answers how many it deleted. One DEL per key: a DEL of several keys is
 * refused on a cluster unless they all share one slot.
 */
export async function deleteKeysUnder(client: RedisTestClient, prefix: string): Promise<number> {
  const keys = await keysUnder(client, prefix);
  let deleted = 0;
  for (let i = 0; i < keys.length; i += 500) {
    const counts = await Promise.all(keys.slice(i, i + 500).map((key) => client.del(key)));
    deleted += counts.reduce((sum, count) => sum + count, 0);
  }
  return deleted;
}

/** The Redis connection and key prefix of one test file. */
export interface RedisTestRun {
  /** This file's key prefix, `cartwright-test:<random>:`; every key the file writes starts with it. */
  readonly prefix: string;
  /** The file's shared client, connected on first use; rejects (failing the case) when Redis is unreachable. */
  client(): Promise<RedisTestClient>;
}

/**
 * Registers, in the calling test file, an `afterAll` that deletes every key under the file's prefix, checks none
 * is left, and disconnects. The connection is made by the first case that needs it: when the server cannot be
 * reached, every such case FAILS with {@link connectRedis}'s message (a failing `beforeAll` would only mark them
 * skipped).
 */
export function useRedisTestRun(): RedisTestRun {
  const prefix = uniquePrefix();
  let connection: Promise<RedisTestClient> | undefined;
  const client = (): Promise<RedisTestClient> => {
    connection ??= connectTestRedis();
    return connection;
  };
  afterAll(async () => {
    const connected = await connection?.catch(() => undefined);
    if (connected === undefined) return;
    try {
      // A key a reshard was moving while it was scanned may be missed once: a second pass finds it.
      for (let pass = 0; pass < 3 && (await deleteKeysUnder(connected, prefix)) > 0; pass += 1) {}
      expect(await keysUnder(connected, prefix), `keys under ${prefix} survived the cleanup`).toEqual([]);
    } finally {
      connected.disconnect();
    }
  });
  return { prefix, client };
}
