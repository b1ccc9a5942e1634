/**
 * The example hosts: node:http, Express 5, Fastify 5 and Hono each serve the same handler, log in and set a
 * customer; the scripted demo checkout runs against a started server; the demo environment is checked.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runDemoCheckout } from '../../examples/demo-checkout.js';
import { createExpressServer } from '../../examples/express/server.js';
import { createFastifyServer } from '../../examples/fastify/server.js';
import { createHonoServer } from '../../examples/hono/server.js';
import { createNodeHttpServer } from '../../examples/node-http/server.js';
import { createDemoApp } from '../../examples/shared/demo-app.js';
import { readDemoEnv } from '../../examples/shared/demo-env.js';
import {
  apiKey,
  demoApp,
  demoHandler,
  guest,
  listen,
  send,
  startDemo,
  ukAddress,
} from './support/harness.js';
import { listRequest, rawRequest } from './support/raw-request.js';

/**
 * Logs in and sets a customer through the server at `origin`, with the cookie; then sends a query string over
 * node's default limit (served), one over the handler's (413) and a request head over the server's (431).
 */
async function loginAndCustomer(origin: string) {
  const login = await send(origin, 'api/account/login', { form: { username: 'demo', key: apiKey } });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const customer = await send(origin, 'api/order&call=customer', { form: guest, headers: { cookie } });
  expect(customer.body).toEqual({ success: 'Customer data set successfully!' });
  const json = await send(origin, 'api/customer', { json: guest, headers: { cookie } });
  expect(json.status).toBe(200);
  const sizes = [40_000, 70_000, 300_000].map((bytes) => rawRequest(origin, listRequest(cookie, bytes)));
  expect((await Promise.all(sizes)).map((reply) => reply.status)).toEqual([200, 413, 431]);
}

describe('the example hosts', () => {
  it('node:http serves the demo app as npm start wires it (real key hashing)', async () => {
    const app = createDemoApp({ apiKey })._unsafeUnwrap();
    await loginAndCustomer(await listen(createNodeHttpServer(app.handler)));
  });

  for (const [name, create] of [
    ['Express', createExpressServer],
    ['Hono', createHonoServer],
  ] as const) {
    it(`${name} serves the handler`, async () => {
      await loginAndCustomer(await listen(create(demoHandler())));
    });
  }

  it('Fastify serves the handler', async () => {
    const app = createFastifyServer(demoHandler());
    await app.listen({ host: '127.0.0.1', port: 0 });
    onTestFinished(() => app.close());
    await loginAndCustomer(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  });

  it('Hono resolves forwarded addresses through the same trusted-proxy rule', async () => {
    const app = demoApp({ apiIps: ['203.0.113.7'] });
    const headers = { 'x-forwarded-for': '203.0.113.7' };
    const form = { username: 'demo', key: apiKey };
    const untrusted = await listen(createHonoServer(demoHandler(app)));
    expect((await send(untrusted, 'api/account/login', { form, headers })).status).toBe(403);
    const trusted = await listen(createHonoServer(demoHandler(app), { trustProxy: ['127.0.0.1'] }));
    expect((await send(trusted, 'api/account/login', { form, headers })).status).toBe(200);
  });
});

/** A throw-away self-signed certificate for 127.0.0.1, or undefined when openssl is not installed. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'cartwright-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1']
        .concat(['-addext', 'subjectAltName=IP:127.0.0.1'])
        .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Hono over TLS', () => {
  const tls = selfSignedCertificate();

  // Node's fetch cannot be told to trust a self-signed certificate, so this one request goes through https.
  it.skipIf(tls === undefined)('reads HTTPS from the connection: the session cookie is Secure', async () => {
    if (tls === undefined) return;
    const server = createHonoServer(demoHandler(), { tls });
    const origin = (await listen(server)).replace('http:', 'https:');
    const setCookie = await new Promise<string>((resolve, reject) => {
      const body = new URLSearchParams({ username: 'demo', key: apiKey }).toString();
      const req = httpsRequest(
        `${origin}/index.php?route=api/account/login`,
        { method: 'POST', ca: tls.cert, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.headers['set-cookie'] ?? '')));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(setCookie).toMatch(/^OCSESSID=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    const plain = await send(await listen(createHonoServer(demoHandler())), 'api/account/login', {
      form: { username: 'demo', key: apiKey },
    });
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
  });
});

describe('the demo checkout script', () => {
  it('checks out against a started server, adds a history entry and ends with a summary line', async () => {
    const demo = await startDemo();
    const lines: string[] = [];
    const { confirm, history, summary } = await runDemoCheckout({
      url: `${demo.origin}/index.php`,
      apiKey,
      log: (l) => lines.push(l),
    });
    expect(confirm.status).toBe(200);
    // The seed's happy cart: 2 × product 40 (202.00) + product 30 in Red (100.00) + flat 5.00; VAT 20% of
    // 307.00 = 61.40; Eco Tax 2.00 × 3 units + 2.00 on shipping = 8.00; total 376.40.
    expect(confirm.body).toMatchObject({
      success: 'Order created successfully!',
      order_id: 1,
      shipping_required: true,
    });
    expect((confirm.body as { totals: unknown[] }).totals).toContainEqual(
      expect.objectContaining({ code: 'total', text: '$376.40' }),
    );
    expect(history?.body).toEqual({ success: 'Order history added successfully!' });
    expect(lines.filter((line) => line.startsWith('← 200'))).toHaveLength(12);
    expect(summary).toBe('Order 1 placed, total $376.40, now Processing.');
    expect(lines.at(-1)).toBe(summary);
    const order = await demo.app.adapters.orders.get(1);
    expect(order?.orderStatusId).toBe(2);
  });
});

describe('the demo environment', () => {
  it('has the documented defaults and a random key when none is set', () => {
    const env = readDemoEnv({})._unsafeUnwrap();
    expect(env).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      generatedKey: true,
      apiIps: ['127.0.0.1', '::1'],
      sessionTtlSeconds: 3600,
      config: {},
    });
    expect(env.apiKey.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses invalid variables and invalid store settings with their field errors', () => {
    const env = readDemoEnv({
      PORT: 'eighty',
      CARTWRIGHT_CONFIG: '[1]',
      CARTWRIGHT_SESSION_TTL_SECONDS: '0',
    });
    expect(Object.keys(env._unsafeUnwrapErr()).sort()).toEqual([
      'CARTWRIGHT_CONFIG',
      'CARTWRIGHT_SESSION_TTL_SECONDS',
      'PORT',
    ]);
    const config = {
      config_telephone_required: 'maybe',
      config_nonsense: true,
      shipping_fre_status: true,
      payment_cod_status: 'yes',
    };
    const app = createDemoApp({ apiKey, config });
    expect(Object.keys(app._unsafeUnwrapErr()).sort()).toEqual([
      'config_nonsense',
      'config_telephone_required',
      'payment_cod_status',
      'shipping_fre_status',
    ]);
  });

  it('lays CARTWRIGHT_CONFIG over the demo settings', async () => {
    const demo = await startDemo();
    const required = await (await demo.login()).call('api/customer', { form: { ...guest, telephone: '' } });
    expect(required.error).toEqual({ telephone: 'Telephone must be between 3 and 32 characters!' });
    const config = readDemoEnv({ CARTWRIGHT_CONFIG: '{"config_telephone_required": false}' })._unsafeUnwrap()
      .config;
    const session = await (await startDemo({ config })).login();
    const reply = await session.call('api/customer', { form: { ...guest, telephone: '' } });
    expect(reply.body).toEqual({ success: 'Customer data set successfully!' });
  });

  it('switches on the extensions OpenCart does not install by their settings in CARTWRIGHT_CONFIG', async () => {
    const shippingCodes = async (config?: Record<string, unknown>) => {
      const session = await (await startDemo(config === undefined ? {} : { config })).login();
      await session.call('api/cart/addProduct', { form: { product_id: '40' } });
      await session.call('api/order&call=shipping_address', { form: ukAddress('shipping_') });
      const methods = await session.call('api/order&call=shipping_methods');
      return Object.keys((methods.body as { shipping_methods: object }).shipping_methods);
    };
    expect(await shippingCodes()).toEqual(['flat']);
    const config = readDemoEnv({
      CARTWRIGHT_CONFIG: '{"shipping_pickup_status": true, "shipping_flat_status": "0"}',
    })._unsafeUnwrap().config;
    expect(await shippingCodes(config)).toEqual(['pickup']);
  });
});
