/**
 * Faults between the cluster client `npm start` makes (its options, a 500 ms deadline) and the real Redis Cluster,
 * injected by one proxy per node (the client reaches every node through its proxy: ioredis `natMap`). A stalled
 * node fails the login throttle's and the replay guard's commands at the deadline, though neither adapter has a
 * deadline of its own; a command that ran on a node whose connection then dropped is never sent again, so a failed
 * login is counted once; and the client comes back by itself.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Cluster } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisClusterOptions } from '../../examples/shared/demo-redis.js';
import { createRedisLoginThrottle, createRedisReplayGuard } from '../../src/adapters/redis/index.js';
import type { LoginAttempt } from '../../src/ports/login-throttle.js';
import { createManualClock } from '../../src/testing/index.js';
import { deleteKeysUnder, uniquePrefix } from '../integration/support/redis.js';
import { clusterNodes, connectCluster, mastersOf } from '../integration/support/redis-cluster.js';
import { guardProcess } from './support/process-guard.js';
import { type FaultProxy, startFaultProxy } from './support/tcp-proxy.js';

const DEADLINE_MS = 500;
const prefix = uniquePrefix();
const start = '2024-05-01T10:00:00Z';
/** How a command to a stalled node fails: at the deadline, or at once when the client gave the node up. */
const stalledNode = /Command timed out|Connection is closed/;

guardProcess();
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

/** The cluster as `npm start` connects to it, each node behind a proxy of its own; and a direct client to look. */
async function clusterThroughProxies() {
  const nodes = await clusterNodes();
  const proxies = await Promise.all(nodes.map((node) => startFaultProxy(node)));
  closing.push(...proxies.map((proxy) => () => proxy.close()));
  const proxyOf = new Map(nodes.map((node, i) => [`${node.host}:${node.port}`, proxies[i] as FaultProxy]));
  const natMap = Object.fromEntries(
    [...proxyOf].map(([address, proxy]) => [address, { host: '127.0.0.1', port: proxy.port }]),
  );
  const client = new Cluster([{ host: '127.0.0.1', port: proxies[0]?.port ?? 0 }], {
    ...redisClusterOptions(DEADLINE_MS),
    natMap,
    lazyConnect: true,
  });
  client.on('error', () => undefined); // the proxies' cuts: reported, as npm start logs them
  await client.connect();
  const direct = await connectCluster();
  closing.push(async () => {
    client.disconnect();
    await deleteKeysUnder(direct, prefix);
    direct.disconnect();
  });
  /** The proxy in front of the master that holds `key`. */
  const proxyFor = async (key: string): Promise<FaultProxy> => {
    const [master] = await mastersOf(direct, [key]);
    const proxy = proxyOf.get(master ?? '');
    if (proxy === undefined) throw new Error(`no proxy for ${master}`);
    return proxy;
  };
  return { client, direct, proxyFor };
}

/** Retries `work` until it resolves (the client reconnecting), for up to 10 s. */
async function untilResolved<T>(work: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await work();
    } catch (error) {
      if (tries >= 100) throw error;
      await sleep(100);
    }
  }
}

describe('Redis Cluster faults under npm start’s client options', () => {
  it('a stalled node: the throttle and the replay guard reject at the deadline; the late command runs once', async () => {
    const { client, direct, proxyFor } = await clusterThroughProxies();
    const clock = createManualClock(start);
    const throttle = createRedisLoginThrottle({ client, prefix: `${prefix}stall:`, clock });
    const guard = createRedisReplayGuard({ client, prefix: `${prefix}stall:r:`, clock });
    const attempt: LoginAttempt = { username: 'demo', ip: '192.0.2.30' };
    const address = `${prefix}stall:{addr:${attempt.ip}}`;
    const proxy = await proxyFor(address);
    // The signature whose key lives on the same node.
    let signature = 0;
    while ((await proxyFor(`${prefix}stall:r:1:sig-${signature}`)) !== proxy) signature += 1;

    proxy.stall();
    try {
      await expect(throttle.recordFailure(attempt)).rejects.toThrow(/Command timed out/);
      // Once a command has timed out on the stalled node the client may give that node's connection up; later
      // commands then fail at once with a closed connection. Either way each one rejects: none waits on the node.
      await expect(throttle.check(attempt)).rejects.toThrow(stalledNode);
      await expect(guard.claim(`1:sig-${signature}`, new Date('2024-05-01T10:05:00Z'))).rejects.toThrow(
        stalledNode,
      );
    } finally {
      proxy.restore();
    }
    // What the stall held reaches the node late and runs there once; nothing sent it again.
    await untilResolved(async () => expect(await direct.zcard(address)).toBe(1));
    await sleep(1_000);
    expect(await direct.zcard(address)).toBe(1);
    expect(await untilResolved(() => throttle.check(attempt))).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
  });

  it('a connection dropped after the command ran: it fails, is never sent again, and the client recovers', async () => {
    const { client, direct, proxyFor } = await clusterThroughProxies();
    const throttle = createRedisLoginThrottle({
      client,
      prefix: `${prefix}cut:`,
      clock: createManualClock(start),
    });
    const attempt: LoginAttempt = { username: 'demo', ip: '192.0.2.31' };
    const address = `${prefix}cut:{addr:${attempt.ip}}`;
    const proxy = await proxyFor(address);

    // The failure's script reaches the node and runs; its reply is held, then the connection drops.
    const ran = proxy.holdRepliesAfter('ZREMRANGEBYRANK');
    const failure = throttle.recordFailure(attempt);
    await ran;
    await untilResolved(async () => expect(await direct.zcard(address)).toBe(1));
    proxy.cut();
    await expect(failure).rejects.toThrow(/Connection is closed/);
    proxy.restore();

    // ioredis would send it again after retryDelayOnFailover (100 ms by default): the count would be 2.
    await sleep(1_000);
    expect(await direct.zcard(address)).toBe(1);
    await untilResolved(() => throttle.recordFailure(attempt));
    expect(await direct.zcard(address)).toBe(2);
  });
});
