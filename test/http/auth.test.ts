/**
 * Logins and sessions over HTTP: the cookie and `api_token` get the same checks; missing,
 * unknown, expired sessions, wrong credentials, disabled users, refused and forwarded addresses, throttling,
 * logout.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { DemoApp } from '../../examples/shared/demo-app.js';
import { apiKey, send, startDemo } from './support/harness.js';

const login = (key = apiKey, username = 'demo') => ({ form: { username, key } });

/** Changes API user 1 (`demo`). */
function changeUser(app: DemoApp, change: { status?: boolean; ips?: string[] }): void {
  const user = app.data.apiUsers.get(1);
  if (user !== undefined) app.data.apiUsers.set(1, { ...user, ...change });
}

describe('login', () => {
  it('answers the api_token and sets the session cookie', async () => {
    const demo = await startDemo();
    const reply = await demo.send('api/account/login', login());
    expect(reply.status).toBe(200);
    const { success, api_token } = reply.body as { success: string; api_token: string };
    expect(success).toBe('Success: API session successfully started!');
    expect(reply.headers.get('set-cookie')).toBe(`OCSESSID=${api_token}; Path=/; HttpOnly; SameSite=Lax`);
  });

  it('refuses wrong credentials with 401, a disabled user and a foreign address with 403', async () => {
    const demo = await startDemo();
    expect((await demo.send('api/account/login', login('wrong'))).error).toEqual({
      warning: 'Warning: Incorrect API Key!',
    });
    expect((await demo.send('api/account/login', login(apiKey, 'nobody'))).status).toBe(401);
    expect((await demo.send('api/account/login', { json: { username: ['demo'], key: apiKey } })).status).toBe(
      401,
    );
    changeUser(demo.app, { ips: ['10.0.0.1'] });
    const foreign = await demo.send('api/account/login', login());
    expect([foreign.status, foreign.error]).toEqual([
      403,
      { warning: 'Warning: Your IP 127.0.0.1 is not allowed to access this API!' },
    ]);
    changeUser(demo.app, { ips: ['127.0.0.1'], status: false });
    expect((await demo.send('api/account/login', login())).status).toBe(403);
  });

  it('compares the key exactly: the key followed by NUL bytes is a wrong key', async () => {
    const demo = await startDemo();
    for (const call of [
      { form: `username=demo&key=${apiKey}%00` },
      { json: { username: 'demo', key: `${apiKey}\0\0\0` } },
    ]) {
      const reply = await demo.send('api/account/login', call);
      expect([reply.status, reply.error]).toEqual([401, { warning: 'Warning: Incorrect API Key!' }]);
    }
    expect((await demo.send('api/account/login', login())).status).toBe(200);
  });

  it('answers a key too short to be one as any wrong key: 401, counted by the throttle', async () => {
    const demo = await startDemo();
    // `demo` logs in with a SHA-256 hash stored by hand from a short key, as no hashApiKey would make it.
    const user = demo.app.data.apiUsers.get(1);
    if (user === undefined) throw new Error('no demo user');
    const short = 'let-me-in';
    demo.app.data.apiUsers.set(1, {
      ...user,
      keyHash: `sha256$${createHash('sha256').update(short).digest('hex')}`,
    });
    for (let i = 0; i < 5; i += 1) {
      const reply = await demo.send('api/account/login', login(short));
      expect([reply.status, reply.error]).toEqual([401, { warning: 'Warning: Incorrect API Key!' }]);
    }
    expect((await demo.send('api/account/login', login(short))).status).toBe(429);
  });

  it('throttles failed logins only, with 429 and Retry-After', async () => {
    const demo = await startDemo();
    for (let i = 0; i < 6; i++) expect((await demo.send('api/account/login', login())).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await demo.send('api/account/login', login('wrong'))).status).toBe(401);
    const throttled = await demo.send('api/account/login', login());
    expect(throttled.status).toBe(429);
    expect(throttled.error.warning).toMatch(/^Warning: Too many failed logins, try again in \d+ seconds!$/);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    demo.clock.advanceSeconds(301);
    expect((await demo.send('api/account/login', login())).status).toBe(200);
  });

  it('throttles a client that rotates usernames, per address, even for a right key afterwards', async () => {
    const demo = await startDemo();
    for (let i = 0; i < 20; i++) {
      const guess = await demo.send('api/account/login', login('guess', `user-${i}`));
      expect([i, guess.status]).toEqual([i, 401]);
    }
    const throttled = await demo.send('api/account/login', login());
    expect([throttled.status, throttled.headers.get('retry-after')]).toEqual([429, '300']);
    demo.clock.advanceSeconds(300);
    expect((await demo.send('api/account/login', login())).status).toBe(200);
  });
});

describe('sessions', () => {
  it('accepts the cookie, api_token in the query and api_token in the body alike', async () => {
    const demo = await startDemo();
    const byCookie = await demo.login('cookie');
    const byToken = await demo.login('api_token');
    expect((await byCookie.call('api/cart/getProducts')).status).toBe(200);
    expect((await byToken.call('api/cart/getProducts')).status).toBe(200);
    const inBody = await demo.send('api/cart/addProduct', {
      form: { product_id: '40', api_token: byToken.token },
    });
    expect(inBody.body).toEqual({ success: 'Product added to cart successfully!' });
  });

  it('answers 401 without a session or for an unknown one', async () => {
    const demo = await startDemo();
    const none = await demo.send('api/cart/getProducts');
    expect([none.status, none.error]).toEqual([
      401,
      { warning: 'Warning: You do not have permission to access the API!' },
    ]);
    expect((await demo.send('api/cart/getProducts', { query: { api_token: 'unknown' } })).status).toBe(401);
    expect(
      (await demo.send('api/cart/getProducts', { headers: { cookie: 'OCSESSID=unknown' } })).status,
    ).toBe(401);
  });

  it('gives both ways the same IP and user checks', async () => {
    const demo = await startDemo();
    for (const via of ['cookie', 'api_token'] as const) {
      const session = await demo.login(via);
      changeUser(demo.app, { ips: ['10.0.0.1'] });
      expect((await session.call('api/cart/getProducts')).status).toBe(403);
      changeUser(demo.app, { ips: ['127.0.0.1'], status: false });
      expect((await session.call('api/cart/getProducts')).status).toBe(403);
      changeUser(demo.app, { status: true });
      expect((await session.call('api/cart/getProducts')).status).toBe(200);
    }
  });

  it('expires after the inactivity period, sliding on every successful request only', async () => {
    const demo = await startDemo({ sessionTtlSeconds: 60 });
    const session = await demo.login();
    demo.clock.advanceSeconds(50);
    expect((await session.call('api/cart/getProducts')).status).toBe(200);
    demo.clock.advanceSeconds(50);
    changeUser(demo.app, { ips: ['10.0.0.1'] });
    expect((await session.call('api/cart/getProducts')).status).toBe(403);
    changeUser(demo.app, { ips: ['127.0.0.1'] });
    demo.clock.advanceSeconds(15);
    const expired = await session.call('api/cart/getProducts');
    expect([expired.status, expired.error]).toEqual([
      401,
      { warning: 'Warning: Your API session has expired!' },
    ]);
  });

  it('ends the session at logout and clears the cookie', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    const out = await session.call('api/account/logout', { form: {} });
    expect(out.body).toEqual({ success: 'Success: API session ended!' });
    expect(out.headers.get('set-cookie')).toBe('OCSESSID=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    expect((await session.call('api/cart/getProducts')).status).toBe(401);
  });
});

describe('forwarded addresses', () => {
  const spoof = { 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https' };

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const demo = await startDemo({ apiIps: ['203.0.113.7'] });
    const reply = await demo.send('api/account/login', { ...login(), headers: spoof });
    expect([reply.status, reply.error.warning]).toEqual([
      403,
      'Warning: Your IP 127.0.0.1 is not allowed to access this API!',
    ]);
  });

  it('honours X-Forwarded-For and X-Forwarded-Proto from a trusted proxy', async () => {
    const demo = await startDemo({ apiIps: ['203.0.113.7'], listener: { trustProxy: ['127.0.0.1'] } });
    const reply = await send(demo.origin, 'api/account/login', { ...login(), headers: spoof });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('set-cookie')).toMatch(/; Secure$/);
    const session = await demo.login('cookie', { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' });
    expect((await session.call('api/cart/getProducts')).status).toBe(200);
    const forged = await session.call('api/cart/getProducts', {
      headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.9' },
    });
    expect([forged.status, forged.error.warning]).toEqual([
      403,
      'Warning: Your IP 198.51.100.9 is not allowed to access this API!',
    ]);
  });
});
