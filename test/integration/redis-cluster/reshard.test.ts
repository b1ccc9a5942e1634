/**
 * A reshard under load on the real Redis Cluster: while 200 concurrent workers keep saving sessions
 * (read-modify-write, retrying on conflict), counting failed logins and claiming signatures, 1,000 slots move from
 * the master holding most to the one holding fewest (`redis-cli --cluster reshard`; the next run moves them
 * back). Keys in moving slots
 * answer `ASK`, `MOVED` or `TRYAGAIN`, which the client follows; nothing any worker was told succeeded is lost,
 * no save applies twice, and the throttle's two keys of an attempt move together. The clients use the options
 * `npm start` gives its cluster client (its deadline raised for a loaded machine).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cluster } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisClusterOptions } from '../../../examples/shared/demo-redis.js';
import {
  createRedisLoginThrottle,
  createRedisReplayGuard,
  createRedisSessionStore,
} from '../../../src/adapters/redis/index.js';
import type { LoginThrottle } from '../../../src/ports/login-throttle.js';
import type { ReplayGuard } from '../../../src/ports/replay-guard.js';
import type { SessionStore } from '../../../src/ports/session-store.js';
import { createManualClock, sampleSession } from '../../../src/testing/index.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { deleteKeysUnder, keysUnder, uniquePrefix } from '../support/redis.js';
import { clusterScript, connectCluster, mastersOf } from '../support/redis-cluster.js';

const WORKERS = 200;
const SESSIONS = 150;
const ADDRESSES = 50;
const SLOTS_MOVED = 1_000;
const start = '2024-05-01T10:00:00Z';
const prefix = uniquePrefix();
const clients: Cluster[] = [];

afterAll(async () => {
  const [first] = clients;
  if (first !== undefined) {
    await deleteKeysUnder(first, prefix);
    expect(await keysUnder(first, prefix), `keys under ${prefix} survived the cleanup`).toEqual([]);
  }
  for (const client of clients) client.disconnect();
});

/** The adapters over one client, all under this file's prefix. */
function adapters(client: Cluster) {
  const clock = createManualClock(start);
  return {
    sessions: createRedisSessionStore({
      client,
      prefix: `${prefix}s:`,
      clock,
      deadlineMs: CONTENTION_DEADLINE_MS,
    }),
    throttle: createRedisLoginThrottle({
      client,
      prefix: `${prefix}t:`,
      clock,
      maxFailures: 1_000_000,
      maxFailuresPerIp: 1_000_000,
    }),
    guard: createRedisReplayGuard({ client, prefix: `${prefix}r:`, clock }),
  };
}

/** What the workers were told succeeded. */
interface Tally {
  saves: number[];
  failures: Map<string, number>;
  claims: string[];
  errors: string[];
}

/** Adds one to session `id`'s counter (its one cart line's quantity), retrying on conflict; answers when saved. */
async function increment(store: SessionStore, id: string): Promise<void> {
  for (let attempt = 0; attempt < 1_000; attempt += 1) {
    const lookup = await store.get(id);
    if (lookup.status !== 'found') throw new Error(`session ${id} is ${lookup.status}`);
    const { session } = lookup;
    const next = {
      ...session,
      version: session.version + 1,
      cart: session.cart.map((line) => ({ ...line, quantity: line.quantity + 1 })),
    };
    if ((await store.save(next, session.version)) === 'saved') return;
    await sleep(Math.random() * 20);
  }
  throw new Error(`session ${id}: 1,000 conflicts in a row`);
}

/** One worker's round: a save, a failed login and a claim, each on a key of its own choosing. */
async function round(
  worker: number,
  n: number,
  parts: { sessions: SessionStore; throttle: LoginThrottle; guard: ReplayGuard },
  ids: readonly string[],
  tally: Tally,
): Promise<void> {
  const index = (worker * 7 + n) % ids.length;
  const ip = `198.51.100.${(worker + n) % ADDRESSES}`;
  const claim = `1:sig-${worker}-${n}`;
  const expiresAt = new Date(Date.parse(start) + 600_000);
  await Promise.all([
    increment(parts.sessions, ids[index] as string).then(() => {
      tally.saves[index] = (tally.saves[index] ?? 0) + 1;
    }),
    parts.throttle.recordFailure({ username: `user-${worker % 5}`, ip }).then(() => {
      tally.failures.set(ip, (tally.failures.get(ip) ?? 0) + 1);
    }),
    parts.guard.claim(claim, expiresAt).then((claimed) => {
      if (!claimed) throw new Error(`${claim} was refused the first time`);
      tally.claims.push(claim);
    }),
  ]).catch((error: unknown) => {
    tally.errors.push(`worker ${worker}: ${error instanceof Error ? error.message : String(error)}`);
  });
}

describe('Redis Cluster: a reshard under load', () => {
  it('moves 1,000 slots under 200 workers, losing nothing', async () => {
    const options = redisClusterOptions(10_000);
    clients.push(await connectCluster(options), await connectCluster(options));
    const all = clients.map(adapters);
    const first = all[0] as ReturnType<typeof adapters>;
    const ids = Array.from({ length: SESSIONS }, () => `cw-reshard-${randomUUID()}`);
    const expiresAt = new Date(Date.parse(start) + 3_600_000).toISOString();
    for (const id of ids) {
      const seed = sampleSession(
        { id, now: start, expiresAt },
        {
          cart: [{ cartId: 'n', productId: 40, quantity: 0, options: {}, subscriptionPlanId: 0 }],
          coupon: null,
        },
      );
      expect(await first.sessions.save(seed, 0)).toBe('saved');
    }
    const cluster = clients[0] as Cluster;
    const sessionKeys = ids.map((id) => `${prefix}s:${id}`);
    const before = await mastersOf(cluster, sessionKeys);

    const tally: Tally = { saves: [], failures: new Map(), claims: [], errors: [] };
    let moving = true;
    let rounds = 0;
    const workers = Array.from({ length: WORKERS }, async (_, worker) => {
      for (let n = 0; moving; n += 1) {
        await round(worker, n, all[worker % all.length] as ReturnType<typeof adapters>, ids, tally);
        rounds += 1;
        // Paced, so that the load shares a loaded 2-core machine with the reshard rather than starving it.
        await sleep(50 + Math.random() * 50);
      }
    });
    try {
      await sleep(300); // the load is on before the first slot moves
      // From the master with the most slots to the one with the fewest: the next run moves them back.
      await clusterScript('reshard', String(SLOTS_MOVED));
      const after = await mastersOf(cluster, sessionKeys);
      expect(
        after.filter((master, i) => master !== before[i]).length,
        'no session key was in a moved slot',
      ).toBeGreaterThan(0);
    } finally {
      moving = false;
      await Promise.all(workers);
    }

    expect(tally.errors.slice(0, 5)).toEqual([]);
    expect(rounds).toBeGreaterThan(WORKERS);
    // Every save a worker was told of is in its session, once: the counter and the version agree with the tally.
    for (const [index, id] of ids.entries()) {
      const lookup = await first.sessions.get(id);
      if (lookup.status !== 'found') throw new Error(`session ${id} is ${lookup.status}`);
      const saves = tally.saves[index] ?? 0;
      expect({ version: lookup.session.version, counter: lookup.session.cart[0]?.quantity }).toEqual({
        version: 1 + saves,
        counter: saves,
      });
    }
    // Every failed login counted, once, in the address's counter; the pair counters hold the same failures.
    for (const [ip, count] of tally.failures) {
      expect(await cluster.zcard(`${prefix}t:{addr:${ip}}`), ip).toBe(count);
      const pairs = await keysUnder(cluster, `${prefix}t:{addr:${ip}}:user:`);
      const perPair = await Promise.all(pairs.map((key) => cluster.zcard(key)));
      expect(
        perPair.reduce((sum, n) => sum + n, 0),
        ip,
      ).toBe(count);
    }
    // Every claimed signature stays claimed, wherever its key moved.
    const expiresClaim = new Date(Date.parse(start) + 600_000);
    const again = await Promise.all(tally.claims.map((claim) => first.guard.claim(claim, expiresClaim)));
    expect(again.filter(Boolean)).toEqual([]);
    expect(await clusterScript('status')).toMatch(/cluster_state:ok/);
  }, 180_000);
});
