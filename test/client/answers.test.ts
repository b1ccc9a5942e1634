/**
 * The typed client holds every answer to the operation's answer schema: pointed at something that is not the
 * checkout (another JSON API, a host's own error page in JSON), or given an answer of another shape, a call is an
 * `unexpected` error value, never `Ok` with a body of the wrong type. The checkout's own errors stay `answer`
 * errors, with either status convention. Real listening servers throughout.
 */
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.js';
import { createFetchHandler } from '../../src/http/index.js';
import { apiKey, guest, listen, startDemo } from '../http/support/harness.js';

/** A host of one's own that answers every request with `status` and `body` as JSON, whatever was asked. */
async function jsonHost(status: number, body: unknown): Promise<{ origin: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  return { origin: await listen(server), requests };
}

describe('the typed client checks each answer against what the operation answers', () => {
  it('a login posted to another JSON API that answers 200 without a session is an error, not a session', async () => {
    const host = await jsonHost(200, { success: 'Welcome back!' });
    const client = createClient({ baseUrl: `${host.origin}/index.php` });
    const login = await client.login({ username: 'demo', key: apiKey });
    expect(host.requests).toEqual(['POST /index.php?route=api%2Faccount%2Flogin']);
    expect(login.isOk()).toBe(false);
    expect(login._unsafeUnwrapErr()).toMatchObject({
      kind: 'unexpected',
      status: 200,
      body: { success: 'Welcome back!' },
      problems: [expect.stringMatching(/^api_token: /)],
    });
    expect(client.sessionId).toBeUndefined();
  });

  it("a host's own error (a string where the error texts belong) is unexpected, whatever its status", async () => {
    for (const status of [404, 200]) {
      const host = await jsonHost(status, { error: 'host 404' });
      const client = createClient({ baseUrl: `${host.origin}/index.php` });
      const added = await client.addProduct({ product_id: 40 });
      expect(added._unsafeUnwrapErr()).toMatchObject({
        kind: 'unexpected',
        status,
        body: { error: 'host 404' },
        problems: [expect.stringMatching(/^error: /)],
      });
    }
  });

  it('a success of another shape is unexpected, naming where it differs', async () => {
    const host = await jsonHost(200, [{ code: 'total', title: 'Total', value: '12.00' }]);
    const client = createClient({ baseUrl: `${host.origin}/index.php` });
    const totals = (await client.getTotals())._unsafeUnwrapErr();
    expect(totals.kind).toBe('unexpected');
    if (totals.kind !== 'unexpected') return;
    expect(totals.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^0\.value: /),
        expect.stringMatching(/^0\.text: /),
        expect.stringMatching(/^0\.sort_order: /),
      ]),
    );
    const order = await createClient({ baseUrl: `${(await jsonHost(200, { order: {} })).origin}/` }).getOrder(
      {
        order_id: 1,
      },
    );
    expect(order._unsafeUnwrapErr().kind).toBe('unexpected');
  });

  it('a success body under an error status is unexpected, never Ok', async () => {
    const host = await jsonHost(404, { success: 'Customer data set successfully!' });
    const client = createClient({ baseUrl: `${host.origin}/index.php` });
    expect((await client.setCustomer(guest))._unsafeUnwrapErr()).toMatchObject({
      kind: 'unexpected',
      status: 404,
    });
  });

  it("the checkout's own refusals are answer errors under either status convention", async () => {
    for (const compat of ['standard', 'opencart'] as const) {
      const demo = await startDemo({
        handler: (app) => createFetchHandler(app.checkout, { ...app.handlerOptions, compat }),
      });
      const client = createClient({ baseUrl: `${demo.origin}/index.php` });
      const refused = (await client.login({ username: 'demo', key: 'wrong' }))._unsafeUnwrapErr();
      expect(refused).toMatchObject({ kind: 'answer', status: compat === 'opencart' ? 200 : 401 });
      (await client.login({ username: 'demo', key: apiKey }))._unsafeUnwrap();
      const empty = (await client.confirm())._unsafeUnwrapErr();
      expect(empty).toMatchObject({ kind: 'answer', status: compat === 'opencart' ? 200 : 422 });
    }
  });
});
