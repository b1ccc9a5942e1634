/**
 * `npm start`'s server and `npm run demo`: the scripted demo checkout runs against a started server, and the demo
 * environment is checked; the node bridge reads HTTPS from a TLS connection. (The examples of every host are
 * tested through their own npm scripts in `test/hosts/`.)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDemoCheckout } from '../../examples/demo-checkout.js';
import { createDemoApp } from '../../examples/shared/demo-app.js';
import { readDemoEnv } from '../../examples/shared/demo-env.js';
import { toNodeListener } from '../../src/http/index.js';
import { apiKey, demoHandler, guest, listen, send, startDemo } from './support/harness.js';

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

describe('the node bridge over TLS', () => {
  const tls = selfSignedCertificate();

  // Node's fetch cannot be told to trust a self-signed certificate, so this one request goes through https.
  it.skipIf(tls === undefined)('reads HTTPS from the connection: the session cookie is Secure', async () => {
    if (tls === undefined) return;
    const server = createHttpsServer(tls, toNodeListener(demoHandler()));
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
    const plain = await send(await listen(createServer(toNodeListener(demoHandler()))), 'api/account/login', {
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
    // Never the key it logged in with, nor the session id it got.
    const printed = lines.join('\n');
    expect(printed).not.toContain(apiKey);
    expect(printed).toContain('{"username":"demo","key":"…"}');
    expect(printed).not.toMatch(/"api_token":"(?!…)/);
  });

  it('names the URL it tried and why it stopped when nothing answers there', async () => {
    // A port that was just free: listened on, then closed.
    const server = createServer();
    const origin = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    const { summary } = await runDemoCheckout({ url: `${origin}/index.php`, apiKey, log: () => {} });
    expect(summary).toMatch(
      /^No order: the checkout stopped at login: could not reach http:\/\/127\.0\.0\.1:\d+\/index\.php \(.*ECONNREFUSED.*\): is the server running there\?/,
    );
    expect(summary).toContain(origin);
  });

  it('names the refusal when the server has another key', async () => {
    const demo = await startDemo();
    const url = `${demo.origin}/index.php`;
    const lines: string[] = [];
    const wrongKey = 'another-key-0123456789abcdef0123456789abcdef';
    const { summary, confirm } = await runDemoCheckout({ url, apiKey: wrongKey, log: (l) => lines.push(l) });
    expect(confirm.status).toBe(401);
    expect(summary).toBe(
      `No order: the checkout stopped at login: ${url} answered 401: Warning: Incorrect API Key! (was the server started with the same CARTWRIGHT_API_KEY?).`,
    );
    expect(lines.join('\n')).not.toContain(wrongKey);
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
    expect(env.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses a CARTWRIGHT_API_KEY shorter than 32 characters, and takes one of 32', () => {
    expect(readDemoEnv({ CARTWRIGHT_API_KEY: 'change-me' })._unsafeUnwrapErr()).toEqual({
      CARTWRIGHT_API_KEY: 'CARTWRIGHT_API_KEY must be at least 32 characters (unset, a random one is made)!',
    });
    const key = 'k'.repeat(32);
    expect(readDemoEnv({ CARTWRIGHT_API_KEY: key })._unsafeUnwrap()).toMatchObject({
      apiKey: key,
      generatedKey: false,
    });
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
    const config = { config_telephone_required: 'maybe', config_nonsense: true };
    const app = createDemoApp({ apiKey, config });
    expect(Object.keys(app._unsafeUnwrapErr()).sort()).toEqual([
      'config_nonsense',
      'config_telephone_required',
    ]);
  });

  it('lays CARTWRIGHT_CONFIG over the demo settings', async () => {
    const config = readDemoEnv({ CARTWRIGHT_CONFIG: '{"config_telephone_required": true}' })._unsafeUnwrap()
      .config;
    const session = await (await startDemo({ config })).login();
    const reply = await session.call('api/customer', { form: { ...guest, telephone: '' } });
    expect(reply.error).toEqual({ telephone: 'Telephone must be between 3 and 32 characters!' });
  });
});
