/**
 * `CARTWRIGHT_REDIS_CLUSTER` and the Redis key prefixes as `npm start` reads them: the node list and its URL form,
 * what is refused (with the variable named) before anything connects, and how the banner shows the nodes.
 */
import { describe, expect, it } from 'vitest';
import { readDemoEnv } from '../../examples/shared/demo-env.js';
import { redisClusterOptions } from '../../examples/shared/demo-redis.js';
import { parseRedisCluster, shownCluster } from '../../examples/shared/redis-cluster-env.js';

const key = { CARTWRIGHT_API_KEY: 'cluster-env-key-0123456789abcdef0123456' };

describe('CARTWRIGHT_REDIS_CLUSTER', () => {
  it('takes host:port entries, an IPv6 host in brackets, the port 6379 when none is given', () => {
    expect(parseRedisCluster(' 10.0.0.1:7000, redis-b:7001 ,[::1]:7002,redis-c ,')._unsafeUnwrap()).toEqual({
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: 'redis-b', port: 7001 },
        { host: '::1', port: 7002 },
        { host: 'redis-c', port: 6379 },
      ],
      username: undefined,
      password: undefined,
      tls: false,
    });
  });

  it('takes URLs, whose user, password and TLS hold for every node', () => {
    const seeds = parseRedisCluster('rediss://app:s%3Acret@10.0.0.1:7000,10.0.0.2:7000')._unsafeUnwrap();
    expect(seeds).toEqual({
      nodes: [
        { host: '10.0.0.1', port: 7000 },
        { host: '10.0.0.2', port: 7000 },
      ],
      username: 'app',
      password: 's:cret',
      tls: true,
    });
    expect(shownCluster(seeds)).toBe('rediss://app:***@10.0.0.1:7000,10.0.0.2:7000');
    expect(redisClusterOptions(750, seeds).redisOptions).toMatchObject({
      username: 'app',
      password: 's:cret',
      tls: {},
      commandTimeout: 750,
      connectTimeout: 750,
    });
    expect(shownCluster(parseRedisCluster('redis://:pw@a:1')._unsafeUnwrap())).toBe('redis://:***@a:1');
  });

  it.each([
    ['', 'must be the cluster nodes'],
    [' , ', 'must be the cluster nodes'],
    ['http://a:1', 'must be the cluster nodes'],
    ['redis://a:1/2', 'must be the cluster nodes'],
    ['a:99999', 'must be the cluster nodes'],
    ['user:pw@a:1', 'must be the cluster nodes'],
    ['redis://:one@a:1,redis://:two@b:1', 'must share one scheme, user and password'],
    ['redis://a:1,rediss://b:1', 'must share one scheme, user and password'],
  ])('refuses %j', (text, reason) => {
    expect(parseRedisCluster(text)._unsafeUnwrapErr()).toContain(reason);
  });

  it('is read by npm start, and refused beside CARTWRIGHT_REDIS_URL', () => {
    const env = readDemoEnv({
      ...key,
      CARTWRIGHT_REDIS_CLUSTER: '127.0.0.1:7301,127.0.0.1:7302',
    })._unsafeUnwrap();
    expect(env.redisCluster?.nodes).toEqual([
      { host: '127.0.0.1', port: 7301 },
      { host: '127.0.0.1', port: 7302 },
    ]);
    expect(env.redisUrl).toBeUndefined();
    expect(readDemoEnv(key)._unsafeUnwrap().redisCluster).toBeUndefined();
    const both = readDemoEnv({
      ...key,
      CARTWRIGHT_REDIS_URL: 'redis://127.0.0.1:6379',
      CARTWRIGHT_REDIS_CLUSTER: '127.0.0.1:7301',
    });
    expect(both._unsafeUnwrapErr()).toEqual({
      CARTWRIGHT_REDIS_CLUSTER:
        'Set CARTWRIGHT_REDIS_URL for a single Redis or CARTWRIGHT_REDIS_CLUSTER for a Redis Cluster, not both!',
    });
  });
});

describe('the Redis key prefixes of npm start', () => {
  it('refuses braces, which would decide every key’s cluster slot', () => {
    const read = readDemoEnv({
      ...key,
      CARTWRIGHT_REDIS_PREFIX: '{shop}:',
      CARTWRIGHT_REDIS_LOGIN_PREFIX: 'login}:',
    });
    expect(read._unsafeUnwrapErr()).toEqual({
      CARTWRIGHT_REDIS_PREFIX:
        'CARTWRIGHT_REDIS_PREFIX must not contain { or }: Redis Cluster would place every key by the braces!',
      CARTWRIGHT_REDIS_LOGIN_PREFIX:
        'CARTWRIGHT_REDIS_LOGIN_PREFIX must not contain { or }: Redis Cluster would place every key by the braces!',
    });
    expect(readDemoEnv({ ...key, CARTWRIGHT_REDIS_PREFIX: 'shop:' }).isOk()).toBe(true);
  });
});

describe('the cluster client options', () => {
  it('keep the deadline on every node and never send a command again', () => {
    expect(redisClusterOptions(1234)).toEqual({
      enableOfflineQueue: false,
      retryDelayOnFailover: 0,
      scaleReads: 'master',
      slotsRefreshTimeout: 1234,
      redisOptions: {
        commandTimeout: 1234,
        connectTimeout: 1234,
        maxRetriesPerRequest: 0,
        autoResendUnfulfilledCommands: false,
      },
    });
  });
});
