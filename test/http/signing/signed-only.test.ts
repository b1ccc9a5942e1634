/**
 * A session of an API user that signs accepts only signed requests, through a real server: its cookie or
 * `api_token` alone, without a signature, is refused on every route that needs a session (confirm included),
 * whether the session was opened by a signed request or by a login. Otherwise anyone who saw the cookie once
 * could use it for the session's whole life, round the replay guard, the time window and the body's integrity
 * (OpenCart 4.1 refuses every unsigned `api/order` request, whatever its cookie). A request that carries part
 * of a signature is read as a signed one and refused as incomplete, never run unsigned.
 */
import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/operations/index.js';
import type { OperationRoute } from '../../../src/operations/operation.js';
import { apiKey, guest, send, startDemo, ukAddress } from '../support/harness.js';
import { createSigningClient } from '../support/signing-client.js';

const needsSignature = {
  warning:
    'Warning: A signed request needs route, call, username, store_id, language, currency, time and signature!',
};

/** Every address of every operation, as a query (route, call, code) and the method it answers. */
const addresses = operations.flatMap((operation) =>
  (operation.http?.routes ?? []).map((address: OperationRoute) => ({
    name: operation.name,
    method: operation.http?.method ?? 'GET',
    query: {
      ...(address.call === undefined ? {} : { call: address.call }),
      ...(address.code === undefined ? {} : { code: address.code }),
    },
    route: address.route,
  })),
);

/** The demo with `demo` signing, a signed session with a cart, addresses and methods (ready to confirm). */
async function signedSession() {
  const demo = await startDemo({ apiSigning: 'opencart' });
  const client = createSigningClient({
    origin: demo.origin,
    username: 'demo',
    secret: apiKey,
    clock: demo.clock,
  });
  const steps: [string, Record<string, unknown>][] = [
    ['customer', guest],
    ['cart', { product: [{ product_id: 40, quantity: 1 }] }],
    ['payment_address', ukAddress('payment_')],
    ['shipping_address', ukAddress('shipping_')],
    ['shipping_methods', {}],
    ['shipping_method', { shipping_method: 'flat.flat' }],
    ['payment_methods', {}],
    ['payment_method', { payment_method: 'cod.cod' }],
  ];
  for (const [call, data] of steps) {
    const reply = await client.call(call, data as never);
    expect([call, reply.status]).toEqual([call, 200]);
  }
  const cookie = client.cookie ?? '';
  expect(cookie).toMatch(/^OCSESSID=./);
  return { demo, client, cookie, token: cookie.slice('OCSESSID='.length) };
}

describe("a signing user's session", () => {
  it('refuses every unsigned request that carries its cookie, confirm included, and changes nothing', async () => {
    const { demo, cookie, token } = await signedSession();
    const before = await demo.app.adapters.sessions.get(token);
    expect(addresses.length).toBeGreaterThan(20);
    for (const address of addresses) {
      const reply = await send(demo.origin, address.route, {
        method: address.method,
        query: address.query,
        headers: { cookie },
        ...(address.method === 'POST' ? { form: { order_status_id: '1' } } : {}),
      });
      expect([address.name, reply.status, reply.error]).toEqual([address.name, 401, needsSignature]);
    }
    const logout = await send(demo.origin, 'api/account/logout', { method: 'POST', headers: { cookie } });
    expect([logout.status, logout.error]).toEqual([401, needsSignature]);
    expect(await demo.app.adapters.sessions.get(token)).toEqual(before);
    expect(await demo.app.adapters.orders.get(1)).toBeUndefined();
  });

  it('refuses the session id given as api_token just the same', async () => {
    const { demo, token } = await signedSession();
    const confirm = await send(demo.origin, 'api/order', {
      method: 'POST',
      query: { call: 'confirm', api_token: token },
      form: { order_status_id: '1' },
    });
    expect([confirm.status, confirm.error]).toEqual([401, needsSignature]);
    expect(await demo.app.adapters.orders.get(1)).toBeUndefined();
  });

  it('still confirms when the request is signed', async () => {
    const { client } = await signedSession();
    const confirm = await client.call('confirm', { order_status_id: 1 });
    expect([confirm.status, (confirm.body as { order_id?: number }).order_id]).toEqual([200, 1]);
  });

  it("refuses unsigned requests in a login's session of a user that signs", async () => {
    const demo = await startDemo({ apiSigning: 'opencart' });
    const login = await demo.login();
    const reply = await login.call('api/customer', { form: guest });
    expect([reply.status, reply.error]).toEqual([401, needsSignature]);
  });

  it('answers 403 under compat opencart, as OpenCart refuses every unsigned request', async () => {
    const demo = await startDemo({ apiSigning: 'opencart', compat: 'opencart' });
    const login = await demo.login();
    const reply = await login.call('api/order', { query: { call: 'customer' }, form: guest });
    expect([reply.status, reply.error]).toEqual([403, needsSignature]);
  });

  it('keeps accepting unsigned requests in sessions of users that do not sign', async () => {
    const demo = await startDemo();
    const login = await demo.login();
    expect((await login.call('api/customer', { form: guest })).status).toBe(200);
  });
});

describe('a request with part of a signature', () => {
  it('is refused as an incomplete signed request when it lacks only its signature (or only its time)', async () => {
    const { demo, client, cookie } = await signedSession();
    const signed = client.sign('confirm', { order_status_id: 1 });
    for (const dropped of ['signature', 'time']) {
      const url = new URL(signed.url);
      url.searchParams.delete(dropped);
      const response = await fetch(url, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: signed.body,
      });
      const body = (await response.json()) as { error?: unknown };
      expect([dropped, response.status, body.error]).toEqual([dropped, 401, needsSignature]);
    }
    expect(await demo.app.adapters.orders.get(1)).toBeUndefined();
  });
});
