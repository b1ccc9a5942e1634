import { type Cluster, Redis } from 'ioredis';
import { describe, expectTypeOf, it } from 'vitest';
import { createRedisSessionStore, type RedisClientLike } from '../../src/adapters/redis/index.js';
import type { SessionStore } from '../../src/ports/session-store.js';

describe('RedisClientLike', () => {
  it('is satisfied by an ioredis Redis and Cluster as they are, without casts', () => {
    expectTypeOf<Redis>().toExtend<RedisClientLike>();
    expectTypeOf<Cluster>().toExtend<RedisClientLike>();
    expectTypeOf(
      createRedisSessionStore({ client: new Redis('redis://127.0.0.1:6379') }),
    ).toEqualTypeOf<SessionStore>();
  });

  it('is satisfied by a node-redis client behind the wrapper of docs/redis.md', () => {
    // The shape of node-redis v4/v5's `eval` and `del`, so the wrapper is checked without the package installed.
    interface NodeRedisLike {
      eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
      del(key: string): Promise<number>;
    }
    const wrap = (nodeRedis: NodeRedisLike): RedisClientLike => ({
      eval: (script, numkeys, ...args) =>
        nodeRedis.eval(script, {
          keys: args.slice(0, numkeys).map(String),
          arguments: args.slice(numkeys).map(String),
        }),
      del: (key) => nodeRedis.del(key),
    });
    expectTypeOf(wrap).returns.toExtend<RedisClientLike>();
  });

  it('refuses a client without eval', () => {
    expectTypeOf<{ del(key: string): Promise<number> }>().not.toExtend<RedisClientLike>();
    // @ts-expect-error -- `eval` is missing
    createRedisSessionStore({ client: { del: async (_key: string) => 0 } });
  });
});
