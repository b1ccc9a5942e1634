/**
 * Statements per checkout: a whole flow (login, the steps up to confirm, the cart, confirm and a history entry)
 * through the engine and handler over PostgreSQL and Redis, its PostgreSQL statements counted. With the
 * reference cache listening, products, geography, taxes, customer groups, custom fields and API users come from
 * memory, and the order writes take few statements: what is left is a fraction of what reading through takes.
 */
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import {
  loadDemoStore,
  type PgListenClientLike,
  type PgListenPoolLike,
} from '../../../src/adapters/postgres/index.js';
import { stepsToConfirm } from '../support/checkout-steps.js';
import { type HostCall, openHost, send, type TestHost } from '../support/hosts.js';
import { usePostgres } from '../support/postgres.js';
import { useRedisTestRun } from '../support/redis.js';

const database = usePostgres('flow_statements', 4);
const redis = useRedisTestRun();
const KEY = 'flow-statements-key-0123456789abcdef0';

/** The statements the adapters ran, by their first word; the cache's own (`LISTEN`, heartbeats) left out. */
interface Counted {
  readonly statements: string[];
}

/** `pool` as the adapters see it, counting every statement but the cache's own in `counted`. */
function counting(pool: pg.Pool, counted: Counted): PgListenPoolLike {
  return {
    async connect(): Promise<PgListenClientLike> {
      const client = await pool.connect();
      return {
        query(text: string, values?: readonly unknown[]) {
          const word = text.trim().split(/[\s;]+/)[0] ?? '';
          if (word !== 'LISTEN' && text !== 'SELECT 1') counted.statements.push(word);
          return client.query(text, values as unknown[]);
        },
        release: (error?: Error) => client.release(error),
        on: ((event: 'error', listener: (error: Error) => void) =>
          client.on(event, listener)) as PgListenClientLike['on'],
        removeListener: ((event: 'error', listener: (error: Error) => void) =>
          client.removeListener(event, listener)) as PgListenClientLike['removeListener'],
      };
    },
  };
}

const hosts: TestHost[] = [];
afterAll(async () => {
  for (const host of hosts.splice(0)) await host.close();
});

/** Sends and insists on a 200; answers the body. */
async function ok(host: TestHost, route: string, call: HostCall = {}): Promise<Record<string, unknown>> {
  const reply = await send(host, route, call);
  if (reply.status !== 200) throw new Error(`${route}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** One whole flow on `host`: login, the steps to confirm, the cart, confirm and a history entry. */
async function flow(host: TestHost): Promise<void> {
  const login = await ok(host, 'api/account/login', { form: { username: 'demo', key: KEY } });
  const as = { query: { api_token: String(login.api_token) } };
  for (const [route, form] of stepsToConfirm(2))
    await ok(host, route, form === undefined ? as : { ...as, form });
  await ok(host, 'api/cart/getProducts', as);
  const confirmed = await ok(host, 'api/order&call=confirm', { ...as, form: {} });
  await ok(host, 'api/order&call=history_add', {
    ...as,
    form: { order_id: String(confirmed.order_id), order_status_id: '5', comment: 'done' },
  });
}

/** The statements of the second of two flows on a host opened with or without the reference cache. */
async function statementsPerFlow(cached: boolean): Promise<readonly string[]> {
  const { pool, schema } = database();
  await redis.client();
  const { data, settings } = demoStore({ apiKey: KEY });
  await loadDemoStore(pool, { data }, { schema, mode: 'replace' });
  const counted: Counted = { statements: [] };
  const shared = { schema, prefix: redis.prefix, data, settings };
  const host = await openHost(cached ? 'cached' : 'through', shared, 4, {
    cached,
    wrap: (own) => counting(own, counted),
  });
  hosts.push(host);
  await flow(host);
  counted.statements.length = 0;
  await flow(host);
  return [...counted.statements];
}

describe('PostgreSQL statements per checkout flow', () => {
  // Twelve: confirm's transaction (begin, the key's claim, the order with its history entry and events, the
  // stock rows locked then moved, commit), history_add's (its order read, begin, the entry with its events,
  // commit), the customer step's account read and one product read (the last flow's confirm moved its stock).
  it('with the reference cache, a flow takes at most 12 statements, and under a third of reading through', async () => {
    const through = await statementsPerFlow(false);
    const cached = await statementsPerFlow(true);
    expect(through.length).toBeGreaterThan(50);
    expect(cached.length).toBeLessThanOrEqual(12);
    expect(cached.length * 3).toBeLessThan(through.length);
  });
});
