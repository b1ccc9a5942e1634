/**
 * `cartwright/adapters/redis`: session storage in Redis. The store itself arrives with the real-stores issue;
 * this entry point fixes the structural client type hosts pass in.
 * @module
 */
export type { RedisClientLike } from './client.js';
