/**
 * Card payments completed across two servers on Redis + PostgreSQL: each server has its own engine, Redis
 * client and PostgreSQL adapters over one key prefix and one schema, and both share one test card provider (a
 * gateway is one, whichever server asks it). The customer's client completes on one server while the provider's
 * webhooks reach the other, at once: one order placed, one authorization honoured, the stock moved once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { createPostgresAdapters, loadDemoStore } from '../../../src/adapters/postgres/index.js';
import { createRedisSessionStore } from '../../../src/adapters/redis/index.js';
import { createSystemClock } from '../../../src/adapters/system/index.js';
import { createTestCardProvider, type SignedWebhook } from '../../../src/testing/index.js';
import {
  type CardConfirm,
  type CardDemo,
  confirmWith,
  readyForCard,
  startCardDemo,
} from '../../http/support/card-demo.js';
import { send } from '../../http/support/harness.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { usePostgres } from '../support/postgres.js';
import { connectTestRedis, type RedisTestClient, useRedisTestRun } from '../support/redis.js';

const database = usePostgres('payments', 12);
const redis = useRedisTestRun();
const clients: RedisTestClient[] = [];
afterAll(() => {
  for (const client of clients) client.disconnect();
});

/** Two card servers over one schema and prefix, sharing `card`. */
async function twoServers() {
  const { pool, schema } = database();
  await redis.client();
  const { data } = demoStore();
  await loadDemoStore(pool, { data }, { schema });
  const prefix = `${redis.prefix}${randomUUID()}:`;
  const clock = createSystemClock();
  const servers: CardDemo[] = [];
  const card = createTestCardProvider({
    webhookSecret: 'test-card-secret',
    challengeUrl: 'https://bank.test/challenge',
  });
  for (let i = 0; i < 2; i += 1) {
    const client = await connectTestRedis();
    clients.push(client);
    const sessions = createRedisSessionStore({ client, prefix, clock, deadlineMs: CONTENTION_DEADLINE_MS });
    const stores = createPostgresAdapters({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS, clock });
    servers.push(
      await startCardDemo({
        card,
        clock,
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
  const read = createPostgresAdapters({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS, clock });
  return { servers, card, read };
}

describe('two servers on Redis + PostgreSQL, one test card gateway', () => {
  it('the client completes on one while the webhook reaches the other, five times: one order placed', async () => {
    const { servers, card, read } = await twoServers();
    const [a, b] = servers;
    if (a === undefined || b === undefined) throw new Error('no servers');
    const [before] = await read.catalog.getProducts([40]);
    const session = await a.login();
    await readyForCard(session);
    const confirmed = await confirmWith(session, 'tok_challenge', 'two-servers-key');
    expect(confirmed.status).toBe(200);
    const { order_id: orderId, payment } = confirmed.body as CardConfirm;
    expect(payment.status).toBe('requires_action');
    const waiting = await read.orders.get(orderId);
    const reference = waiting?.payment?.reference ?? '';
    expect(waiting?.orderStatusId).toBe(0);
    await card.completeChallenge(reference, true);
    const webhook: SignedWebhook = await card.signedWebhook(reference);
    const replies = await Promise.all([
      session.call('api/order&call=payment_complete', { method: 'POST' }),
      ...Array.from({ length: 5 }, (_, i) => (i % 2 === 0 ? b : a).deliver(webhook)),
      // The client retrying its confirm on the other server, with the same key, at the same time.
      send(b.origin, 'api/order&call=confirm', {
        form: { payment_token: 'tok_challenge' },
        headers: { cookie: session.cookie, 'Idempotency-Key': 'two-servers-key' },
      }),
    ]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    const placed = await read.orders.get(orderId);
    expect(placed?.orderStatusId).toBe(a.app.settings.orderStatusId);
    expect(placed?.history.map((entry) => entry.orderStatusId)).toEqual([0, a.app.settings.orderStatusId]);
    expect(placed?.payment?.moves.filter((move) => move.to === 'authorized')).toHaveLength(1);
    expect(placed?.payment?.captured.amount).toMatch(/^0(\.0+)?$/);
    const [after] = await read.catalog.getProducts([40]);
    expect(after?.quantity).toBe((before?.quantity ?? 0) - 1);
    expect(a.calls.authorize + b.calls.authorize).toBe(1);
    expect(a.calls.capture + b.calls.capture).toBe(0);
  }, 60_000);
});
