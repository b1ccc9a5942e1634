/**
 * The Redis replay guard on the real server: the `cartwright/testing` contract suite, its keys and TTLs, and
 * two guards on one Redis refusing each other's signatures (what several servers behind one address need).
 */
import { describe, expect, it } from 'vitest';
import { createRedisReplayGuard, DEFAULT_REDIS_REPLAY_PREFIX } from '../../../src/adapters/redis/index.js';
import { createManualClock, describeReplayGuardContract } from '../../../src/testing/index.js';
import { useRedisTestRun } from '../support/redis.js';

const run = useRedisTestRun();

describeReplayGuardContract({ describe, it }, 'redis', async () => {
  const clock = createManualClock('2024-05-01T10:00:00Z');
  return { guard: createRedisReplayGuard({ client: await run.client(), prefix: run.prefix, clock }), clock };
});

describe('the Redis replay guard', () => {
  it('stores one key under its prefix, with a TTL that ends with the expiry', async () => {
    const client = await run.client();
    const clock = createManualClock('2024-05-01T10:00:00Z');
    const guard = createRedisReplayGuard({ client, prefix: `${run.prefix}ttl:`, clock });
    expect(await guard.claim('1:sig', new Date('2024-05-01T10:05:01Z'))).toBe(true);
    expect(await client.get(`${run.prefix}ttl:1:sig`)).toBe(String(Date.parse('2024-05-01T10:05:01Z')));
    const ttl = await client.pttl(`${run.prefix}ttl:1:sig`);
    expect(ttl).toBeGreaterThan(300_000);
    expect(ttl).toBeLessThanOrEqual(301_000);
    expect(DEFAULT_REDIS_REPLAY_PREFIX).toBe('cartwright:replay:');
  });

  it('is shared: a signature one server accepted is refused by another on the same Redis', async () => {
    const client = await run.client();
    const clock = createManualClock('2024-05-01T10:00:00Z');
    const [first, second] = [1, 2].map(() =>
      createRedisReplayGuard({ client, prefix: `${run.prefix}shared:`, clock }),
    );
    const expiresAt = new Date('2024-05-01T10:05:00Z');
    expect(await first?.claim('1:sig', expiresAt)).toBe(true);
    expect(await second?.claim('1:sig', expiresAt)).toBe(false);
  });
});
