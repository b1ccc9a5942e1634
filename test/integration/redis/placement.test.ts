/**
 * Where the adapters' keys land, on the run's target. On the cluster (the `cluster` project) this is what the
 * other files of this folder rely on: their client is a `Cluster` of three masters, sessions and accepted
 * signatures spread over every master, and the two keys of a login attempt share one slot (the address is their
 * hash tag) while different addresses spread. On the single server the client is a plain `Redis` that is no
 * cluster node.
 */
import { randomUUID } from 'node:crypto';
import { Cluster, Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  createRedisLoginThrottle,
  createRedisReplayGuard,
  createRedisSessionStore,
} from '../../../src/adapters/redis/index.js';
import { createManualClock, sampleSession } from '../../../src/testing/index.js';
import { keysUnder, redisTarget, useRedisTestRun } from '../support/redis.js';
import { mastersOf } from '../support/redis-cluster.js';

const run = useRedisTestRun();
const start = '2024-05-01T10:00:00Z';

if (redisTarget() === 'cluster')
  describe('on the Redis Cluster', () => {
    it('runs through a Cluster client over three masters', async () => {
      const client = await run.client();
      expect(client).toBeInstanceOf(Cluster);
      expect((client as Cluster).nodes('master')).toHaveLength(3);
    });

    it('spreads 300 sessions and 300 signatures over every master', async () => {
      const cluster = (await run.client()) as Cluster;
      const clock = createManualClock(start);
      const prefix = `${run.prefix}spread:`;
      const sessions = createRedisSessionStore({ client: cluster, prefix: `${prefix}s:`, clock });
      const guard = createRedisReplayGuard({ client: cluster, prefix: `${prefix}r:`, clock });
      const expiresAt = new Date(Date.parse(start) + 3_600_000);
      await Promise.all(
        Array.from({ length: 300 }, async (_, i) => {
          const session = sampleSession({
            id: `cw-${randomUUID()}`,
            now: start,
            expiresAt: expiresAt.toISOString(),
          });
          expect(await sessions.save(session, 0)).toBe('saved');
          expect(await guard.claim(`1:sig-${i}`, expiresAt)).toBe(true);
        }),
      );
      const keys = await keysUnder(cluster, prefix);
      expect(keys).toHaveLength(600);
      const byMaster = new Map<string, number>();
      for (const master of await mastersOf(cluster, keys))
        byMaster.set(master, (byMaster.get(master) ?? 0) + 1);
      expect(byMaster.size, JSON.stringify(Object.fromEntries(byMaster))).toBe(3);
      // About 200 each; the reshard test may leave one master with 3,462 slots of 16,384 (about 125).
      for (const count of byMaster.values()) expect(count).toBeGreaterThan(50);
    });

    it('keeps the two keys of a login attempt in one slot, and spreads addresses', async () => {
      const cluster = (await run.client()) as Cluster;
      const prefix = `${run.prefix}throttle:`;
      const throttle = createRedisLoginThrottle({ client: cluster, prefix, clock: createManualClock(start) });
      const ips = Array.from({ length: 30 }, (_, i) => `192.0.2.${i + 1}`);
      await Promise.all(ips.map((ip) => throttle.recordFailure({ username: `{user ${ip}}`, ip })));
      const keys = await keysUnder(cluster, prefix);
      expect(keys).toHaveLength(60);
      const slots = new Map<string, Set<number>>();
      for (const key of keys) {
        const ip = /\{addr:([^}]+)\}/.exec(key)?.[1] ?? '';
        const slot = (await cluster.cluster('KEYSLOT', key)) as number;
        slots.set(ip, (slots.get(ip) ?? new Set()).add(slot));
      }
      expect([...slots.keys()].sort()).toEqual([...ips].sort());
      for (const [ip, set] of slots) expect(set.size, `the keys of ${ip} are in one slot`).toBe(1);
      const addresses = ips.map((ip) => `${prefix}{addr:${ip}}`);
      expect(new Set(await mastersOf(cluster, addresses)).size).toBe(3);
    });
  });
else
  describe('on the single server', () => {
    it('runs through a plain Redis client of a server that is no cluster node', async () => {
      const client = await run.client();
      expect(client).toBeInstanceOf(Redis);
      expect(await (client as Redis).info('cluster')).toMatch(/^cluster_enabled:0/m);
    });
  });
