/**
 * Contention on the real Redis session store, absorbed by the engine: 1,000 adds of one product to one session,
 * sent at once from 50 connections, are all accepted and all counted (quantity 1,000), through one listening
 * server, and through two servers whose engines each have their own Redis connection (as two processes behind a
 * load balancer would: the two race each other's compare-and-set).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisSessionStore } from '../../../src/adapters/redis/index.js';
import { createSystemClock } from '../../../src/adapters/system/index.js';
import { hammer } from '../../http/support/hammer.js';
import { type Harness, startDemo } from '../../http/support/harness.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { connectTestRedis, type RedisTestClient, useRedisTestRun } from '../support/redis.js';

const ADDS = 1_000;
const CONNECTIONS = 50;

const run = useRedisTestRun();
const clients: RedisTestClient[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

/** `count` demo servers, each over its own Redis connection, all keeping sessions under one new prefix. */
async function servers(count: number): Promise<Harness[]> {
  await run.client(); // the file's own client, which deletes the prefix's keys after the file
  const prefix = `${run.prefix}${randomUUID()}:`;
  const clock = createSystemClock();
  const started: Harness[] = [];
  for (let i = 0; i < count; i += 1) {
    const client = await connectTestRedis();
    clients.push(client);
    const sessions = createRedisSessionStore({ client, prefix, clock, deadlineMs: CONTENTION_DEADLINE_MS });
    started.push(await startDemo({ clock, deps: () => ({ sessions }) }));
  }
  return started;
}

/** Logs in on the first server, sends the adds round the servers, and checks every one was counted. */
async function expectAllAdded(demos: readonly Harness[]): Promise<void> {
  const [first] = demos;
  if (first === undefined) throw new Error('no server');
  const session = await first.login();
  const result = await hammer({
    origins: demos.map((demo) => demo.origin),
    path: '/index.php?route=api/cart/addProduct',
    form: { product_id: '40', quantity: '1' },
    headers: { cookie: session.cookie },
    count: ADDS,
    connections: CONNECTIONS,
  });
  expect(Object.fromEntries(result.statuses), result.firstRefusal).toEqual({ 200: ADDS });
  const cart = await session.call('api/cart/getProducts');
  // The seed answers the cart's lines as a bare array.
  const lines = cart.body as { product_id: number; quantity: number }[];
  expect(lines.map((line) => [line.product_id, line.quantity])).toEqual([[40, ADDS]]);
}

describe('1,000 concurrent adds to one session on Redis', () => {
  it('through one server: all accepted, quantity 1,000', async () => {
    await expectAllAdded(await servers(1));
  }, 120_000);

  it('through two servers, each with its own engine and connection: all accepted, quantity 1,000', async () => {
    await expectAllAdded(await servers(2));
  }, 120_000);
});
