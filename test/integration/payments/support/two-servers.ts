/**
 * Two card servers on Redis + PostgreSQL for one test file: each with its own engine, Redis client and
 * PostgreSQL adapters over one key prefix and one schema, one manual clock and one test card gateway (a gateway
 * is one, whichever server asks it).
 */
import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import { demoStore } from '../../../../src/adapters/memory/index.js';
import { createPostgresAdapters, loadDemoStore } from '../../../../src/adapters/postgres/index.js';
import { createRedisSessionStore } from '../../../../src/adapters/redis/index.js';
import {
  createManualClock,
  createSequentialIds,
  createTestCardProvider,
} from '../../../../src/testing/index.js';
import { startInstant } from '../../../engine/support/demo-checkout.js';
import { type CardDemo, startCardDemo } from '../../../http/support/card-demo.js';
import { CONTENTION_DEADLINE_MS } from '../../support/deadlines.js';
import { usePostgres } from '../../support/postgres.js';
import { connectTestRedis, type RedisTestClient, useRedisTestRun } from '../../support/redis.js';

/**
 * Registers the file's database and Redis run, and answers a function that starts two servers over them, with
 * `iphones` units of product 40 when given.
 */
export function useTwoServers(label: string) {
  const database = usePostgres(label, 24);
  const redis = useRedisTestRun();
  const clients: RedisTestClient[] = [];
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });
  return async (iphones?: number) => {
    const { pool, schema } = database();
    await redis.client();
    const { data } = demoStore();
    const iphone = data.products.get(40);
    if (iphone === undefined) throw new Error('no iPhone');
    if (iphones !== undefined) data.products.set(40, { ...iphone, quantity: iphones });
    await loadDemoStore(pool, { data }, { schema });
    const prefix = `${redis.prefix}${randomUUID()}:`;
    const clock = createManualClock(startInstant);
    const card = createTestCardProvider({
      webhookSecret: 'test-card-secret',
      challengeUrl: 'https://bank.test/challenge',
    });
    const servers: CardDemo[] = [];
    for (const name of ['a', 'b']) {
      const client = await connectTestRedis();
      clients.push(client);
      const sessions = createRedisSessionStore({ client, prefix, clock, deadlineMs: CONTENTION_DEADLINE_MS });
      const stores = createPostgresAdapters({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS, clock });
      servers.push(
        await startCardDemo({
          card,
          clock,
          // Session ids are shared through Redis: each server makes its own.
          ids: createSequentialIds(`server-${name}`),
          deps: () => ({
            sessions,
            catalog: stores.catalog,
            customers: stores.customers,
            geo: stores.geo,
            taxes: stores.taxes,
            coupons: stores.coupons,
            orders: stores.orders,
          }),
        }),
      );
    }
    const [a, b] = servers;
    if (a === undefined || b === undefined) throw new Error('no servers');
    const read = createPostgresAdapters({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS, clock });
    return { a, b, card, clock, read };
  };
}
