/**
 * CORS through a real server: off by default; with `cors.origins`, preflights from a listed origin answer 204
 * with the API's methods and headers, answers to that origin are readable with credentials and `Retry-After`
 * exposed, and any other origin gets no CORS header (a preflight from it is a 403).
 */
import { describe, expect, it } from 'vitest';
import { type CorsOptions, createFetchHandler } from '../../src/http/index.js';
import { apiKey, demoApp, startDemo } from './support/harness.js';

const shop = 'https://shop.example.com';
const login = new URLSearchParams({ username: 'demo', key: apiKey });

/** The demo store on a real server, with `cors` (none: off). */
async function serve(cors?: CorsOptions) {
  const demo = await startDemo({
    handler: (app) => createFetchHandler(app.checkout, { ...app.handlerOptions, ...(cors ? { cors } : {}) }),
  });
  return `${demo.origin}/index.php`;
}

/** A browser's preflight for a JSON POST with an idempotency key. */
function preflight(url: string, origin: string): Promise<Response> {
  return fetch(`${url}?route=api/order&call=confirm`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,idempotency-key',
    },
  });
}

describe('CORS', () => {
  it('is off by default: no preflight answer, no CORS header', async () => {
    const url = await serve();
    const options = await preflight(url, shop);
    expect(options.status).toBe(405);
    expect(options.headers.get('access-control-allow-origin')).toBeNull();
    const post = await fetch(`${url}?route=api/account/login`, {
      method: 'POST',
      headers: { origin: shop },
      body: login,
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight from a listed origin with the methods and headers the API uses', async () => {
    const url = await serve({ origins: [shop, 'http://localhost:5173'] });
    const response = await preflight(url, shop);
    expect(response.status).toBe(204);
    expect(
      Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-'))),
    ).toEqual({
      'access-control-allow-origin': shop,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, HEAD, POST',
      'access-control-allow-headers': 'Content-Type, Idempotency-Key',
      'access-control-max-age': '600',
    });
    expect(response.headers.get('vary')).toMatch(/Origin/);
  });

  it('refuses a preflight from any other origin (403, no CORS header)', async () => {
    const url = await serve({ origins: [shop] });
    for (const origin of [
      'https://evil.example.com',
      'https://shop.example.com:8443',
      'http://shop.example.com',
    ]) {
      const response = await preflight(url, origin);
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.json()).toEqual({
        error: { warning: 'Warning: Pages of this origin may not call this API!' },
      });
    }
  });

  it('lets a listed origin read answers with the session cookie, and Retry-After', async () => {
    const url = await serve({ origins: [shop] });
    const response = await fetch(`${url}?route=api/account/login`, {
      method: 'POST',
      headers: { origin: shop },
      body: login,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(shop);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After, Totals-Digest');
    expect(response.headers.get('vary')).toBe('Origin');
    expect(response.headers.get('set-cookie')).toMatch(/^OCSESSID=/);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const cart = await fetch(`${url}?route=api/cart/getProducts`, { headers: { origin: shop, cookie } });
    expect([cart.status, cart.headers.get('access-control-allow-origin')]).toEqual([200, shop]);
    // Error answers are readable too: a page must see why it was refused.
    const wrong = await fetch(`${url}?route=api/account/login`, {
      method: 'POST',
      headers: { origin: shop },
      body: new URLSearchParams({ username: 'demo', key: 'wrong' }),
    });
    expect([wrong.status, wrong.headers.get('access-control-allow-origin')]).toEqual([401, shop]);
  });

  it('gives no CORS header to an origin not listed, and none without credentials when they are off', async () => {
    const url = await serve({ origins: [shop], credentials: false });
    const other = await fetch(`${url}?route=api/account/login`, {
      method: 'POST',
      headers: { origin: 'https://evil.example.com' },
      body: login,
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toBe('Origin');
    const listed = await fetch(`${url}?route=api/account/login`, {
      method: 'POST',
      headers: { origin: shop },
      body: login,
    });
    expect(listed.headers.get('access-control-allow-origin')).toBe(shop);
    expect(listed.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses malformed origins when the handler is made', () => {
    const app = demoApp();
    for (const origin of [
      '*',
      'https://shop.example.com/',
      'shop.example.com',
      'null',
      'https://shop.example.com/path',
    ]) {
      expect(() =>
        createFetchHandler(app.checkout, { ...app.handlerOptions, cors: { origins: [origin] } }),
      ).toThrow(/cors\.origins/);
    }
  });
});
