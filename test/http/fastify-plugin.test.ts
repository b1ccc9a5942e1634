/**
 * The Fastify plugin beside a host's own routes in one Fastify app: the host's JSON route keeps Fastify's JSON
 * parser (the plugin's parser stays in its encapsulation context), a whole checkout passes through the
 * plugin's prefix, in form and JSON bodies, on a real listening server, and the host's global plugins and hooks
 * (@fastify/cors, @fastify/compress, an onSend hook) act on checkout answers as on the host's own.
 */
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { cartwrightPlugin } from '../../src/http/index.js';
import { expectedTotal, orderPlaced, runFullCheckout } from './support/full-checkout.js';
import { apiKey, demoHandler } from './support/harness.js';

/** A Fastify app with its own JSON routes and cartwright registered at `/shop`, listening. */
async function hostApp(): Promise<string> {
  const app = Fastify();
  app.post('/hello', async (request) => ({ hello: request.body }));
  await app.register(
    async (api) => {
      api.post('/echo', async (request) => ({ echoed: request.body }));
    },
    { prefix: '/api' },
  );
  await app.register(cartwrightPlugin, { prefix: '/shop', handler: demoHandler() });
  await app.listen({ host: '127.0.0.1', port: 0 });
  onTestFinished(() => app.close());
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Listens with `app` on a free port of 127.0.0.1 until the test ends; answers its origin. */
async function listenOn(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  onTestFinished(() => app.close());
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A login to the plugin at `/shop`, as a page of `origin` would send it. */
function login(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/shop?route=api/account/login`, {
    method: 'POST',
    headers,
    body: new URLSearchParams({ username: 'demo', key: apiKey }),
  });
}

/** POSTs JSON to a host route and answers status and body. */
async function postJson(url: string, value: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
  return { status: response.status, body: await response.json() };
}

describe('cartwrightPlugin (Fastify)', () => {
  it('checks out under its prefix, in form and in JSON bodies', async () => {
    const origin = await hostApp();
    for (const encoding of ['form', 'json'] as const) {
      const exchanges = await runFullCheckout({ url: `${origin}/shop`, apiKey, encoding });
      expect(orderPlaced(exchanges)).toMatchObject({ total: expectedTotal });
    }
  });

  it("leaves the host's own JSON routes their parser, before and after it is registered", async () => {
    const origin = await hostApp();
    expect(await postJson(`${origin}/hello`, { a: 1 })).toEqual({ status: 200, body: { hello: { a: 1 } } });
    expect(await postJson(`${origin}/api/echo`, [1, 2])).toEqual({ status: 200, body: { echoed: [1, 2] } });
  });

  it('serves every path below the prefix, and nothing outside it', async () => {
    const origin = await hostApp();
    const form = { username: 'demo', key: apiKey };
    const nested = await fetch(`${origin}/shop/index.php?route=api/account/login`, {
      method: 'POST',
      body: new URLSearchParams(form),
    });
    expect(nested.status).toBe(200);
    // Outside the prefix Fastify answers (its own 404, which the OpenAPI document rightly does not describe).
    const outside = await fetch(`${origin}/index.php?route=api/account/login`, {
      method: 'POST',
      body: new URLSearchParams(form),
    });
    expect(outside.status).toBe(404);
    expect(await outside.json()).toMatchObject({ message: expect.stringMatching(/not found/i) });
  });

  it('refuses a body without a Content-Type as the handler does (415), not as Fastify would', async () => {
    const origin = await hostApp();
    const response = await fetch(`${origin}/shop?route=api/account/login`, {
      method: 'POST',
      body: new Uint8Array(new TextEncoder().encode('x')),
    });
    expect(response.status).toBe(415);
  });

  it("answers through Fastify's reply: the host's global @fastify/cors, @fastify/compress and onSend hooks act on it", async () => {
    const app = Fastify();
    const shop = 'https://shop.example.com';
    await app.register(cors, { origin: [shop], credentials: true });
    await app.register(compress, { global: true, threshold: 0, encodings: ['gzip'] });
    const sent: string[] = [];
    app.addHook('onSend', async (request, reply, payload) => {
      sent.push(`${request.method} ${reply.statusCode}`);
      return payload;
    });
    await app.register(cartwrightPlugin, { prefix: '/shop', handler: demoHandler() });
    const origin = await listenOn(app);

    // The real answer carries CORS headers, not only the preflight.
    const preflight = await fetch(`${origin}/shop?route=api/account/login`, {
      method: 'OPTIONS',
      headers: { origin: shop, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(shop);
    const answer = await login(origin, { origin: shop });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(shop);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('set-cookie')).toMatch(/^OCSESSID=/);
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await answer.json()).toMatchObject({ success: 'Success: API session successfully started!' });
    expect(sent).toContain('POST 200');
  });

  it('lets @fastify/compress compress checkout answers; an uncompressed one when the client does not ask', async () => {
    const app = Fastify();
    await app.register(compress, { global: true, threshold: 0, encodings: ['gzip'] });
    await app.register(cartwrightPlugin, { prefix: '/shop', handler: demoHandler() });
    const origin = await listenOn(app);
    const { request } = await import('node:http');
    // node:http, which (unlike fetch) hands over the body as it came: compressed bytes, to unzip here.
    const raw = (encoding: string) =>
      new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const body = new URLSearchParams({ username: 'demo', key: apiKey }).toString();
        const outgoing = request(
          `${origin}/shop?route=api/account/login`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-encoding': encoding },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
            response.on('error', reject);
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    const zipped = await raw('gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.body).toString('utf8'))).toMatchObject({
      api_token: expect.any(String),
    });
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toMatchObject({ api_token: expect.any(String) });
  });

  it("answers HEAD with the GET answer's length and no body", async () => {
    const origin = await listenOn(
      await (async () => {
        const app = Fastify();
        await app.register(cartwrightPlugin, { prefix: '/shop', handler: demoHandler() });
        return app;
      })(),
    );
    const get = await fetch(`${origin}/shop?route=api/openapi`);
    const head = await fetch(`${origin}/shop?route=api/openapi`, { method: 'HEAD' });
    expect(head.status).toBe(get.status);
    expect(head.headers.get('content-length')).toBe(String((await get.arrayBuffer()).byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});
