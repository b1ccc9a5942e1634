/**
 * `redisSessions({ client })`: an overlay that keeps sessions, failed-login counts and accepted signatures in
 * Redis, so that every server on that Redis shares them.
 * @module
 */

import type { LoginThrottleLimits } from '../../ports/login-throttle.js';
import type { StoreLayer } from '../../ports/store.js';
import { describeValue, wiringError } from '../store.js';
import type { RedisClientLike } from './client.js';
import { createRedisLoginThrottle, DEFAULT_REDIS_LOGIN_PREFIX } from './login-throttle.js';
import { createRedisReplayGuard, DEFAULT_REDIS_REPLAY_PREFIX } from './replay-guard.js';
import { createRedisSessionStore, DEFAULT_REDIS_SESSION_PREFIX } from './session-store.js';

/** Options of {@link redisSessions}. */
export interface RedisSessionsOptions extends LoginThrottleLimits {
  /** The host's client (ioredis as it is; node-redis through a small wrapper); cartwright never closes it. */
  readonly client: RedisClientLike;
  /** The session keys' prefix; default `cartwright:session:`. */
  readonly prefix?: string | undefined;
  /** The failed-login counts' prefix; default `cartwright:login:`. */
  readonly loginPrefix?: string | undefined;
  /** The accepted signatures' prefix; default `cartwright:replay:`. */
  readonly replayPrefix?: string | undefined;
  /** See `RedisSessionStoreOptions.retentionSeconds`. */
  readonly retentionSeconds?: number | undefined;
  /** The longest one session call may take, in milliseconds; see `RedisSessionStoreOptions.deadlineMs`. */
  readonly deadlineMs?: number | undefined;
}

/**
 * Sessions, the login throttle and the replay guard in Redis, mounted over a store:
 * `memoryStore(snapshot).mount(redisSessions({ client }))`. Session keys live no longer than the checkout's
 * session lifetime; the checkout's clock judges expiry.
 */
export function redisSessions(options: RedisSessionsOptions): StoreLayer {
  const client = (options as Partial<RedisSessionsOptions> | undefined)?.client;
  if (typeof client !== 'object' || client === null || typeof client.eval !== 'function') {
    wiringError(`redisSessions needs { client } (an ioredis client), got ${describeValue(client)}`);
  }
  const {
    client: _client,
    prefix,
    loginPrefix,
    replayPrefix,
    retentionSeconds,
    deadlineMs,
    ...limits
  } = options;
  return {
    name: 'redisSessions',
    provides: ['sessions', 'loginThrottle', 'replayGuard'],
    open: ({ clock, sessionTtlSeconds }) => ({
      sessions: createRedisSessionStore({
        client,
        prefix: prefix ?? DEFAULT_REDIS_SESSION_PREFIX,
        ttlSeconds: sessionTtlSeconds,
        clock,
        retentionSeconds,
        deadlineMs,
      }),
      loginThrottle: createRedisLoginThrottle({
        ...limits,
        client,
        prefix: loginPrefix ?? DEFAULT_REDIS_LOGIN_PREFIX,
        clock,
      }),
      replayGuard: createRedisReplayGuard({
        client,
        prefix: replayPrefix ?? DEFAULT_REDIS_REPLAY_PREFIX,
        clock,
      }),
    }),
  };
}
