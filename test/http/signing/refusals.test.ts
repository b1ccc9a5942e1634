/**
 * What a signed request must get right, through a real server: its time within ±300 s of the server's (both
 * ways, to the second), a signature used once only, every signed part unchanged (body, route, call, host,
 * script path, username, the signature itself), the API user enabled and the socket address on its list, and
 * nothing unsigned in the query or a body PHP would not read. Statuses as a login's (401 / 403), and 403 for
 * all of them under `compat: 'opencart'`, as OpenCart answers.
 */
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../../src/http/index.js';
import { apiKey, guest, type HarnessOptions, startDemo } from '../support/harness.js';
import { createSigningClient } from '../support/signing-client.js';

const texts = {
  invalid: { warning: 'Warning: The request signature is not valid!' },
  time: { warning: "Warning: The request time must be within 300 seconds of the server's time!" },
  replayed: { warning: 'Warning: This signed request was already used, sign each request anew!' },
};

/** The demo with `demo` signing, a client signing as it, and the server's time in seconds. */
async function signing(options: HarnessOptions = {}) {
  const demo = await startDemo({ apiSigning: 'opencart', ...options });
  const client = createSigningClient({
    origin: demo.origin,
    username: 'demo',
    secret: apiKey,
    clock: demo.clock,
  });
  const now = Math.floor(demo.clock.now().getTime() / 1000);
  return { demo, client, now };
}

describe('the time window', () => {
  it('accepts a time up to 300 s either side of the server clock, and refuses one a second further', async () => {
    const { client, now } = await signing();
    for (const time of [now - 300, now + 300, now]) {
      const reply = await client.call('customer', guest, { time });
      expect([time - now, reply.status]).toEqual([time - now, 200]);
    }
    for (const time of [now - 301, now + 301, 0]) {
      const reply = await client.call('customer', guest, { time });
      expect([time - now, reply.status, reply.error]).toEqual([time - now, 401, texts.time]);
    }
  });

  it('follows the server clock, not the time a request was signed with', async () => {
    const { demo, client } = await signing();
    const signed = client.sign('customer', guest);
    demo.clock.advanceSeconds(301);
    expect((await client.send(signed)).error).toEqual(texts.time);
  });
});

describe('replays', () => {
  it('refuses a signature seen before, while it is in the window, with 401', async () => {
    const { demo, client, now } = await signing();
    const signed = client.sign('customer', guest);
    expect((await client.send(signed)).status).toBe(200);
    const again = await client.send(signed);
    expect([again.status, again.error]).toEqual([401, texts.replayed]);
    demo.clock.advanceSeconds(200);
    expect((await client.send(signed)).error).toEqual(texts.replayed);
    // The same call signed a second later is another request.
    expect((await client.call('customer', guest, { time: now + 1 })).status).toBe(200);
  });

  it('lets only one of two identical requests sent at once through', async () => {
    const { client } = await signing();
    const signed = client.sign('customer', guest);
    const replies = await Promise.all([client.send(signed), client.send(signed), client.send(signed)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 401, 401]);
  });
});

describe('tampering', () => {
  it('refuses a changed body, route, call, host, script path, username or signature with 401', async () => {
    const { client } = await signing();
    const signed = client.sign('customer', guest);
    const tampered = [
      { ...signed, body: signed.body.replace('Jane', 'Joan') },
      { ...signed, body: `${signed.body}&customer_group_id=2` },
      { ...signed, url: signed.url.replace('call=customer', 'call=payment_address') },
      { ...signed, url: signed.url.replace('route=api%2Forder', 'route=api%2Fcustomer') },
      client.sign('customer', guest, { signAs: { host: 'shop.example' } }),
      client.sign('customer', guest, { signAs: { path: '/shop/index.php' } }),
      { ...signed, url: signed.url.replace(/signature=[^&]*/, (s) => `${s.slice(0, -4)}AAAA`) },
      client.sign('customer', guest, { username: 'nobody' }),
    ];
    for (const [index, request] of tampered.entries()) {
      const reply = await client.send(request);
      expect([index, reply.status, reply.error]).toEqual([index, 401, texts.invalid]);
    }
    expect((await client.send(signed)).status).toBe(200);
  });

  it('refuses a user who does not sign, or whose secret is another, as a wrong signature', async () => {
    const { demo, client } = await signing();
    const user = demo.app.data.apiUsers.get(1);
    if (user === undefined) throw new Error('no demo user');
    demo.app.data.apiUsers.set(1, { ...user, signingSecret: 'another secret' });
    expect((await client.call('customer', guest)).error).toEqual(texts.invalid);
    demo.app.data.apiUsers.set(1, { ...user, signing: undefined });
    expect((await client.call('customer', guest)).error).toEqual(texts.invalid);
  });

  it('refuses query parameters the signature does not cover (400) and a JSON body (415)', async () => {
    const { client } = await signing();
    const extra = await client.call('', {}, { route: 'api/order/info', query: { order_id: '1' } });
    expect([extra.status, extra.error.warning]).toEqual([
      400,
      'Warning: A signed request sends its parameters in the body: the query carries only route, call, code and the signing parameters!',
    ]);
    const signed = client.sign('customer', guest);
    const json = await client.send(
      { ...signed, body: JSON.stringify(guest) },
      { 'content-type': 'application/json' },
    );
    expect([json.status, json.error.warning]).toEqual([
      415,
      'Warning: A signed request sends its body as application/x-www-form-urlencoded!',
    ]);
  });

  it('refuses a signed request without one of its parameters with 401', async () => {
    const { client } = await signing();
    const signed = client.sign('customer', guest);
    const reply = await client.send({ ...signed, url: signed.url.replace(/&time=\d+/, '') });
    expect([reply.status, reply.error.warning]).toEqual([
      401,
      'Warning: A signed request needs route, call, username, store_id, language, currency, time and signature!',
    ]);
  });
});

describe('the API user and the address', () => {
  it('refuses an address off the list (the socket one, not a forwarded one) and a disabled user with 403', async () => {
    const { demo, client } = await signing({ apiIps: ['203.0.113.7'] });
    const reply = await client.send(client.sign('customer', guest), { 'X-Forwarded-For': '203.0.113.7' });
    expect([reply.status, reply.error]).toEqual([
      403,
      { warning: 'Warning: Your IP 127.0.0.1 is not allowed to access this API!' },
    ]);
    const user = demo.app.data.apiUsers.get(1);
    if (user !== undefined) demo.app.data.apiUsers.set(1, { ...user, ips: ['127.0.0.1'], status: false });
    expect((await client.call('customer', guest)).status).toBe(403);
  });
});

describe("compat: 'opencart'", () => {
  it('answers every refused signed request 403, as OpenCart does, and step errors 200', async () => {
    const { demo, client, now } = await signing({ compat: 'opencart' });
    const signed = client.sign('customer', guest);
    expect((await client.send(signed)).status).toBe(200);
    expect((await client.send(signed)).status).toBe(403);
    expect((await client.send({ ...signed, body: `${signed.body}&x=1` })).status).toBe(403);
    expect((await client.call('customer', guest, { time: now - 301 })).status).toBe(403);
    const invalid = await client.call('customer', { ...guest, email: 'nope' });
    expect([invalid.status, Object.keys(invalid.error)]).toEqual([200, ['email']]);
    const user = demo.app.data.apiUsers.get(1);
    if (user !== undefined) demo.app.data.apiUsers.set(1, { ...user, ips: ['10.0.0.1'] });
    expect((await client.call('customer', guest)).status).toBe(403);
  });
});

describe('sessions', () => {
  it('keeps the session of the cookie, a login-opened one included', async () => {
    const { demo, client } = await signing();
    const login = await demo.login();
    // The login's session is the signing user's: it takes signed requests only.
    expect((await login.call('api/customer', { form: guest })).status).toBe(401);
    const reply = await client.send(client.sign('', {}, { route: 'api/cart/getTotals' }), {
      cookie: login.cookie,
    });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('set-cookie')).toBeNull();
  });

  it("opens a new session instead of an expired one, an unknown one or another user's", async () => {
    const { demo, client } = await signing();
    const other = { apiId: 2, username: 'other', keyHash: 'x', status: true, ips: ['127.0.0.1'] };
    demo.app.data.apiUsers.set(2, {
      ...other,
      signing: 'opencart',
      signingSecret: 'other secret 0123456789',
    });
    const otherClient = createSigningClient({
      origin: demo.origin,
      username: 'other',
      secret: 'other secret 0123456789',
      clock: demo.clock,
    });
    expect((await otherClient.call('customer', guest)).status).toBe(200);
    const foreign = otherClient.cookie ?? '';
    const reply = await client.send(client.sign('customer', guest), { cookie: foreign });
    expect(reply.status).toBe(200);
    expect(client.cookie).toMatch(/^OCSESSID=/);
    expect(client.cookie).not.toBe(foreign);

    const mine = client.cookie;
    demo.clock.advanceSeconds(3601);
    expect((await client.call('customer', guest)).status).toBe(200);
    expect(client.cookie).not.toBe(mine);

    // Another request: the same call within the same second would be a replay.
    const products = client.sign('', {}, { route: 'api/cart/getProducts' });
    const unknown = await client.send(products, { cookie: 'OCSESSID=no-such-session' });
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('set-cookie')).toMatch(/^OCSESSID=/);
  });

  it('sets the cookie of a session it opened on an error answer too', async () => {
    const { client } = await signing();
    const reply = await client.call('customer', { ...guest, email: 'nope' });
    expect(reply.status).toBe(422);
    expect(client.cookie).toMatch(/^OCSESSID=/);
    expect((await client.call('customer', guest)).headers.get('set-cookie')).toBeNull();
  });
});

describe('methods', () => {
  it('reads with POST or GET, changes with POST only, and reads the input of a POSTed read from its body', async () => {
    const { client } = await signing();
    expect((await client.call('shipping_methods', {}, { method: 'GET' })).status).toBe(422);
    expect((await client.call('customer', {}, { method: 'GET' })).status).toBe(405);
    const list = await client.call('', { limit: 2 }, { route: 'api/product/list' });
    expect(list.status).toBe(200);
    expect((list.body as { products: unknown[] }).products).toHaveLength(2);
  });
});

describe('a handler without signed requests', () => {
  it('refuses a signed request with 401', async () => {
    const demo = await startDemo({
      apiSigning: 'opencart',
      handler: (app) =>
        createFetchHandler(app.checkout, { ...app.handlerOptions, signedRequests: undefined }),
    });
    const client = createSigningClient({
      origin: demo.origin,
      username: 'demo',
      secret: apiKey,
      clock: demo.clock,
    });
    const reply = await client.call('customer', guest);
    expect([reply.status, reply.error]).toEqual([
      401,
      { warning: 'Warning: This server does not accept signed requests!' },
    ]);
  });
});
