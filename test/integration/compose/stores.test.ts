/**
 * The stores on the real servers through the composition root: `postgresStore({ pool })` with a snapshot loaded
 * by `loadSnapshot`, and `redisSessions({ client })` mounted over it, so that two checkouts (two processes'
 * worth) share sessions and the login throttle.
 */
import { describe, expect, it } from 'vitest';
import { loadSnapshot, migrate, postgresStore } from '../../../src/adapters/postgres/index.js';
import { redisSessions } from '../../../src/adapters/redis/index.js';
import { generateApiKey } from '../../../src/adapters/system/index.js';
import { createCheckout } from '../../../src/compose/create-checkout.js';
import { demoSnapshot } from '../../../src/demo/index.js';
import { createFetchHandler } from '../../../src/http/index.js';
import { expectOk, guest } from '../../engine/support/demo-checkout.js';
import { usePostgres } from '../support/postgres.js';
import { keysUnder, useRedisTestRun } from '../support/redis.js';

const database = usePostgres('compose_stores');
const redis = useRedisTestRun();
const apiKey = generateApiKey();

describe('postgresStore({ pool }) with redisSessions({ client }) mounted', () => {
  it('checks out on PostgreSQL with sessions in Redis, shared by two checkouts', async () => {
    const { pool, schema } = database();
    const client = await redis.client();
    const snapshot = demoSnapshot({ apiKey });
    await migrate(pool, { schema });
    expect(await loadSnapshot(pool, snapshot, { schema })).toBe(true);
    const store = postgresStore({ pool, schema }).mount(redisSessions({ client, prefix: redis.prefix }));
    const one = createCheckout({ store, settings: snapshot.settings });
    const other = createCheckout({ store, settings: snapshot.settings });
    const { sessionId } = await expectOk(one.openSession({ apiUserId: 1 }));
    expect(await keysUnder(client, redis.prefix)).toContain(`${redis.prefix}${sessionId}`);
    await expectOk(one.setCustomer(sessionId, guest));
    const cart = await expectOk(other.addProduct(sessionId, { productId: 40, quantity: 1 }));
    expect(cart).toBeDefined();
    const products = await expectOk(other.getProducts(sessionId));
    expect(products.map((line) => line.name)).toEqual(['iPhone']);
  });

  it('logs in over HTTP against the API users stored in PostgreSQL', async () => {
    const { pool, schema } = database();
    const client = await redis.client();
    const snapshot = demoSnapshot({ apiKey });
    await migrate(pool, { schema });
    await loadSnapshot(pool, snapshot, { schema, mode: 'replace' });
    const store = postgresStore({ pool, schema }).mount(
      redisSessions({ client, prefix: redis.prefix, loginPrefix: `${redis.prefix}login:` }),
    );
    const handler = createFetchHandler(createCheckout({ store, settings: snapshot.settings }));
    const login = await handler(
      new Request('http://shop.test/index.php?route=api/account/login', {
        method: 'POST',
        body: new URLSearchParams({ username: 'demo', key: apiKey }),
      }),
      { ip: '127.0.0.1' },
    );
    expect(login.status).toBe(200);
  });
});
