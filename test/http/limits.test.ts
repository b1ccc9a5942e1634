/**
 * Oversized query strings and headers over a real node:http server: the handler answers them itself, 413 for a
 * query string over the limit and 431 for headers over theirs, with the JSON error body; a request head larger
 * than even the server takes gets a JSON 431 too, never node's bare status line and a closed connection.
 */
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../src/http/index.js';
import { startDemo } from './support/harness.js';
import { listRequest, rawRequest } from './support/raw-request.js';

describe('oversized query strings', () => {
  it('a query string over node’s default 16 KiB but within the limit is served', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    const reply = await rawRequest(demo.origin, listRequest(session.cookie, 40_000));
    expect([reply.status, reply.body]).toEqual([200, []]);
  });

  it('a query string over the 64 KiB limit is 413 with the JSON error body', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    const reply = await rawRequest(demo.origin, listRequest(session.cookie, 70_000));
    expect([reply.status, reply.body]).toEqual([
      413,
      { error: { warning: 'Request must not be larger than 65536 bytes!' } },
    ]);
  });

  it('a request head larger than the server takes is a JSON 431, and the server goes on', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    for (const head of [
      listRequest(session.cookie, 300_000),
      listRequest(session.cookie, 10, `X-Big: ${'b'.repeat(300_000)}\r\n`),
    ]) {
      const reply = await rawRequest(demo.origin, head);
      expect([
        reply.status,
        reply.headers['content-type'],
        reply.headers['cache-control'],
        reply.body,
      ]).toEqual([
        431,
        'application/json; charset=utf-8',
        'no-store',
        { error: { warning: 'Warning: The request line and headers are too large!' } },
      ]);
    }
    expect((await session.call('api/cart/getProducts')).status).toBe(200);
  });

  it('a request node cannot parse is a JSON 400', async () => {
    const demo = await startDemo();
    const reply = await rawRequest(demo.origin, 'GET /index.php HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect([reply.status, reply.headers['cache-control'], reply.body]).toEqual([
      400,
      'no-store',
      { error: { warning: 'Warning: The request could not be read!' } },
    ]);
  });
});

describe('oversized headers', () => {
  it('headers over 16 KiB are 431 with the JSON error body, from the handler', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    const reply = await rawRequest(
      demo.origin,
      listRequest(session.cookie, 10, `X-Big: ${'b'.repeat(20_000)}\r\n`),
    );
    expect([reply.status, reply.body]).toEqual([
      431,
      { error: { warning: 'Warning: Request headers must not be larger than 16384 bytes!' } },
    ]);
  });

  it('the handler checks them on any host, with its own limit', async () => {
    const demo = await startDemo();
    const handler = createFetchHandler(demo.app.checkout, {
      ...demo.app.handlerOptions,
      maxHeaderBytes: 1000,
    });
    const request = (size: number) =>
      new Request('http://x/index.php?route=api/cart/getProducts', {
        headers: { 'x-big': 'b'.repeat(size) },
      });
    const refused = await handler(request(1000), { ip: '127.0.0.1' });
    expect([refused.status, await refused.json()]).toEqual([
      431,
      { error: { warning: 'Warning: Request headers must not be larger than 1000 bytes!' } },
    ]);
    // Within the limit the request goes on to the session check.
    expect((await handler(request(900), { ip: '127.0.0.1' })).status).toBe(401);
  });
});
