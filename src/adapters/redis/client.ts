/**
 * The structural Redis client the Redis adapters accept, so that cartwright needs no Redis package at runtime.
 * @module
 */

/**
 * The two commands the Redis adapters send. An ioredis `Redis` (or `Cluster`) instance satisfies this type as
 * it is; a node-redis client needs a three-line wrapper (see `docs/redis.md`). On Redis Cluster the client must
 * send each `EVAL` to the node of its first key and each `DEL` to the node of its key, as ioredis's `Cluster`
 * does: every script names all the keys it touches, and those of one script share a hash tag. The host passes its
 * own connected client and keeps owning it: the adapters never connect, quit or subscribe.
 */
export interface RedisClientLike {
  /**
   * EVAL: runs a Lua script atomically on the server.
   *
   * @param script - The script source.
   * @param numkeys - How many of `args` are key names (they come first; the rest are the script's `ARGV`).
   * @param args - The key names, then the arguments.
   * @returns The script's reply: `null` for a nil reply, a number for an integer reply, a string for a bulk
   *   string reply, an array for a multi-bulk reply.
   */
  eval(script: string, numkeys: number, ...args: (string | number)[]): Promise<unknown>;
  /**
   * DEL: removes a key.
   *
   * @param key - The key to remove.
   * @returns How many keys were removed (0 or 1).
   */
  del(key: string): Promise<number>;
}
