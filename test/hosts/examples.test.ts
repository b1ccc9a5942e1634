/**
 * Every example, started through its own npm script as a real listening server on its runtime (Node with
 * node:http, Express, Fastify and Hono; Bun; Deno; Next.js's route handlers on Node and on the edge runtime;
 * workerd, Cloudflare's Workers runtime), logs in as `demo` from
 * the address the runtime hands over, and checks out in form and JSON bodies. The apps with routes of their own
 * still answer them with their own JSON parsing; the worker without Cloudflare's address header refuses clearly.
 */
import { describe, expect, it } from 'vitest';
import { expectedTotal, orderPlaced, runFullCheckout } from '../http/support/full-checkout.js';
import { listRequest, rawRequest } from '../http/support/raw-request.js';
import { exampleApiKey, type RunningExample, startExample } from './support/example-process.js';

/**
 * On node:http (alone or under Express, Fastify or Hono) the server is sized for the handler's limits: a query
 * string over Node's default 16 KiB is served, one over the handler's 64 KiB gets the handler's JSON 413, and a
 * request head over the server's own limit its JSON 431, never a bare socket close.
 */
async function expectSizedServer(example: RunningExample) {
  const login = await fetch(`${example.url}?route=api/account/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'demo', key: exampleApiKey }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const sizes = [40_000, 70_000, 300_000].map((bytes) =>
    rawRequest(example.origin, listRequest(cookie, bytes)),
  );
  expect((await Promise.all(sizes)).map((reply) => reply.status)).toEqual([200, 413, 431]);
}

/** Checks out against `example` in both encodings, with `headers` on every request. */
async function checkOutTwice(example: RunningExample, headers: Record<string, string> = {}) {
  for (const encoding of ['form', 'json'] as const) {
    const exchanges = await runFullCheckout({ url: example.url, apiKey: exampleApiKey, encoding, headers });
    expect(orderPlaced(exchanges)).toMatchObject({ total: expectedTotal });
  }
}

/** The app's own JSON route answers as the app wrote it. */
async function expectOwnRoute(example: RunningExample) {
  const response = await fetch(`${example.origin}/hello`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"from":"the host"}',
  });
  expect([response.status, await response.json()]).toEqual([200, { hello: { from: 'the host' } }]);
}

describe('the examples, each through its npm script', () => {
  for (const [name, runtime, ownRoute, onNode] of [
    ['node', 'node:http', false, true],
    ['express', 'Express', true, true],
    ['fastify', 'Fastify', true, true],
    ['hono', 'Hono', true, true],
    ['bun', 'Bun', false, false],
    ['deno', 'Deno', false, false],
  ] as const) {
    it(`example:${name} checks out on ${runtime}`, async () => {
      const example = await startExample(name);
      expect(example.output()).toContain(`cartwright demo store on ${runtime}: ${example.url}`);
      await checkOutTwice(example);
      if (ownRoute) await expectOwnRoute(example);
      if (onNode) await expectSizedServer(example);
    });
  }

  it('example:nextjs builds and checks out on Next.js, in a route handler on Node and one on the edge runtime', async () => {
    // `next build` then `next start`: one build serves both routes, /index.php (Node) and /edge/index.php (edge).
    const example = await startExample('nextjs', 300_000);
    expect(example.output()).toContain(`cartwright demo store on Next.js: ${example.url}`);
    for (const url of [example.url, `${example.origin}/edge/index.php`]) {
      for (const encoding of ['form', 'json'] as const) {
        const exchanges = await runFullCheckout({ url, apiKey: exampleApiKey, encoding });
        expect(orderPlaced(exchanges)).toMatchObject({ total: expectedTotal });
      }
      // The address is the last X-Forwarded-For entry, the one the proxy in front appends; what a client wrote
      // before it is never read.
      const response = await fetch(`${url}?route=api/account/login`, {
        method: 'POST',
        headers: { 'X-Forwarded-For': '127.0.0.1, 203.0.113.9' },
        body: new URLSearchParams({ username: 'demo', key: exampleApiKey }),
      });
      expect([response.status, await response.json()]).toEqual([
        403,
        { error: { warning: 'Warning: Your IP 203.0.113.9 is not allowed to access this API!' } },
      ]);
    }
  }, 400_000);

  it('example:workers checks out on workerd with the address the edge adds, and refuses clearly without', async () => {
    const example = await startExample('workers');
    await checkOutTwice(example, { 'CF-Connecting-IP': '127.0.0.1' });
    const response = await fetch(`${example.url}?route=api/account/login`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'demo', key: exampleApiKey }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: {
        warning:
          "Warning: The request did not come through the proxy the server trusts (no cf-connecting-ip header), so the client's IP address cannot be told!",
      },
    });
  });
});
