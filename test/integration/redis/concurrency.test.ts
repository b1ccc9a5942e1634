/**
 * 1,000 concurrent read-modify-write mutations on one session in the real Redis, through several connections (as
 * several host processes would): every mutation is applied or answered `conflict`, and no applied one is lost.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisSessionStore } from '../../../src/adapters/redis/index.js';
import type { CheckoutSession } from '../../../src/domain/machine/session.js';
import type { SessionStore } from '../../../src/ports/session-store.js';
import { createManualClock, sampleSession } from '../../../src/testing/index.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { connectTestRedis, type RedisTestClient, useRedisTestRun } from '../support/redis.js';

const MUTATIONS = 1_000;
/** Connections the writers share out, as that many host processes would. */
const CONNECTIONS = 4;
/** Room for 1,000 writers retrying with backoff on a loaded machine (on a cluster too); never a timing check. */
const TIMEOUT_MS = 120_000;

const run = useRedisTestRun();
const extraClients: RedisTestClient[] = [];
afterAll(() => {
  for (const client of extraClients) client.disconnect();
});

/** One store per connection, all on the same prefix and clock. */
async function stores(): Promise<SessionStore[]> {
  const clock = createManualClock(new Date().toISOString());
  const prefix = `${run.prefix}${randomUUID()}:`;
  const clients = [await run.client()];
  while (clients.length < CONNECTIONS) {
    const client = await connectTestRedis();
    extraClients.push(client);
    clients.push(client);
  }
  return clients.map((client) =>
    createRedisSessionStore({ client, prefix, clock, deadlineMs: CONTENTION_DEADLINE_MS }),
  );
}

/** A session whose one cart line's quantity is the counter the writers increment. */
function counterSession(): CheckoutSession {
  const now = Date.now();
  return sampleSession(
    {
      id: `cw-rmw-${randomUUID()}`,
      now: new Date(now).toISOString(),
      expiresAt: new Date(now + 3_600_000).toISOString(),
    },
    {
      cart: [{ cartId: 'counter', productId: 40, quantity: 0, options: {}, subscriptionPlanId: 0 }],
      coupon: null,
    },
  );
}

const counterOf = (session: CheckoutSession): number => session.cart[0]?.quantity ?? Number.NaN;

/** Loads the session, adds 1 to the counter, names the writer, and saves over the loaded version. */
async function mutate(store: SessionStore, id: string, writer: number) {
  const lookup = await store.get(id);
  if (lookup.status !== 'found') throw new Error(`writer ${writer}: the session is ${lookup.status}`);
  const current = lookup.session;
  const next: CheckoutSession = {
    ...current,
    version: current.version + 1,
    coupon: `writer-${writer}`,
    cart: current.cart.map((line) => ({ ...line, quantity: line.quantity + 1 })),
  };
  return { outcome: await store.save(next, current.version), version: next.version };
}

/** Checks the session against the saves that succeeded: one version each, none lost, the last one stored. */
async function expectConsistent(store: SessionStore, id: string, savedVersions: Map<number, number>) {
  const lookup = await store.get(id);
  if (lookup.status !== 'found') throw new Error(`after the writers the session is ${lookup.status}`);
  const final = lookup.session;
  const applied = savedVersions.size;
  expect(final.version, 'every successful save adds exactly one version').toBe(1 + applied);
  expect(counterOf(final), 'an applied increment was lost').toBe(applied);
  expect([...savedVersions.keys()].sort((a, b) => a - b)).toEqual(
    Array.from({ length: applied }, (_, i) => i + 2),
  );
  expect(final.coupon, 'the stored session is the one the last successful save wrote').toBe(
    `writer-${savedVersions.get(final.version)}`,
  );
  return final;
}

describe('Redis session store: 1,000 concurrent mutations of one session', () => {
  it(
    'one attempt each: every mutation is saved or a conflict, and every saved one is in the final state',
    async () => {
      const all = await stores();
      const seed = counterSession();
      expect(await all[0]?.save(seed, 0)).toBe('saved');
      const savedVersions = new Map<number, number>(); // version written → writer
      let conflicts = 0;
      await Promise.all(
        Array.from({ length: MUTATIONS }, async (_, writer) => {
          await sleep(Math.random() * 250); // spread the starts so that many, not just one, get through
          const store = all[writer % all.length] as SessionStore;
          const { outcome, version } = await mutate(store, seed.id, writer);
          if (outcome === 'conflict') conflicts += 1;
          else {
            expect(savedVersions.has(version), `version ${version} was saved twice`).toBe(false);
            savedVersions.set(version, writer);
          }
        }),
      );
      expect(savedVersions.size + conflicts).toBe(MUTATIONS);
      expect(savedVersions.size, 'expected more than one writer to get through').toBeGreaterThan(1);
      await expectConsistent(all[0] as SessionStore, seed.id, savedVersions);
    },
    TIMEOUT_MS,
  );

  it(
    'retrying on conflict: all 1,000 mutations are applied, none lost',
    async () => {
      const all = await stores();
      const seed = counterSession();
      expect(await all[0]?.save(seed, 0)).toBe('saved');
      const savedVersions = new Map<number, number>();
      let conflicts = 0;
      await Promise.all(
        Array.from({ length: MUTATIONS }, async (_, writer) => {
          const store = all[writer % all.length] as SessionStore;
          for (let attempt = 0; ; attempt += 1) {
            const { outcome, version } = await mutate(store, seed.id, writer);
            if (outcome === 'saved') {
              expect(savedVersions.has(version), `version ${version} was saved twice`).toBe(false);
              savedVersions.set(version, writer);
              return;
            }
            conflicts += 1;
            if (attempt >= 500) throw new Error(`writer ${writer} got ${attempt + 1} conflicts in a row`);
            await sleep(Math.random() * Math.min(10 * 2 ** attempt, 500)); // jittered exponential backoff
          }
        }),
      );
      const final = await expectConsistent(all[0] as SessionStore, seed.id, savedVersions);
      expect(final.version).toBe(1 + MUTATIONS);
      expect(counterOf(final)).toBe(MUTATIONS);
      expect(new Set(savedVersions.values()).size, 'each writer applied once').toBe(MUTATIONS);
      expect(conflicts).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );
});
