/**
 * The Fastify plugin beside a host's own routes in one Fastify app: the host's JSON route keeps Fastify's JSON
 * parser (the plugin's parser stays in its encapsulation context), and a whole checkout passes through the
 * plugin's prefix, in form and JSON bodies, on a real listening server.
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
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
});
