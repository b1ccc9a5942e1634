/**
 * `cartwright/adapters/redis`: checkout sessions, the login throttle and accepted request signatures in Redis,
 * through the host's own client (ioredis as it is, node-redis through a small wrapper). Nothing here imports a
 * Redis package.
 * @module
 */
export type { RedisClientLike } from './client.js';
export {
  createRedisLoginThrottle,
  DEFAULT_REDIS_LOGIN_PREFIX,
  type RedisLoginThrottleOptions,
} from './login-throttle.js';
export { type RedisSessionsOptions, redisSessions } from './redis-sessions.js';
export {
  createRedisReplayGuard,
  DEFAULT_REDIS_REPLAY_PREFIX,
  type RedisReplayGuardOptions,
} from './replay-guard.js';
export {
  createRedisSessionStore,
  DEFAULT_REDIS_SESSION_PREFIX,
  type RedisSessionStoreOptions,
} from './session-store.js';
