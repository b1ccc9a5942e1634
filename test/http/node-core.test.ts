/**
 * The node listener hands the handler a lightweight `Request` and writes its lightweight `Response`: while nobody
 * else looks at them, no Web `Request`, `Headers` or `Response` is made (a host's function passing them through
 * included), and the answers on the wire are exactly those of a host's wrapper that reads the request's headers
 * and answers a `Response` of its own, which go the Web way.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import type { FetchHandler } from '../../src/http/index.js';
import { toNodeListener } from '../../src/http/index.js';
import { apiKey, demoApp, listen } from './support/harness.js';
import { rawRequest } from './support/raw-request.js';

const servers: Server[] = [];
/** The Web classes, before the counting below replaces them. */
const { Request: WebRequest, Response: WebResponse } = globalThis;
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

/** A node:http server over `handler`, and its origin. */
async function serve(handler: FetchHandler): Promise<string> {
  const server = createServer(toNodeListener(handler));
  servers.push(server);
  return listen(server);
}

/** A request as raw HTTP, with a form body when `form` is given. */
function raw(method: string, path: string, headers: string, form?: string): string {
  const body = form === undefined ? '' : form;
  const framing =
    form === undefined
      ? ''
      : `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n`;
  return `${method} ${path} HTTP/1.1\r\nHost: x\r\n${headers}${framing}Connection: close\r\n\r\n${body}`;
}

/** Counts the Web `Request` and `Response` objects made until `restore`. */
function countWebObjects(): { readonly count: number; restore(): void } {
  const { Request: OriginalRequest, Response: OriginalResponse } = globalThis;
  const counter = { count: 0, restore: () => {} };
  globalThis.Request = class extends OriginalRequest {
    constructor(...args: ConstructorParameters<typeof Request>) {
      super(...args);
      counter.count += 1;
    }
  };
  globalThis.Response = class extends OriginalResponse {
    constructor(...args: ConstructorParameters<typeof Response>) {
      super(...args);
      counter.count += 1;
    }
  };
  counter.restore = () => {
    globalThis.Request = OriginalRequest;
    globalThis.Response = OriginalResponse;
  };
  return counter;
}

/** The answer without the headers that differ between any two answers (the date). */
function comparable(reply: Awaited<ReturnType<typeof rawRequest>>) {
  const { date: _, ...headers } = reply.headers;
  return { ...reply, headers };
}

describe('the node listener and the handler core', () => {
  it('serves a handler without making a Web Request or Response, answering the same on the wire as the Web way', async () => {
    const { handler } = demoApp();
    const core = await serve((request, info) => handler(request, info));
    const web = await serve(async (request, info) => {
      // Looking at the headers makes the request a Web one; a Response of the wrapper's own goes the Web way.
      expect(request.headers.get('host')).toBe('x');
      expect(request).toBeInstanceOf(WebRequest);
      const answered = await handler(request, info);
      expect(answered).toBeInstanceOf(WebResponse);
      return new Response(answered.body, answered);
    });
    const login = (origin: string) =>
      rawRequest(
        origin,
        raw('POST', '/index.php?route=api/account/login', '', `username=demo&key=${apiKey}`),
      );
    const made = countWebObjects();
    const viaCore = await login(core);
    expect(made.count).toBe(0);
    const viaWeb = await login(web);
    expect(made.count).toBeGreaterThan(0);
    made.restore();
    expect(viaCore.status).toBe(200);
    const token = (body: unknown) => (body as { api_token: string }).api_token;
    const cookie = (reply: typeof viaCore) =>
      (reply.headers['set-cookie'] ?? '').replace(token(reply.body), '');
    expect(cookie(viaCore)).toBe(cookie(viaWeb));
    const requests = [
      ['GET', `/index.php?route=api/cart/getProducts&api_token=${token(viaCore.body)}`, '', undefined],
      ['POST', '/index.php?route=api/customer', `Cookie: OCSESSID=${token(viaCore.body)}\r\n`, 'firstname=A'],
      ['GET', '/index.php?route=api/nowhere', '', undefined],
      ['PUT', '/index.php?route=api/customer', '', 'x=1'],
      ['TRACE', '/index.php?route=api/customer', '', undefined],
    ] as const;
    for (const [method, path, headers, form] of requests) {
      const fromCore = await rawRequest(core, raw(method, path, headers, form));
      const fromWeb = await rawRequest(
        web,
        raw(
          method,
          path.replace(token(viaCore.body), token(viaWeb.body)),
          headers.replace(token(viaCore.body), token(viaWeb.body)),
          form,
        ),
      );
      expect(comparable(fromCore), `${method} ${path}`).toEqual(comparable(fromWeb));
    }
  });
});
