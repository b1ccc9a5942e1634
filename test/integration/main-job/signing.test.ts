/**
 * `npm start` on PostgreSQL and Redis with `CARTWRIGHT_API_SIGNING=opencart`: the signing secret of `demo` is
 * written to `api_signing` (not to `api`), signed requests are checked against it and their signatures remembered
 * in Redis, and a later start without the variable removes the secret, so signing stops.
 */
import { describe, expect, it } from 'vitest';
import { type RunningDemo, startDemoServer } from '../../../examples/shared/demo-main.js';
import { createManualClock } from '../../../src/testing/index.js';
import { guest } from '../../http/support/harness.js';
import { createSigningClient } from '../../http/support/signing-client.js';
import { databaseUrl, testSchemaName, usePool } from '../support/postgres.js';
import { redisUrl, useRedisTestRun } from '../support/redis.js';

const schema = testSchemaName('mainsign');
const database = usePool(2, async (pool) => {
  await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
});
const redis = useRedisTestRun();
const key = 'main-job-signing-key-0123456789abcdef01';

/** Starts the main job on this file's schema and prefix (on `port`, default a free one). */
async function start(signing: boolean, port = 0): Promise<RunningDemo> {
  const started = await startDemoServer(
    {
      HOST: '127.0.0.1',
      PORT: String(port),
      CARTWRIGHT_API_KEY: key,
      CARTWRIGHT_REDIS_URL: redisUrl(),
      CARTWRIGHT_REDIS_PREFIX: redis.prefix,
      CARTWRIGHT_DATABASE_URL: databaseUrl,
      CARTWRIGHT_DATABASE_SCHEMA: schema,
      ...(signing ? { CARTWRIGHT_API_SIGNING: 'opencart' } : {}),
    },
    { log: () => {} },
  );
  if (started.isErr()) throw new Error(`bad environment: ${JSON.stringify(started.error)}`);
  return started.value;
}

describe('npm start with signing, on PostgreSQL and Redis', () => {
  it('stores the secret apart, accepts signatures made with it, and forgets it when started without', async () => {
    database();
    await redis.client();
    const first = await start(true);
    let second: RunningDemo | undefined;
    try {
      const client = createSigningClient({
        origin: new URL(first.url).origin,
        username: 'demo',
        secret: key,
        clock: createManualClock(new Date().toISOString()),
      });
      const signed = client.sign('customer', guest);
      expect((await client.send(signed)).status).toBe(200);
      expect((await client.send(signed)).status).toBe(401);
      const rows = await database().query(`SELECT scheme, secret FROM "${schema}".api_signing`);
      expect(rows.rows).toEqual([{ scheme: 'opencart', secret: key }]);
      const api = await database().query(`SELECT key_hash FROM "${schema}".api WHERE api_id = 1`);
      expect(api.rows[0]?.key_hash).not.toContain(key);
      await first.close();

      // Redis remembers the signature across the restart (on the same address, which is signed): a replay to
      // the next server is refused too.
      second = await start(true, first.port);
      expect((await client.send(signed)).error).toEqual({
        warning: 'Warning: This signed request was already used, sign each request anew!',
      });
      await second.close();

      second = await start(false);
      const later = createSigningClient({
        origin: new URL(second.url).origin,
        username: 'demo',
        secret: key,
        clock: createManualClock(new Date(Date.now() + 1000).toISOString()),
      });
      expect((await later.call('customer', guest)).status).toBe(401);
      expect((await database().query(`SELECT 1 FROM "${schema}".api_signing`)).rows).toEqual([]);
    } finally {
      await first.close();
      await second?.close();
    }
  });
});
