/**
 * The Redis login throttle on the real server: the `cartwright/testing` contract suite, two throttles (two
 * servers) on one Redis sharing their counts, the key layout and expiry, and concurrent failures from several
 * connections all counted.
 *
 * Every run writes under its own prefix and deletes its keys afterwards; an unreachable server fails these
 * tests.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createRedisLoginThrottle,
  DEFAULT_REDIS_LOGIN_PREFIX,
  type RedisLoginThrottleOptions,
} from '../../../src/adapters/redis/index.js';
import { CartwrightInvariantError } from '../../../src/domain/errors.js';
import type { LoginAttempt } from '../../../src/ports/login-throttle.js';
import { createManualClock, describeLoginThrottleContract } from '../../../src/testing/index.js';
import { connectTestRedis, keysUnder, useRedisTestRun } from '../support/redis.js';

const run = useRedisTestRun();
const start = '2024-05-01T10:00:00Z';

/** A prefix of its own under the run's. */
const freshPrefix = (): string => `${run.prefix}login-${randomUUID()}:`;

describeLoginThrottleContract({ describe, it }, 'redis', async (limits) => {
  const clock = createManualClock(start);
  const throttle = createRedisLoginThrottle({
    ...limits,
    client: await run.client(),
    prefix: freshPrefix(),
    clock,
  });
  return { throttle, clock };
});

/** A throttle on the shared client with the defaults but the given options. */
async function throttleWith(options: Partial<RedisLoginThrottleOptions> = {}) {
  const clock = createManualClock(start);
  return {
    clock,
    throttle: createRedisLoginThrottle({
      client: await run.client(),
      prefix: freshPrefix(),
      clock,
      ...options,
    }),
  };
}

describe('Redis login throttle', () => {
  it('two throttles (two servers) on one Redis and prefix share their counts', async () => {
    const prefix = freshPrefix();
    const clock = createManualClock(start);
    const other = await connectTestRedis();
    try {
      const first = createRedisLoginThrottle({ client: await run.client(), prefix, clock });
      const second = createRedisLoginThrottle({ client: other, prefix, clock });
      const guess: LoginAttempt = { username: 'demo', ip: '192.0.2.7' };
      // Guesses spread over both servers meet one limit (5 per username and address by default).
      for (let i = 0; i < 4; i += 1) await (i % 2 === 0 ? first : second).recordFailure(guess);
      expect(await first.check(guess)).toEqual({ allowed: true, retryAfterSeconds: 0 });
      await second.recordFailure(guess);
      expect(await first.check(guess)).toEqual({ allowed: false, retryAfterSeconds: 300 });
      expect(await second.check(guess)).toEqual({ allowed: false, retryAfterSeconds: 300 });
      // A successful login on one server clears the pair for both; the address count (5 of 20) stays.
      await first.reset(guess);
      expect((await second.check(guess)).allowed).toBe(true);
      for (let i = 0; i < 15; i += 1) await second.recordFailure({ username: `u${i}`, ip: guess.ip });
      expect(await first.check({ username: 'fresh', ip: guess.ip })).toEqual({
        allowed: false,
        retryAfterSeconds: 300,
      });
    } finally {
      other.disconnect();
    }
  });

  it('keeps an address counter and a username-at-address counter, which expire a window after the last failure', async () => {
    const prefix = freshPrefix();
    const client = await run.client();
    const throttle = createRedisLoginThrottle({
      client,
      prefix,
      windowSeconds: 60,
      clock: createManualClock(start),
    });
    await throttle.recordFailure({ username: 'Zoë "x"', ip: '2001:db8::1' });
    const address = `${prefix}{addr:2001:db8::1}`;
    const pair = `${address}:user:"Zoë \\"x\\""`;
    expect((await keysUnder(client, prefix)).sort()).toEqual([address, pair].sort());
    for (const key of [address, pair]) {
      expect(await client.type(key)).toBe('zset');
      expect(await client.zcard(key)).toBe(1);
      const ttl = await client.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
    await throttle.reset({ username: 'Zoë "x"', ip: '2001:db8::1' });
    expect(await keysUnder(client, prefix)).toEqual([address]);
  });

  it('keeps no more failures per counter than its limit', async () => {
    const { throttle } = await throttleWith({ maxFailures: 3, maxFailuresPerIp: 4 });
    const client = await run.client();
    for (let i = 0; i < 10; i += 1) await throttle.recordFailure({ username: 'demo', ip: '192.0.2.8' });
    const keys = await keysUnder(client, '');
    const ours = keys.filter((key) => key.includes('{addr:192.0.2.8}') && key.startsWith(run.prefix));
    const sizes = await Promise.all(
      ours.map(async (key) => [key.endsWith('"demo"'), await client.zcard(key)]),
    );
    expect(sizes.sort()).toEqual([
      [false, 4],
      [true, 3],
    ]);
  });

  it('counts every one of 200 concurrent failures sent over four connections', async () => {
    const prefix = freshPrefix();
    const clock = createManualClock(start);
    const clients = await Promise.all([0, 1, 2, 3].map(() => connectTestRedis()));
    try {
      const throttles = clients.map((client) =>
        createRedisLoginThrottle({ client, prefix, clock, maxFailures: 200, maxFailuresPerIp: 1000 }),
      );
      const guess: LoginAttempt = { username: 'demo', ip: '192.0.2.9' };
      await Promise.all(
        Array.from({ length: 199 }, (_, i) => throttles[i % throttles.length]?.recordFailure(guess)),
      );
      expect((await throttles[0]?.check(guess))?.allowed).toBe(true);
      await throttles[1]?.recordFailure(guess);
      expect((await throttles[2]?.check(guess))?.allowed).toBe(false);
    } finally {
      for (const client of clients) client.disconnect();
    }
  });

  it('uses cartwright:login: unless told otherwise, and refuses nonsensical limits', async () => {
    expect(DEFAULT_REDIS_LOGIN_PREFIX).toBe('cartwright:login:');
    const client = await run.client();
    expect(() => createRedisLoginThrottle({ client, maxFailures: 0 })).toThrow(CartwrightInvariantError);
    expect(() => createRedisLoginThrottle({ client, windowSeconds: 1.5 })).toThrow(CartwrightInvariantError);
  });

  it('rejects when Redis does, so the login answers 503', async () => {
    const client = await connectTestRedis();
    client.disconnect();
    const throttle = createRedisLoginThrottle({ client, prefix: freshPrefix() });
    await expect(throttle.check({ username: 'demo', ip: '192.0.2.10' })).rejects.toThrow();
    await expect(throttle.recordFailure({ username: 'demo', ip: '192.0.2.10' })).rejects.toThrow();
  });
});
