/**
 * The structural Redis client the Redis adapters accept, so that cartwright needs no Redis package at runtime.
 * @module
 */

/**
 * The commands the Redis session store uses, as both ioredis and node-redis (v4+) offer them: the host passes its
 * own connected client.
 */
export interface RedisClientLike {
  /** GET: the value at key, or null. */
  get(key: string): Promise<string | null>;
  /** DEL: removes the key; answers how many keys were removed. */
  del(key: string): Promise<number>;
}
