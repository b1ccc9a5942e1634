/**
 * Hono with a middleware that reads the body before cartwright's route (a logger, a validator): Hono keeps the
 * body it read, and the route hands the handler a request carrying it (`cloneRawRequest(c.req)`, Hono's own),
 * so a whole checkout passes in form and JSON bodies on a real listening server (`@hono/node-server`). A route
 * that hands over the raw request anyway gets a 500 that names the fix, logged once, not a crash on a locked
 * stream.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import { cloneRawRequest } from 'hono/request';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createFetchHandler, type FetchHandler } from '../../src/http/index.js';
import { expectedTotal, orderPlaced, runFullCheckout } from './support/full-checkout.js';
import { apiKey, demoApp } from './support/harness.js';

/** How the middleware reads the body. */
type Reading = 'json' | 'parseBody' | 'text';

/** A Hono app whose middleware reads every POST body as `reading`, and cartwright at /index.php. */
async function honoApp(reading: Reading, route: (c: Context, handler: FetchHandler) => Promise<Response>) {
  const errors: string[] = [];
  const demo = demoApp();
  const handler = createFetchHandler(demo.checkout, {
    ...demo.handlerOptions,
    logger: { error: (message) => void errors.push(message) },
  });
  const app = new Hono();
  const seen: unknown[] = [];
  app.use('/index.php', async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (c.req.method === 'POST') {
      if (reading === 'json' && type.startsWith('application/json')) seen.push(await c.req.json());
      else if (reading === 'parseBody') seen.push(await c.req.parseBody());
      else if (reading === 'text') seen.push(await c.req.text());
    }
    await next();
  });
  app.all('/index.php', (c) => route(c, handler));
  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0, overrideGlobalObjects: false });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/index.php`, errors, seen };
}

/** The client's address, as the Hono example passes it. */
const ip = (c: Context) => ({ ip: getConnInfo(c).remote.address ?? '' });

/** The route as docs/hosts.md writes it: the body Hono kept, when a middleware read it. */
const reusing = async (c: Context, handler: FetchHandler) =>
  handler(c.req.raw.bodyUsed ? await cloneRawRequest(c.req) : c.req.raw, ip(c));

describe('Hono with a middleware that read the body first', () => {
  for (const [reading, encoding] of [
    ['json', 'json'],
    ['parseBody', 'form'],
    ['text', 'json'],
    ['text', 'form'],
  ] as const) {
    it(`checks out with the body Hono kept (middleware: c.req.${reading}(), ${encoding} bodies)`, async () => {
      const { url, seen } = await honoApp(reading, reusing);
      const exchanges = await runFullCheckout({ url, apiKey, encoding });
      expect(orderPlaced(exchanges)).toMatchObject({ total: expectedTotal });
      expect(seen.length).toBeGreaterThan(5);
    });
  }

  it('answers a 500 naming the fix, logged once, when the route hands over the read raw request', async () => {
    const { url, errors } = await honoApp('text', async (c, handler) => handler(c.req.raw, ip(c)));
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${url}?route=api/account/login`, {
        method: 'POST',
        body: new URLSearchParams({ username: 'demo', key: apiKey }),
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        error: {
          warning:
            'Warning: The request body was read before cartwright got it! The host must hand the handler a request whose body is unread (in Hono, after a middleware read it: cloneRawRequest(c.req)).',
        },
      });
    }
    expect(errors).toEqual([
      'cartwright: the host handed the handler a request whose body was already read; hand it one with its body',
    ]);
  });
});
