/**
 * The Redis login throttle: one count of failed logins shared by every server on one Redis.
 * @module
 */
import type { Clock } from '../../ports/clock.js';
import type { LoginAttempt, LoginThrottle, LoginThrottleLimits } from '../../ports/login-throttle.js';
import { throttleLimits, verdictAfter } from '../throttle-limits.js';
import type { RedisClientLike } from './client.js';
import { slotSafePrefix } from './key-prefix.js';
import { CHECK_SCRIPT, RECORD_FAILURE_SCRIPT } from './login-throttle-scripts.js';

/**
 * Options of {@link createRedisLoginThrottle}: the limits (see `LoginThrottleLimits`), the client and the
 * keys.
 */
export interface RedisLoginThrottleOptions extends LoginThrottleLimits {
  /** The host's connected client (an ioredis `Redis` as it is; node-redis through a small wrapper). */
  readonly client: RedisClientLike;
  /**
   * Put before every key. Default `'cartwright:login:'`. Must not contain `{` or `}`, which would replace the
   * address as the keys' Redis Cluster hash tag (the factory throws).
   */
  readonly prefix?: string | undefined;
  /** Judges the window; the throttle never reads Redis's time. Default: the system clock. */
  readonly clock?: Clock | undefined;
}

/** The key prefix used when none is given. */
export const DEFAULT_REDIS_LOGIN_PREFIX = 'cartwright:login:';
const systemClock: Clock = { now: () => new Date() };

/**
 * The two counters' keys of an attempt: `<prefix>{addr:<ip>}` (the address) and
 * `<prefix>{addr:<ip>}:user:<username as JSON>` (the username at the address). The braces make the address
 * the hash tag of both, so they share a Redis Cluster slot; JSON keeps any username unambiguous.
 */
function keysOf(prefix: string, attempt: LoginAttempt): { pair: string; address: string } {
  const address = `${prefix}{addr:${attempt.ip}}`;
  return { pair: `${address}:user:${JSON.stringify(attempt.username)}`, address };
}

/**
 * A {@link LoginThrottle} in Redis, shared by every server that uses the same Redis and prefix: a client
 * spreading its guesses over many servers meets one limit, and a restart forgets nothing. Same rules as
 * `createMemoryLoginThrottle`: an attempt is blocked once its username and address have `maxFailures`
 * failures within the last `windowSeconds`, or its address has `maxFailuresPerIp`, until the oldest counted
 * failure of the full counter leaves the window (`retryAfterSeconds`, at least 1; the longer wait when both
 * are full); `reset` clears the username-and-address counter only.
 *
 * - Each counter is a sorted set of failure instants; `recordFailure` updates both in one Lua script, so
 *   concurrent failures on any number of servers are all counted. Keys expire a window after their last
 *   failure.
 * - The window is judged by `clock`, never by Redis's time: keep the servers' clocks in sync (NTP).
 * - Methods reject when Redis does; the login then answers 503 and counts nothing.
 *
 * @example
 * ```ts
 * import { Redis } from 'ioredis';
 * import { createRedisLoginThrottle } from 'cartwright/adapters/redis';
 *
 * const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
 * const loginThrottle = createRedisLoginThrottle({ client: redis });
 * ```
 */
export function createRedisLoginThrottle(options: RedisLoginThrottleOptions): LoginThrottle {
  const { client } = options;
  const prefix = slotSafePrefix(options.prefix ?? DEFAULT_REDIS_LOGIN_PREFIX, 'createRedisLoginThrottle');
  const clock = options.clock ?? systemClock;
  const { maxFailures, maxFailuresPerIp, windowMs } = throttleLimits(options, 'createRedisLoginThrottle');

  return {
    async check(attempt) {
      const { pair, address } = keysOf(prefix, attempt);
      const nowMs = clock.now().getTime();
      const reply = await client.eval(
        CHECK_SCRIPT,
        2,
        pair,
        address,
        nowMs,
        windowMs,
        maxFailures,
        maxFailuresPerIp,
      );
      const waitMs = Number(reply);
      if (!Number.isFinite(waitMs)) throw new Error(`cartwright: unexpected Redis reply for ${address}`);
      return verdictAfter(waitMs);
    },

    async recordFailure(attempt) {
      const { pair, address } = keysOf(prefix, attempt);
      const nowMs = clock.now().getTime();
      // Two failures in the same millisecond are two members: each gets a random suffix.
      const member = `${nowMs}:${globalThis.crypto.randomUUID()}`;
      await client.eval(
        RECORD_FAILURE_SCRIPT,
        2,
        pair,
        address,
        nowMs,
        windowMs,
        member,
        maxFailures,
        maxFailuresPerIp,
      );
    },

    async reset(attempt) {
      await client.del(keysOf(prefix, attempt).pair);
    },
  };
}
