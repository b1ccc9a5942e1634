import { describe, expect, it } from 'vitest';
import {
  createMemoryAdapters,
  createMemoryCustomerDirectory,
  demoStore,
} from '../../../src/adapters/memory/index.js';
import { verifyApiKey } from '../../../src/adapters/system/index.js';
import { testClock } from './helpers.js';

describe('demoStore API user and freshness (its figures: demo-facts.test.ts)', () => {
  it('has API user 1 "demo" on the loopback addresses, whose key hash matches the given key', async () => {
    const key = 'demo-store-key-0123456789abcdef0123';
    const { data } = demoStore({ apiKey: key });
    const { apiUsers } = createMemoryAdapters(data, { clock: testClock() });
    const user = await apiUsers.findByUsername('demo');
    expect(user).toMatchObject({ apiId: 1, status: true, ips: ['127.0.0.1', '::1'] });
    expect(user?.keyHash).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(await verifyApiKey(key, user?.keyHash ?? '')).toBe(true);
    expect(await verifyApiKey(`${key}x`, user?.keyHash ?? '')).toBe(false);
  });

  it('refuses a key shorter than 32 characters, saying why', () => {
    expect(() => demoStore({ apiKey: 'let-me-in' })).toThrow(/at least 32 characters long/);
  });

  it('without a key, the demo user exists but no guessable key opens it', async () => {
    for (const options of [undefined, {}, { apiKey: undefined }, { apiKey: '' }]) {
      const user = demoStore(options).data.apiUsers.get(1);
      expect(user?.keyHash).toMatch(/^sha256\$/);
      for (const guess of ['', 'demo', 'undefined', 'x'.repeat(32)])
        expect(await verifyApiKey(guess, user?.keyHash ?? '')).toBe(false);
    }
  });

  it('returns fresh independent data on every call', async () => {
    const first = demoStore();
    const second = demoStore();
    expect(first.data).not.toBe(second.data);
    first.data.products.delete(40);
    first.data.rewardPoints.push({
      customerRewardId: 99,
      customerId: 1,
      orderId: 0,
      description: 'extra',
      points: 5,
      dateAdded: '2026-01-02T00:00:00.000Z',
    });
    expect(await createMemoryCustomerDirectory(first.data).getRewardBalance(1)).toBe(1005);
    expect(second.data.products.has(40)).toBe(true);
    expect(await createMemoryCustomerDirectory(second.data).getRewardBalance(1)).toBe(1000);
  });
});
