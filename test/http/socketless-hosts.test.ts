/**
 * Hosts that hand the handler no peer address (a Next.js route handler, a serverless function): an address the
 * host read from a forwarding header any client can write is refused, so that `X-Forwarded-For: 127.0.0.1` logs
 * in from nowhere; the handler reads the address from the one proxy header the host names as trusted (counting
 * the proxies, or skipping their addresses); and an API user whose IP list is switched off (`allowAnyIp`) works
 * without an address, loudly logged when the handler is made. Invalid wiring fails when the handler is made.
 */
import { describe, expect, it } from 'vitest';
import {
  type ClientInfo,
  createFetchHandler,
  type FetchHandlerOptions,
  type HttpLogger,
  resolveClient,
} from '../../src/http/index.js';
import { apiKey, demoApp, guest, startDemo } from './support/harness.js';
import { createSigningClient } from './support/signing-client.js';

const texts = {
  forwarded:
    "Warning: The client's IP address came from a forwarding header that any client can write, so it cannot be checked against the API user's allowed IPs: the host must name the proxy header it trusts!",
  unknown:
    "Warning: The server cannot tell the client's IP address, so it cannot check it against the API user's allowed IPs: the host must pass the address to the handler!",
  notForwarded: (header: string) =>
    `Warning: The request did not come through the proxy the server trusts (no ${header} header), so the client's IP address cannot be told!`,
};

/** A handler over the demo app with `options`, whose logged lines are kept. */
function handlerWith(options: Partial<FetchHandlerOptions> = {}) {
  const errors: string[] = [];
  const warnings: string[] = [];
  const logger: HttpLogger = {
    error: (message) => void errors.push(message),
    warn: (message) => void warnings.push(message),
  };
  const app = demoApp();
  const handler = createFetchHandler(app.checkout, { ...app.handlerOptions, logger, ...options });
  return { handler, errors, warnings };
}

/** A login as `demo` with `headers`. */
function login(headers: Record<string, string> = {}): Request {
  return new Request('http://shop.test/index.php?route=api/account/login', {
    method: 'POST',
    headers,
    body: new URLSearchParams({ username: 'demo', key: apiKey }),
  });
}

/** Status and body of an answer. */
async function answer(response: Promise<Response>): Promise<[number, unknown]> {
  const settled = await response;
  return [settled.status, await settled.json()];
}

describe('an address the host read from a forwarding header it did not name as trusted', () => {
  it("is refused: the obvious Next.js wiring, { ip: X-Forwarded-For }, does not let '127.0.0.1' in", async () => {
    const { handler, errors } = handlerWith();
    const obvious = (request: Request) =>
      handler(request, { ip: request.headers.get('x-forwarded-for') ?? '' });
    expect(await answer(obvious(login({ 'x-forwarded-for': '127.0.0.1' })))).toEqual([
      500,
      { error: { warning: texts.forwarded } },
    ]);
    // The first entry, the last, X-Real-IP, and Forwarded's for= are caught the same way.
    const firstEntry = (request: Request) =>
      handler(request, { ip: (request.headers.get('x-forwarded-for') ?? '').split(',')[0] ?? '' });
    const realIp = (request: Request) => handler(request, { ip: request.headers.get('x-real-ip') ?? '' });
    const cases: [(request: Request) => Promise<Response>, Record<string, string>][] = [
      [firstEntry, { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' }],
      [realIp, { 'x-real-ip': '127.0.0.1' }],
      [(request) => handler(request, { ip: '127.0.0.1' }), { forwarded: 'for="127.0.0.1:4711";proto=https' }],
      [(request) => handler(request, { ip: '::1' }), { forwarded: 'for="[::1]:4711", for=198.51.100.2' }],
    ];
    for (const [serve, headers] of cases) {
      expect(await answer(serve(login(headers)))).toEqual([500, { error: { warning: texts.forwarded } }]);
    }
    expect(errors).toEqual([
      'cartwright: the host passed a client address read from X-Forwarded-For, X-Real-IP or Forwarded, which any client can write; logins and sessions are refused until the handler is told which proxy header to trust (trustedProxyHeader)',
    ]);
  });

  it('is taken when the host says where it came from (the socket, or a proxy it trusts)', async () => {
    const { handler } = handlerWith();
    const headers = { 'x-forwarded-for': '127.0.0.1' };
    expect((await handler(login(headers), { ip: '127.0.0.1', from: 'socket' })).status).toBe(200);
    const resolved: ClientInfo = resolveClient({
      peer: '10.0.0.2',
      headers: new Headers(headers),
      encrypted: false,
      trustProxy: ['10.0.0.2'],
    });
    expect(resolved).toEqual({ ip: '127.0.0.1', https: false, from: 'proxy' });
    expect((await handler(login(headers), resolved)).status).toBe(200);
  });

  it('does not touch an address no forwarding header names', async () => {
    const { handler } = handlerWith();
    const response = await handler(login({ 'x-forwarded-for': '203.0.113.9' }), { ip: '127.0.0.1' });
    expect(response.status).toBe(200);
  });
});

describe('trustedProxyHeader', () => {
  it('reads the client from the last X-Forwarded-For entry behind one proxy; entries a client wrote are never read', async () => {
    const { handler } = handlerWith({ trustedProxyHeader: { name: 'X-Forwarded-For' } });
    expect((await handler(login({ 'x-forwarded-for': '203.0.113.9, 127.0.0.1' }))).status).toBe(200);
    expect(await answer(handler(login({ 'x-forwarded-for': '127.0.0.1, 203.0.113.9' })))).toEqual([
      403,
      { error: { warning: 'Warning: Your IP 203.0.113.9 is not allowed to access this API!' } },
    ]);
  });

  it('counts the proxies in front, or skips the addresses of the ones named', async () => {
    const two = handlerWith({ trustedProxyHeader: { name: 'x-forwarded-for', proxies: 2 } }).handler;
    expect((await two(login({ 'x-forwarded-for': '127.0.0.1, 10.0.0.7' }))).status).toBe(200);
    expect((await two(login({ 'x-forwarded-for': '10.9.9.9, 127.0.0.1' }))).status).toBe(403);
    const named = handlerWith({
      trustedProxyHeader: { name: 'x-forwarded-for', proxies: ['10.0.0.7', '10.0.0.8'] },
    }).handler;
    expect((await named(login({ 'x-forwarded-for': '127.0.0.1, 10.0.0.7, 10.0.0.8' }))).status).toBe(200);
    expect((await named(login({ 'x-forwarded-for': '127.0.0.1, 10.0.0.9' }))).status).toBe(403);
    const test = handlerWith({
      trustedProxyHeader: { name: 'x-forwarded-for', proxies: (ip) => ip.startsWith('10.') },
    }).handler;
    expect((await test(login({ 'x-forwarded-for': '::ffff:127.0.0.1, 10.1.2.3' }))).status).toBe(200);
  });

  it('reads a header a platform sets alone (X-Real-IP), and refuses a request without it', async () => {
    const { handler, errors } = handlerWith({ trustedProxyHeader: { name: 'x-real-ip' } });
    expect((await handler(login({ 'x-real-ip': '127.0.0.1' }))).status).toBe(200);
    expect(await answer(handler(login()))).toEqual([
      500,
      { error: { warning: texts.notForwarded('x-real-ip') } },
    ]);
    expect(errors).toEqual([
      'cartwright: a request came without the trusted proxy header x-real-ip (the app is reachable without the proxy?); such requests are refused',
    ]);
  });

  it('refuses a request with fewer entries than there are proxies', async () => {
    const { handler } = handlerWith({ trustedProxyHeader: { name: 'x-forwarded-for', proxies: 2 } });
    expect(await answer(handler(login({ 'x-forwarded-for': '127.0.0.1' })))).toEqual([
      500,
      { error: { warning: texts.notForwarded('x-forwarded-for') } },
    ]);
  });

  it('gives way to an address the host passed itself', async () => {
    const { handler } = handlerWith({ trustedProxyHeader: { name: 'x-real-ip' } });
    expect((await handler(login({ 'x-real-ip': '203.0.113.9' }), { ip: '127.0.0.1' })).status).toBe(200);
  });

  it('is checked when the handler is made', () => {
    const app = demoApp();
    const make = (trustedProxyHeader: unknown) => () =>
      createFetchHandler(app.checkout, {
        ...app.handlerOptions,
        trustedProxyHeader: trustedProxyHeader as FetchHandlerOptions['trustedProxyHeader'],
      });
    expect(make({ name: 'x forwarded' })).toThrow(/trustedProxyHeader\.name must be a header name/);
    expect(make({ name: '' })).toThrow(/trustedProxyHeader\.name/);
    expect(make({ name: 'x-forwarded-for', proxies: 0 })).toThrow(/proxies must be a whole number/);
    expect(make({ name: 'x-forwarded-for', proxies: 1.5 })).toThrow(/proxies must be a whole number/);
    expect(make({ name: 'x-forwarded-for', proxies: '1' })).toThrow(/proxies must be/);
    expect(make({ name: 'x-forwarded-for', proxies: ['10.0.0.1'] })).not.toThrow();
  });
});

describe('allowAnyIp', () => {
  it('is warned about when the handler is made, naming the users', () => {
    const { warnings } = handlerWith({ allowAnyIp: ['demo'] });
    expect(warnings).toEqual([
      'cartwright: WARNING: the IP allow-list is OFF for API user(s) "demo" (allowAnyIp): anyone holding their key can log in and use their sessions from any address',
    ]);
    const errors: string[] = [];
    const app = demoApp();
    createFetchHandler(app.checkout, {
      ...app.handlerOptions,
      allowAnyIp: ['demo'],
      logger: { error: (message) => void errors.push(message) },
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('the IP allow-list is OFF');
  });

  it('lets the user log in and use its session with no address, and from an address off its list', async () => {
    const { handler } = handlerWith({ allowAnyIp: ['demo'] });
    const response = await handler(login());
    expect(response.status).toBe(200);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const cart = new Request('http://shop.test/index.php?route=api/cart/getProducts', {
      headers: { cookie },
    });
    expect((await handler(cart.clone())).status).toBe(200);
    expect((await handler(cart.clone(), { ip: '203.0.113.9' })).status).toBe(200);
  });

  it('keeps every other user refused without an address', async () => {
    const { handler } = handlerWith({ allowAnyIp: ['someone-else'] });
    expect(await answer(handler(login()))).toEqual([500, { error: { warning: texts.unknown } }]);
    expect((await handler(login(), { ip: '203.0.113.9' })).status).toBe(403);
  });

  it('is checked when the handler is made', () => {
    const app = demoApp();
    const make = (allowAnyIp: unknown) => () =>
      createFetchHandler(app.checkout, { ...app.handlerOptions, allowAnyIp: allowAnyIp as string[] });
    expect(make([''])).toThrow(/allowAnyIp must be a list of usernames/);
    expect(make('demo')).toThrow(/allowAnyIp must be a list of usernames/);
  });

  it('covers signed requests too; a signed request of another user without an address keeps its 500 under OpenCart compat', async () => {
    const serveWithoutAddress = (allowAnyIp: string[]) => ({
      apiSigning: 'opencart' as const,
      compat: 'opencart' as const,
      handler: (app: ReturnType<typeof demoApp>) => {
        const handler = createFetchHandler(app.checkout, {
          ...app.handlerOptions,
          allowAnyIp,
          logger: { error: () => {}, warn: () => {} },
        });
        return (request: Request) => handler(request);
      },
    });
    const open = await startDemo(serveWithoutAddress(['demo']));
    const signer = { username: 'demo', secret: apiKey, clock: open.clock };
    const client = createSigningClient({ origin: open.origin, ...signer });
    expect((await client.call('customer', guest)).status).toBe(200);
    const closed = await startDemo(serveWithoutAddress(['someone-else']));
    const refused = await createSigningClient({ origin: closed.origin, ...signer }).call('customer', guest);
    expect([refused.status, refused.error]).toEqual([500, { warning: texts.unknown }]);
  });
});
