/**
 * Request bodies over HTTP: form-encoded (bracket and dotted keys) and JSON alike; hostile
 * bodies refused with 400 or 413 before they reach the engine; other media types 415.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../src/http/index.js';
import { checkedFetch, guest, type Session, startDemo } from './support/harness.js';

/** A logger that keeps what it was given. */
function recordingLogger() {
  const entries: { message: string; error: unknown }[] = [];
  return { entries, error: (message: string, error: unknown) => void entries.push({ message, error }) };
}

async function session(): Promise<Session> {
  return (await startDemo()).login();
}

async function cartSize(s: Session): Promise<number> {
  return ((await s.call('api/cart/getProducts')).body as unknown[]).length;
}

describe('form and JSON bodies', () => {
  it('reads bracket keys, dotted keys and JSON the same way', async () => {
    const s = await session();
    const form = await s.call('api/cart', {
      form: 'product[0][product_id]=42&product[0][quantity]=2&product[0][option][218]=5&product[0][option][223][]=8&product[0][option][223][]=9&product[0][option][208]=test&product[0][option][217]=1&product[0][option][209]=x&product[0][option][222]=upload-code&product[0][option][219]=2026-01-01&product[0][option][221]=10:00&product[0][option][220]=2026-01-01%2010:00',
    });
    expect(form.body).toEqual({ success: 'Products added to cart successfully!' });
    const json = await s.call('api/cart', { json: { product: [{ product_id: 40, quantity: 1 }] } });
    expect(json.body).toEqual({ success: 'Products added to cart successfully!' });
    const [apple] = (await s.call('api/cart/getProducts')).body as {
      option: { option_value_id: number }[];
    }[];
    expect(apple?.option.filter((o) => o.option_value_id > 0)).toHaveLength(4);
    const charset = await s.call('api/customer', {
      json: guest,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(200);
  });

  it('reads GET parameters from the query', async () => {
    const s = await session();
    const reply = await s.call('api/manufacturer/list', { query: { limit: '1', start: '1' } });
    expect((reply.body as { manufacturers: { name: string }[] }).manufacturers.map((m) => m.name)).toEqual([
      'Canon',
    ]);
  });

  it('answers field errors of a malformed field with 422, never a crash', async () => {
    const s = await session();
    const reply = await s.call('api/customer', {
      json: { ...guest, firstname: ['a', 'b'], email: { x: 1 } },
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.error)).toEqual(expect.arrayContaining(['firstname', 'email']));
  });
});

describe('hostile bodies', () => {
  it('refuses prototype keys in forms, JSON and query strings with 400', async () => {
    const s = await session();
    const bodies = [
      { form: 'product[0][__proto__][polluted]=1' },
      { form: 'constructor[prototype][polluted]=1' },
      { json: '{"__proto__": {"polluted": 1}}' },
      { json: { product: [{ constructor: { prototype: { polluted: 1 } } }] } },
    ];
    for (const body of bodies) expect((await s.call('api/cart', body)).status).toBe(400);
    expect((await s.call('api/cart/getProducts', { query: { '__proto__[x]': '1' } })).status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await cartSize(s)).toBe(0);
  });

  it('refuses a 10 MB body with 413, with or without a Content-Length', async () => {
    const demo = await startDemo();
    const s = await demo.login();
    const huge = `firstname=${'a'.repeat(10 * 1024 * 1024)}`;
    const declared = await s.call('api/customer', { form: huge });
    expect([declared.status, declared.error]).toEqual([
      413,
      { warning: 'Request must not be larger than 65536 bytes!' },
    ]);
    const megabyte = new TextEncoder().encode('a'.repeat(1024 * 1024));
    let sent = 0;
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 10) controller.enqueue(megabyte);
        else controller.close();
      },
    });
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: s.cookie },
      body: chunked,
      duplex: 'half',
    };
    const response = await checkedFetch(`${demo.origin}/index.php?route=api/customer`, init as RequestInit);
    expect(response.status).toBe(413);
    expect((await s.call('api/cart/getProducts')).status).toBe(200);
  });

  it('refuses 10,000 keys and nesting 50 deep with 400', async () => {
    const s = await session();
    const manyKeys = Array.from({ length: 10_000 }, (_, i) => `${i.toString(36)}=`).join('&');
    const deepForm = `a${'[x]'.repeat(50)}=1`;
    const deepJson = `${'{"a":'.repeat(50)}1${'}'.repeat(50)}`;
    const manyJson = JSON.stringify({ firstname: Array.from({ length: 10_000 }, () => 1) });
    for (const body of [{ form: manyKeys }, { form: deepForm }, { json: deepJson }, { json: manyJson }]) {
      const reply = await s.call('api/customer', body);
      expect([reply.status, Object.keys(reply.error)]).toEqual([400, ['warning']]);
    }
  });

  it('answers 400 for malformed JSON and 415 for other media types', async () => {
    const s = await session();
    expect((await s.call('api/customer', { json: '{"firstname": ' })).status).toBe(400);
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
      const reply = await s.call('api/customer', {
        form: 'firstname=Jane',
        headers: { 'content-type': type },
      });
      expect([type, reply.status, Object.keys(reply.error)]).toEqual([type, 415, ['warning']]);
    }
    const bodiless = await s.call('api/account/logout', { method: 'POST' });
    expect(bodiless.status).toBe(200);
  });

  it('reads a bodiless POST without Content-Length or Content-Type (curl -X POST) as no parameters', async () => {
    const demo = await startDemo();
    const s = await demo.login();
    const port = new URL(demo.origin).port;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.end(
          `POST /index.php?route=api/account/logout HTTP/1.1\r\nHost: x\r\nCookie: ${s.cookie}\r\nConnection: close\r\n\r\n`,
        ),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk.toString();
      });
      socket.on('end', () => resolve(text)).on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 200 /);
    expect(raw).toContain('"success":"Success: API session ended!"');
  });

  it('treats a client that goes away mid-body as a closed request: no 500, nothing logged', async () => {
    const logger = recordingLogger();
    const demo = await startDemo({ logger, listener: { logger } });
    const s = await demo.login();
    const port = Number(new URL(demo.origin).port);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /index.php?route=api/customer HTTP/1.1\r\nHost: x\r\nCookie: ${s.cookie}\r\n` +
            'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nfirstname=Ja',
        );
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => resolve()).on('error', reject);
    });
    // The server is still serving, the session was not touched, and nothing was logged as a failure.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await s.call('api/cart/getProducts')).status).toBe(200);
    expect(logger.entries).toEqual([]);
  });

  it('answers a body stream that fails with 400 through the fetch handler itself', async () => {
    const logger = recordingLogger();
    const demo = await startDemo();
    const s = await demo.login();
    const handler = createFetchHandler(demo.app.checkout, { ...demo.app.handlerOptions, logger });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('firstname=Ja'));
        controller.error(new Error('connection reset'));
      },
    });
    const request = new Request('http://x/index.php?route=api/customer', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: s.cookie },
      body,
      duplex: 'half',
    } as RequestInit);
    const response = await handler(request, { ip: '127.0.0.1' });
    expect([response.status, await response.json()]).toEqual([
      400,
      { error: { warning: 'Warning: The request body ended before it was complete!' } },
    ]);
    expect(logger.entries).toEqual([]);
  });
});
