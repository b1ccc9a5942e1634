/**
 * Connecting the integration tests to the real Redis server, and cleaning up after them.
 *
 * The server is 127.0.0.1:6379 unless `REDIS_URL` says otherwise; `scripts/ensure-services.sh` starts it. A server
 * that cannot be reached FAILS the tests with a message saying so: they are never skipped.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect } from 'vitest';

/** The server the tests use. */
export const redisUrl = (): string => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other run uses: `cartwright-test:<random>:`. */
export const uniquePrefix = (): string => `cartwright-test:${randomUUID()}:`;

/**
 * A connected ioredis client, or a rejection that names the server and how to start it. The client gives up at
 * once instead of reconnecting and queueing forever, so an unreachable server fails the tests quickly.
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

/** Every key under `prefix`, found with SCAN (never KEYS, which blocks the server). */
export async function keysUnder(client: Redis, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

/** Deletes every key under `prefix`; answers how many it deleted. */
export async function deleteKeysUnder(client: Redis, prefix: string): Promise<number> {
  const keys = [...new Set(await keysUnder(client, prefix))];
  let deleted = 0;
  for (let i = 0; i < keys.length; i += 500) deleted += await client.del(...keys.slice(i, i + 500));
  return deleted;
}

/** The Redis connection and key prefix of one test file. */
export interface RedisTestRun {
  /** This file's key prefix, `cartwright-test:<random>:`; every key the file writes starts with it. */
  readonly prefix: string;
  /** The file's shared client, connected on first use; rejects (failing the case) when Redis is unreachable. */
  client(): Promise<Redis>;
}

/**
 * Registers, in the calling test file, an `afterAll` that deletes every key under the file's prefix, checks none
 * is left, and disconnects. The connection is made by the first case that needs it: when the server cannot be
 * reached, every such case FAILS with {@link connectRedis}'s message (a failing `beforeAll` would only mark them
 * skipped).
 */
export function useRedisTestRun(): RedisTestRun {
  const prefix = uniquePrefix();
  let connection: Promise<Redis> | undefined;
  const client = (): Promise<Redis> => {
    connection ??= connectRedis();
    return connection;
  };
  afterAll(async () => {
    const connected = await connection?.catch(() => undefined);
    if (connected === undefined) return;
    try {
      await deleteKeysUnder(connected, prefix);
      expect(await keysUnder(connected, prefix), `keys under ${prefix} survived the cleanup`).toEqual([]);
    } finally {
      connected.disconnect();
    }
  });
  return { prefix, client };
}
