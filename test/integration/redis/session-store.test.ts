/**
 * The Redis session store on the real server: the `cartwright/testing` contract suite, the Redis-specific key
 * layout and TTLs, and 1,000 concurrent read-modify-write mutations on one session.
 *
 * Every run writes under its own prefix (`cartwright-test:<random>:`) and deletes its keys afterwards. An
 * unreachable server fails these tests (see test/integration/support/redis.ts); they are never skipped.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import {
  createRedisSessionStore,
  DEFAULT_REDIS_SESSION_PREFIX,
  type RedisSessionStoreOptions,
} from '../../../src/adapters/redis/index.js';
import { CartwrightInvariantError } from '../../../src/domain/errors.js';
import type { CheckoutSession } from '../../../src/domain/machine/session.js';
import {
  createManualClock,
  describeSessionStoreContract,
  sampleSession,
} from '../../../src/testing/index.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { connectRedis, useRedisTestRun } from '../support/redis.js';

/** The contract's concurrency cases make thousands of round trips: give each case room. */
const CASE_TIMEOUT_MS = 30_000;
const HOUR_MS = 3_600_000;
const DAY_S = 86_400;
const run = useRedisTestRun();
const redis = run.client;
const runPrefix = run.prefix;

const itWithTimeout = (name: string, fn: () => Promise<void> | void): void => {
  it(name, fn, CASE_TIMEOUT_MS);
};

/** A contract fixture: a store on the shared client under a sub-prefix of the run's prefix. */
function contractSetup(name: string) {
  return async () => {
    const clock = createManualClock('2024-05-01T10:00:00Z');
    const store = createRedisSessionStore({
      client: await redis(),
      prefix: `${runPrefix}${name}:`,
      clock,
      deadlineMs: CONTENTION_DEADLINE_MS,
    });
    return { store, clock };
  };
}

// One run of the suite (its read-modify-write case alone takes seconds on a real server); the retention and
// ttlSeconds variants are covered by the cases below.
describeSessionStoreContract({ describe, it: itWithTimeout }, 'redis', contractSetup('contract'));

/** A session saved at the clock's time, expiring an hour later. */
function session(now: number, overrides: Partial<CheckoutSession> = {}): CheckoutSession {
  return sampleSession(
    {
      id: `cw-redis-${randomUUID()}`,
      now: new Date(now).toISOString(),
      expiresAt: new Date(now + HOUR_MS).toISOString(),
    },
    overrides,
  );
}

/** A store under its own sub-prefix of the run's prefix, on a manual clock at the real time. */
async function redisFixture(options: Partial<RedisSessionStoreOptions> = {}) {
  const client = await redis();
  const clock = createManualClock(new Date().toISOString());
  const prefix = `${runPrefix}${randomUUID()}:`;
  const store = createRedisSessionStore({ client, prefix, clock, ...options });
  return { client, clock, prefix, store, now: clock.now().getTime() };
}

describe('Redis session store: keys and TTLs', () => {
  it('stores a session as one hash at prefix + id, its JSON intact (money strings exactly)', async () => {
    const { client, prefix, store, now } = await redisFixture();
    const saved = session(now);
    expect(await store.save(saved, 0)).toBe('saved');
    const hash = await client.hgetall(prefix + saved.id);
    expect(Object.keys(hash).sort()).toEqual(['expiresAt', 'expiresAtMs', 'session', 'version']);
    expect(hash.version).toBe('1');
    expect(hash.expiresAt).toBe(saved.expiresAt);
    expect(Number(hash.expiresAtMs)).toBe(Date.parse(saved.expiresAt));
    expect(JSON.parse(hash.session ?? '')).toEqual(saved);
    expect(hash.session).toContain('"amount":"33.33333333"');
  });

  it('sets the key TTL to the time until expiresAt plus the retention, and touch slides it', async () => {
    const { client, clock, prefix, store, now } = await redisFixture({ retentionSeconds: 600 });
    const saved = session(now);
    await store.save(saved, 0);
    const ttl = await client.pttl(prefix + saved.id);
    expect(ttl).toBeGreaterThan(HOUR_MS + 600_000 - 5_000);
    expect(ttl).toBeLessThanOrEqual(HOUR_MS + 600_000);

    clock.set(new Date(now + 30 * 60_000).toISOString());
    const later = new Date(now + 3 * HOUR_MS).toISOString();
    await store.touch(saved.id, later);
    const slid = await client.pttl(prefix + saved.id);
    expect(slid).toBeGreaterThan(2.5 * HOUR_MS + 600_000 - 5_000);
    expect(slid).toBeLessThanOrEqual(2.5 * HOUR_MS + 600_000);
    expect(await client.hget(prefix + saved.id, 'version')).toBe('1');

    await store.touch(saved.id, new Date(now + 2 * HOUR_MS).toISOString()); // earlier: ignored
    expect(await client.hget(prefix + saved.id, 'expiresAt')).toBe(later);
    expect(await client.pttl(prefix + saved.id)).toBeLessThanOrEqual(slid);
  });

  it('caps the live part of the TTL at ttlSeconds', async () => {
    const { client, prefix, store, now } = await redisFixture({ ttlSeconds: 60, retentionSeconds: 10 });
    const saved = session(now);
    await store.save(saved, 0);
    const ttl = await client.pttl(prefix + saved.id);
    expect(ttl).toBeGreaterThan(65_000);
    expect(ttl).toBeLessThanOrEqual(70_000);
  });

  it('answers expired during the retention, then missing; a forgotten session can be saved over 0', async () => {
    const { clock, store, now } = await redisFixture({ retentionSeconds: 60 });
    const saved = session(now);
    await store.save(saved, 0);
    const expiresAt = Date.parse(saved.expiresAt);
    clock.set(new Date(expiresAt + 59_999).toISOString());
    expect((await store.get(saved.id)).status).toBe('expired');
    expect(await store.save({ ...saved, version: 2 }, 0)).toBe('conflict');
    clock.set(new Date(expiresAt + 60_000).toISOString());
    expect((await store.get(saved.id)).status).toBe('missing');
    const again = session(clock.now().getTime(), { id: saved.id });
    expect(await store.save(again, 0)).toBe('saved');
    expect(await store.get(saved.id)).toEqual({ status: 'found', session: again });
  });

  it('lets Redis drop the key once the retention has passed', async () => {
    const { client, prefix, store, now } = await redisFixture({ retentionSeconds: 0 });
    const saved = session(now - HOUR_MS + 200); // expires 200 ms after the store's clock
    await store.save(saved, 0);
    const ttl = await client.pttl(prefix + saved.id); // -2 if a slow machine took over 200 ms to ask
    expect(ttl === -2 || (ttl > 0 && ttl <= 200), `PTTL ${ttl}`).toBe(true);
    const deadline = Date.now() + 5_000;
    while ((await client.exists(prefix + saved.id)) === 1 && Date.now() < deadline) await sleep(50);
    expect(await client.exists(prefix + saved.id), 'Redis still holds the key').toBe(0);
  });

  it('uses cartwright:session: when no prefix is given', async () => {
    const client = await redis();
    const clock = createManualClock(new Date().toISOString());
    const store = createRedisSessionStore({ client, clock });
    const saved = session(clock.now().getTime(), { id: `${runPrefix.replaceAll(':', '-')}default` });
    expect(DEFAULT_REDIS_SESSION_PREFIX).toBe('cartwright:session:');
    try {
      await store.save(saved, 0);
      expect(await client.exists(`cartwright:session:${saved.id}`)).toBe(1);
    } finally {
      await store.delete(saved.id);
    }
    expect(await client.exists(`cartwright:session:${saved.id}`)).toBe(0);
  });

  it('rejects when the key holds something that is not a session (the engine answers unavailable)', async () => {
    const { client, prefix, store } = await redisFixture();
    await client.set(`${prefix}foreign`, 'not a hash');
    await expect(store.get('foreign')).rejects.toThrow(/WRONGTYPE/);
    await expect(store.save(session(Date.now(), { id: 'foreign' }), 0)).rejects.toThrow(/WRONGTYPE/);
  });

  it('refuses durations that are not whole seconds', () => {
    const client = { eval: async () => null, del: async () => 0 };
    expect(() => createRedisSessionStore({ client, retentionSeconds: -1 })).toThrow(CartwrightInvariantError);
    expect(() => createRedisSessionStore({ client, retentionSeconds: 1.5 })).toThrow(
      CartwrightInvariantError,
    );
    expect(() => createRedisSessionStore({ client, ttlSeconds: 0 })).toThrow(CartwrightInvariantError);
    expect(() => createRedisSessionStore({ client, ttlSeconds: DAY_S, retentionSeconds: 0 })).not.toThrow();
  });

  it('fails with a clear message when the server cannot be reached', async () => {
    await expect(connectRedis('redis://127.0.0.1:1')).rejects.toThrow(
      /Cannot reach Redis at redis:\/\/127\.0\.0\.1:1 .*scripts\/ensure-services\.sh/,
    );
  });
});
