/**
 * The Redis replay guard.
 * @module
 */
import type { Clock } from '../../ports/clock.js';
import type { ReplayGuard } from '../../ports/replay-guard.js';
import type { RedisClientLike } from './client.js';
import { slotSafePrefix } from './key-prefix.js';

/** Options of {@link createRedisReplayGuard}. */
export interface RedisReplayGuardOptions {
  /** The host's connected client (an ioredis `Redis` as it is; node-redis through a small wrapper). */
  readonly client: RedisClientLike;
  /**
   * Put before every key. Default `'cartwright:replay:'`. Must not contain `{` or `}`, which would decide the keys'
   * Redis Cluster slot (the factory throws).
   */
  readonly prefix?: string | undefined;
  /** Judges expiry; the guard never reads Redis's time. Default: the system clock. */
  readonly clock?: Clock | undefined;
}

/** The key prefix used when none is given. */
export const DEFAULT_REDIS_REPLAY_PREFIX = 'cartwright:replay:';

/**
 * Claims a key atomically: refused (0) while the stored expiry is after now, else stored with its expiry and a
 * TTL that lets Redis drop it once it no longer matters (1). "Now" comes from the guard's clock.
 *
 * `KEYS[1]`: the key. `ARGV`: now and the expiry, in ms since the epoch.
 */
const CLAIM_SCRIPT = `
local held = redis.call('GET', KEYS[1])
if held and tonumber(held) > tonumber(ARGV[1]) then return 0 end
local ttl = tonumber(ARGV[2]) - tonumber(ARGV[1])
if ttl < 1 then ttl = 1 end
redis.call('SET', KEYS[1], ARGV[2], 'PX', ttl)
return 1`;

const systemClock: Clock = { now: () => new Date() };

/**
 * A {@link ReplayGuard} in Redis, shared by every server on it: a signed request accepted by one is refused by
 * all the others. One key per accepted signature, gone when its window is over.
 *
 * @example
 * ```ts
 * const replayGuard = createRedisReplayGuard({ client: new Redis(process.env.REDIS_URL) });
 * createFetchHandler(checkout, { ...options, signedRequests: { replayGuard } });
 * ```
 */
export function createRedisReplayGuard(options: RedisReplayGuardOptions): ReplayGuard {
  const { client } = options;
  const prefix = slotSafePrefix(options.prefix ?? DEFAULT_REDIS_REPLAY_PREFIX, 'createRedisReplayGuard');
  const clock = options.clock ?? systemClock;
  return {
    async claim(key: string, expiresAt: Date): Promise<boolean> {
      const now = clock.now().getTime();
      const reply = await client.eval(CLAIM_SCRIPT, 1, `${prefix}${key}`, now, expiresAt.getTime());
      return Number(reply) === 1;
    },
  };
}
