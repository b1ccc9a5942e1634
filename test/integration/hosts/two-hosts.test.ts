/**
 * Two hosts (two engines and fetch handlers, each with its own pool and Redis client) over one Redis key prefix
 * and one PostgreSQL schema: each serves the sessions the other wrote and the orders the other created;
 * concurrent confirms of one cart split between them write one order and move its stock once, with or without
 * an Idempotency-Key; concurrent moves to processing never take stock below zero. All of it twice: reading
 * through, and with each host keeping reference data (stock included) in a reference cache of its own.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import { createPostgresAdapters, loadDemoStore } from '../../../src/adapters/postgres/index.js';
import { sampleHistoryWrite, sampleOrderDraft, sampleOrderProduct } from '../../../src/testing/index.js';
import { stepsToConfirm } from '../support/checkout-steps.js';
import { CONTENTION_DEADLINE_MS } from '../support/deadlines.js';
import { type HostCall, type HostReply, openHost, send, type TestHost } from '../support/hosts.js';
import { usePostgres } from '../support/postgres.js';
import { useRedisTestRun } from '../support/redis.js';
import { cacheModes } from '../support/reference-cache.js';

const database = usePostgres('hosts', 4);
const redis = useRedisTestRun();

const KEY = 'two-hosts-key-0123456789abcdef012345';
/** A product with 10 in stock, a copy of the iPhone. */
const SCARCE = 200;

let opening: Promise<readonly [TestHost, TestHost]> | undefined;

/**
 * Loads the demo store (with the scarce product) afresh and opens the two hosts (each over a reference cache of
 * its own when `cached`), once for each run of the suite.
 */
function hosts(cached: boolean): Promise<readonly [TestHost, TestHost]> {
  opening ??= (async () => {
    const { pool, schema } = database();
    // Connects the file's own client, which deletes every key under the prefix after the file.
    await redis.client();
    const { data, settings } = demoStore({ apiKey: KEY });
    const iphone = data.products.get(40);
    if (iphone === undefined) throw new Error('demo product 40 missing');
    data.products.set(SCARCE, { ...iphone, productId: SCARCE, name: 'Scarce thing', quantity: 10 });
    await loadDemoStore(pool, { data }, { schema });
    const shared = { schema, prefix: redis.prefix, data, settings };
    const a = await openHost('A', shared, 10, { cached });
    const b = await openHost('B', shared, 10, { cached }).catch(async (error: unknown) => {
      await a.close();
      throw error;
    });
    return [a, b] as const;
  })();
  return opening;
}

/** Closes the hosts of a run of the suite. */
async function closeHosts(): Promise<void> {
  const opened = await opening?.catch(() => undefined);
  opening = undefined;
  for (const host of opened ?? []) await host.close();
}

/** Sends and insists on a 200. */
async function ok(host: TestHost, route: string, call: HostCall = {}): Promise<HostReply> {
  const reply = await send(host, route, call);
  if (reply.status !== 200) {
    throw new Error(`${host.name} ${route}: ${reply.status} ${JSON.stringify(reply.body)}`);
  }
  return reply;
}

/** Logs in on `host`; answers the session's token. */
async function login(host: TestHost): Promise<string> {
  const reply = await ok(host, 'api/account/login', { form: { username: 'demo', key: KEY } });
  return String(reply.body.api_token);
}

/**
 * Logs in and fills a cart of two iPhones up to confirm, each step on the other host than the one before, so
 * every step reads what the other host wrote. Answers the token.
 */
async function readyCart(a: TestHost, b: TestHost): Promise<string> {
  const token = await login(a);
  const as = { query: { api_token: token } };
  for (const [index, [route, form]] of stepsToConfirm(2).entries()) {
    await ok(index % 2 === 0 ? b : a, route, form === undefined ? as : { ...as, form });
  }
  return token;
}

/** The orders stored, and the stock of `productId`, read from the schema. */
async function stored(productId: number): Promise<{ orders: number; stock: number }> {
  const { pool, schema } = database();
  const { rows } = await pool.query(
    `SELECT (SELECT count(*) FROM "${schema}".orders) AS orders,
            (SELECT quantity FROM "${schema}".product WHERE product_id = $1) AS stock`,
    [productId],
  );
  return { orders: Number(rows[0]?.orders), stock: Number(rows[0]?.stock) };
}

/** Fires `count` confirms of the session at once, alternating hosts; answers the replies. */
async function confirmTogether(
  [a, b]: readonly [TestHost, TestHost],
  token: string,
  count: number,
  headers: Record<string, string> = {},
): Promise<HostReply[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      send(i % 2 === 0 ? a : b, 'api/order&call=confirm', {
        query: { api_token: token },
        form: { comment: 'together' },
        headers,
      }),
    ),
  );
}

/** Checks that every reply is a success naming the same order (the one written, or it replayed); answers its id. */
function expectOneOrder(replies: readonly HostReply[]): number {
  expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
  const ids = new Set(replies.map((reply) => reply.body.order_id));
  expect(ids.size).toBe(1);
  return Number([...ids][0]);
}

for (const { suffix, cached } of cacheModes) {
  describe(`two hosts over one Redis prefix and one PostgreSQL schema${suffix}`, () => {
    afterAll(closeHosts);

    it('each host serves the sessions the other wrote and the orders the other created', async () => {
      const [a, b] = await hosts(cached);
      const token = await readyCart(a, b);
      const totals = await ok(b, 'api/cart/getTotals', { query: { api_token: token } });
      // The seed answers the total lines as a bare array.
      expect(totals.body).toContainEqual(expect.objectContaining({ code: 'total' }));

      const confirmed = await ok(a, 'api/order&call=confirm', { query: { api_token: token }, form: {} });
      const orderId = String(confirmed.body.order_id);
      const info = await ok(b, 'api/order/info', { query: { api_token: token, order_id: orderId } });
      expect(info.body.order).toMatchObject({
        order_id: Number(orderId),
        customer: { email: 'jane@example.com' },
      });

      // And the other way round: a session opened on B, reading A's order.
      const other = await login(b);
      await ok(a, 'api/order/info', { query: { api_token: other, order_id: orderId } });
    });

    it('100 concurrent confirms of one cart split between the hosts write one order and move stock once', async () => {
      const [a, b] = await hosts(cached);
      const token = await readyCart(a, b);
      const before = await stored(40);

      const replies = await confirmTogether([a, b], token, 100);

      const orderId = expectOneOrder(replies);
      const after = await stored(40);
      expect(after.orders).toBe(before.orders + 1);
      // Confirm enters Pending, one of the demo's processing statuses: the two iPhones leave stock, once.
      expect(after.stock).toBe(before.stock - 2);
      const info = await ok(b, 'api/order/info', { query: { api_token: token, order_id: String(orderId) } });
      expect((info.body.order as { history: unknown[] }).history).toHaveLength(1);
    }, 60_000);

    it('100 concurrent confirms with one Idempotency-Key split between the hosts write one order', async () => {
      const [a, b] = await hosts(cached);
      const token = await readyCart(a, b);
      const before = await stored(40);

      const replies = await confirmTogether([a, b], token, 100, { 'Idempotency-Key': `key-${redis.prefix}` });

      expectOneOrder(replies);
      const after = await stored(40);
      expect(after.orders).toBe(before.orders + 1);
      expect(after.stock).toBe(before.stock - 2);
    }, 60_000);

    it('200 moves to processing through both engines on a product with 10 in stock: 10 succeed, stock 0', async () => {
      const [a, b] = await hosts(cached);
      const { pool, schema } = database();
      // 200 canceled orders of one scarce thing each (Canceled is not a processing status: no stock taken yet).
      const repository = createPostgresAdapters({ pool, schema, deadlineMs: CONTENTION_DEADLINE_MS }).orders;
      const line = sampleOrderProduct({ productId: SCARCE, name: 'Scarce thing' });
      const orderIds: number[] = [];
      for (let i = 0; i < 200; i += 1) {
        const outcome = await repository.create(
          sampleOrderDraft({ products: [line], comment: `buyer ${i}` }),
          sampleHistoryWrite({ orderStatusId: 7 }),
        );
        if (outcome.status !== 'created') throw new Error(`create ${i}: ${outcome.status}`);
        orderIds.push(outcome.order.orderId);
      }
      const [tokenA, tokenB] = await Promise.all([login(a), login(b)]);
      expect((await stored(SCARCE)).stock).toBe(10);

      const replies = await Promise.all(
        orderIds.map((orderId, i) =>
          send(i % 2 === 0 ? a : b, 'api/order&call=history_add', {
            query: { api_token: i % 2 === 0 ? tokenA : tokenB },
            form: { order_id: String(orderId), order_status_id: '2', comment: 'paid' },
          }),
        ),
      );

      const moved = replies.filter((reply) => reply.status === 200);
      expect(moved).toHaveLength(10);
      for (const reply of replies.filter((r) => r.status !== 200)) {
        // Refused for want of stock (the field the text is under is the HTTP layer's business, not this test's).
        expect(reply.status).toBe(422);
        expect(JSON.stringify(reply.body.error)).toMatch(/stock/i);
      }
      expect((await stored(SCARCE)).stock).toBe(0);
      const { rows } = await pool.query(
        `SELECT count(*) AS processing FROM "${schema}".orders WHERE order_status_id = 2 AND order_id = ANY($1)`,
        [orderIds],
      );
      expect(Number(rows[0]?.processing)).toBe(10);
    }, 120_000);
  });
}
