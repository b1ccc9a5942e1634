/**
 * A key prefix with a brace would decide every key's Redis Cluster slot (its hash tag): each Redis adapter
 * refuses one when it is made, saying why, and takes any other.
 */
import { describe, expect, it } from 'vitest';
import {
  createRedisLoginThrottle,
  createRedisReplayGuard,
  createRedisSessionStore,
  type RedisClientLike,
} from '../../../src/adapters/redis/index.js';
import { CartwrightInvariantError } from '../../../src/domain/errors.js';

/** Never called: the factories check their options before any command. */
const client: RedisClientLike = {
  eval: () => Promise.reject(new Error('no command expected')),
  del: () => Promise.reject(new Error('no command expected')),
};

const factories = [
  ['createRedisSessionStore', (prefix: string) => createRedisSessionStore({ client, prefix })],
  ['createRedisLoginThrottle', (prefix: string) => createRedisLoginThrottle({ client, prefix })],
  ['createRedisReplayGuard', (prefix: string) => createRedisReplayGuard({ client, prefix })],
] as const;

describe.each(factories)('%s: the key prefix', (name, make) => {
  it.each(['{shop}:session:', 'shop:{', 'shop}:', 'a{b}c:', '{}'])(
    'refuses %j, naming the hash tag',
    (prefix) => {
      expect(() => make(prefix)).toThrow(CartwrightInvariantError);
      expect(() => make(prefix)).toThrow(`${name}: prefix ${JSON.stringify(prefix)} must not contain`);
      expect(() => make(prefix)).toThrow(/Redis Cluster places a key by .* \(its hash tag\)/);
    },
  );

  it.each(['', 'shop:', 'cartwright:session:', 'ünï:(x)[y]<z>:'])('takes %j', (prefix) => {
    expect(() => make(prefix)).not.toThrow();
  });
});
