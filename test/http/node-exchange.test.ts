/**
 * The node listener's own reading and writing: the request URL parsed once reads as resolving the target against
 * the origin did, a body that arrives after its head is still read whole, and every answer says the byte length
 * of its body (a HEAD the length of its GET's), whatever characters it holds.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { requestUrl } from '../../src/http/node-exchange.js';
import { apiKey, startDemo } from './support/harness.js';

/** The URL as the listener first worked it out: the target resolved against the origin, else against localhost. */
function resolved(path: string, host: string | undefined, https: boolean): string {
  const scheme = https ? 'https' : 'http';
  const origin = `${scheme}://${host ?? 'localhost'}`;
  return URL.canParse(path, origin)
    ? new URL(path, origin).href
    : new URL(path.startsWith('/') ? path : '/', `${scheme}://localhost`).href;
}

/** Request targets, the ordinary and the odd (another host, dot segments, spaces, an absolute URL). */
const paths = [
  '/index.php?route=api/cart/getProducts',
  '/index.php?route=api/order&call=confirm#part',
  '/',
  '//evil.example/api/order/confirm',
  '/\\evil.example/api/order/confirm',
  '/a/../api/order/./confirm',
  '/index.php?route=api cart&x="<>"',
  '/%2e%2e/index.php',
  '/index.php?route=api/customer\\x',
  'http://other.example/index.php?route=api/customer',
  '*',
  '',
];

/** `Host` headers, the ordinary and the odd (a fragment, credentials, a bad port, none). */
const hosts = [
  '127.0.0.1:8080',
  'Shop.Example',
  '[::1]:3000',
  'shop_1.example',
  'a#b',
  'user@shop.example',
  'shop.example:99999',
  'shop.example:',
  'bad host',
  '',
  undefined,
];

describe('the request URL', () => {
  it('reads as the target resolved against the origin, for every target and Host', () => {
    for (const path of paths) {
      for (const host of hosts) {
        for (const https of [false, true]) {
          const what = `${JSON.stringify(path)} on ${JSON.stringify(host)}${https ? ' over https' : ''}`;
          expect(requestUrl(path, host, https).href, what).toBe(resolved(path, host, https));
        }
      }
    }
  });
});

/** Sends `parts` on one connection, `pauseMs` apart, and answers the status and body of the response. */
function sendInParts(origin: string, parts: readonly string[], pauseMs: number) {
  const { port } = new URL(origin);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body });
    });
    const write = async () => {
      for (const part of parts) {
        socket.write(part);
        await new Promise((done) => setTimeout(done, pauseMs));
      }
    };
    write().catch(reject);
  });
}

describe('a request body', () => {
  it('is read whole when only its start arrives with its head', async () => {
    const demo = await startDemo();
    const body = `username=demo&key=${apiKey}`;
    const head =
      'POST /index.php?route=api/account/login HTTP/1.1\r\nHost: x\r\nConnection: close\r\n' +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`;
    const reply = await sendInParts(demo.origin, [head + body.slice(0, 9), body.slice(9)], 30);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ success: expect.any(String) });
  });

  it('is refused as too large when it arrives in pieces past the limit', async () => {
    const demo = await startDemo({});
    const piece = 'a'.repeat(40_000);
    const head =
      'POST /index.php?route=api/customer HTTP/1.1\r\nHost: x\r\nConnection: close\r\n' +
      'Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n';
    const chunk = `${piece.length.toString(16)}\r\n${piece}\r\n`;
    const parts = [head, ...Array.from({ length: 40 }, () => chunk), '0\r\n\r\n'];
    const reply = await sendInParts(demo.origin, parts, 1);
    expect(reply.status).toBe(413);
  });

  it('is read for each of several requests sent at once on one connection', async () => {
    const demo = await startDemo();
    const body = `username=demo&key=${apiKey}`;
    const login = (connection: string) =>
      `POST /index.php?route=api/account/login HTTP/1.1\r\nHost: x\r\nConnection: ${connection}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const { port } = new URL(demo.origin);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(login('keep-alive') + login('keep-alive') + login('close'));
      });
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
    });
    expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(3);
    expect(text.match(/"api_token"/g)).toHaveLength(3);
  });
});

/** A response read with node's client: its status, headers and body as bytes. */
function fetchBytes(url: string, method: string, cookie: string) {
  return new Promise<{ status: number; length: string | undefined; bytes: Buffer }>((resolve, reject) => {
    const req = request(url, { method, headers: { cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          length: res.headers['content-length'],
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the Content-Length of an answer', () => {
  it('is the byte length of a body with characters beyond ASCII, and a HEAD says its GET’s', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    expect((await session.call('api/currency', { form: { currency: 'EUR' } })).status).toBe(200);
    expect((await session.call('api/cart/addProduct', { form: { product_id: '40' } })).status).toBe(200);
    const url = `${demo.origin}/index.php?route=api/cart/getTotals`;
    const get = await fetchBytes(url, 'GET', session.cookie);
    expect(get.status).toBe(200);
    const text = get.bytes.toString('utf8');
    expect(text).toContain('€');
    expect(get.length).toBe(String(get.bytes.byteLength));
    expect(Number(get.length)).toBeGreaterThan(text.length);
    const head = await fetchBytes(url, 'HEAD', session.cookie);
    expect(head.status).toBe(200);
    expect(head.length).toBe(get.length);
    expect(head.bytes.byteLength).toBe(0);
  });
});
