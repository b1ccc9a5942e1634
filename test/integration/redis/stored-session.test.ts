/**
 * Redis holding sessions of another shape (an older or newer `schemaVersion`) or damaged ones, written into
 * the hash by hand as a store of another release (or a mishap) would leave them: the engine answers a clear
 * error, never a TypeError, and the hash is left as it was.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createRedisSessionStore } from '../../../src/adapters/redis/index.js';
import { createManualClock } from '../../../src/testing/index.js';
import { demoCheckout, expectErr, expectOk, startInstant } from '../../engine/support/demo-checkout.js';
import { currentSessionJson, storedJson, unusableSessions } from '../../engine/support/stored-sessions.js';
import { useRedisTestRun } from '../support/redis.js';

const run = useRedisTestRun();

/** A demo checkout whose sessions are in Redis, with `json` written under a new id as the session field. */
async function planted(json: string) {
  const client = await run.client();
  const id = `planted-${randomUUID()}`;
  // The engine's clock stands at startInstant throughout; the store reads one standing there too.
  const clock = createManualClock(startInstant);
  const demo = demoCheckout({
    deps: () => ({ sessions: createRedisSessionStore({ client, prefix: run.prefix, clock }) }),
  });
  const text = storedJson(json, id, startInstant);
  const expiresAt = new Date(Date.parse(startInstant) + 3_600_000).toISOString();
  await client.hset(`${run.prefix}${id}`, {
    version: '2',
    expiresAtMs: String(Date.parse(expiresAt)),
    expiresAt,
    session: text,
  });
  return { demo, id, key: `${run.prefix}${id}`, client };
}

describe('Redis: a stored session of another shape, or damaged', () => {
  it('of the current shape loads', async () => {
    const { demo, id } = await planted(currentSessionJson);
    expect((await expectOk(demo.checkout.getProducts(id))).map((line) => line.productId)).toEqual([40]);
  });

  it.each(unusableSessions)('$label: answers $kind and leaves the hash as it was', async (c) => {
    const { demo, id, key, client } = await planted(c.json);
    const before = await client.hgetall(key);
    for (const call of [
      demo.checkout.getSession(id),
      demo.checkout.getTotals(id),
      demo.checkout.addProduct(id, { product_id: 40, quantity: 1 }),
    ]) {
      expect((await expectErr(call as never)).kind).toBe(c.kind);
    }
    expect(await client.hgetall(key)).toEqual(before);
  });

  it('answers unavailable, naming the sessions store, for bytes that are not JSON at all', async () => {
    const { demo, id } = await planted('{"schemaVersion":1,"id":"{id}", truncated');
    const error = await expectErr(demo.checkout.getSession(id));
    expect(error).toMatchObject({ kind: 'unavailable', port: 'sessions' });
  });
});
