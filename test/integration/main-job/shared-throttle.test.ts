/**
 * `npm start` with `CARTWRIGHT_REDIS_URL` counts failed logins in Redis: two servers on one Redis meet one
 * limit, where servers keeping their counts in memory would each allow the full count.
 */
import { describe, expect, it } from 'vitest';
import { readDemoEnv } from '../../../examples/shared/demo-env.js';
import type { RunningDemo } from '../../../examples/shared/demo-main.js';
import { startDemoServer } from '../../../examples/shared/demo-main.js';
import { keysUnder, redisUrl, useRedisTestRun } from '../support/redis.js';

const redis = useRedisTestRun();
const apiKey = 'shared-throttle-key-0123456789abcdef0123456789';

/** Starts `npm start`'s server on port 0, with sessions and login counts in Redis unless `memory`. */
async function start(memory = false): Promise<RunningDemo> {
  const started = await startDemoServer(
    {
      HOST: '127.0.0.1',
      PORT: '0',
      CARTWRIGHT_API_KEY: apiKey,
      ...(memory ? {} : { CARTWRIGHT_REDIS_URL: redisUrl(), CARTWRIGHT_REDIS_PREFIX: redis.prefix }),
    },
    { log: () => {} },
  );
  if (started.isErr()) throw new Error(JSON.stringify(started.error));
  return started.value;
}

/** A login as `demo` with `key`: the status and the Retry-After header. */
async function login(
  server: RunningDemo,
  key: string,
): Promise<{ status: number; retryAfter: string | null }> {
  const response = await fetch(`${server.url}?route=api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', key }).toString(),
  });
  await response.body?.cancel();
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

/** Five wrong keys spread over `servers`, then what a sixth attempt (the right key) gets on each. */
async function guessAcross(servers: readonly RunningDemo[]): Promise<number[]> {
  for (let i = 0; i < 5; i += 1) {
    const server = servers[i % servers.length];
    if (server !== undefined) expect((await login(server, `wrong-${i}`)).status).toBe(401);
  }
  return Promise.all(servers.map(async (server) => (await login(server, apiKey)).status));
}

describe('npm start: the login throttle', () => {
  it('is shared by every server on one Redis, under the session prefix', async () => {
    await redis.client();
    const servers = [await start(), await start()];
    try {
      expect(await guessAcross(servers)).toEqual([429, 429]);
      const answer = await login(servers[0] as RunningDemo, apiKey);
      expect(answer.status).toBe(429);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      const keys = await keysUnder(await redis.client(), `${redis.prefix}login:`);
      expect(keys.length).toBe(2);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it('is per server when sessions stay in memory', async () => {
    const servers = [await start(true), await start(true)];
    try {
      // Each server saw two or three of the five guesses: neither reached its limit of five.
      expect(await guessAcross(servers)).toEqual([200, 200]);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
    }
  });

  it('keeps its keys under cartwright:login:, or under the session prefix when that is moved', () => {
    expect(readDemoEnv({})._unsafeUnwrap().redisLoginPrefix).toBe('cartwright:login:');
    expect(readDemoEnv({ CARTWRIGHT_REDIS_PREFIX: 'shop:s:' })._unsafeUnwrap().redisLoginPrefix).toBe(
      'shop:s:login:',
    );
    expect(
      readDemoEnv({
        CARTWRIGHT_REDIS_PREFIX: 'shop:s:',
        CARTWRIGHT_REDIS_LOGIN_PREFIX: 'shop:l:',
      })._unsafeUnwrap().redisLoginPrefix,
    ).toBe('shop:l:');
  });
});
