/**
 * A host that does not pass the client's address: the login and every session route answer 500
 * `client_address_unknown` with a text naming the fix (logged once per handler), in both compat modes, instead
 * of the IP refusal with an empty address. Routes that check no address are not affected.
 */
import { describe, expect, it } from 'vitest';
import { createFetchHandler, type HttpLogger } from '../../src/http/index.js';
import { apiKey, demoApp, startDemo } from './support/harness.js';

const refusal = {
  error: {
    warning:
      "Warning: The server cannot tell the client's IP address, so it cannot check it against the API user's allowed IPs: the host must pass the address to the handler!",
  },
};

/** A handler over the demo app whose failures are recorded. */
function handlerWithLog(compat: 'standard' | 'opencart' = 'standard') {
  const logged: string[] = [];
  const logger: HttpLogger = { error: (message) => void logged.push(message) };
  const app = demoApp();
  return { handler: createFetchHandler(app.checkout, { ...app.handlerOptions, logger, compat }), logged };
}

/** A login request to the handler's route. */
function loginRequest(): Request {
  return new Request('http://shop.test/index.php?route=api/account/login', {
    method: 'POST',
    body: new URLSearchParams({ username: 'demo', key: apiKey }),
  });
}

describe('a request without a client address', () => {
  it('is refused at login with a 500 naming the fix, logged once per handler', async () => {
    const { handler, logged } = handlerWithLog();
    for (const info of [undefined, { ip: '' }, { ip: '  ' }]) {
      const response = await handler(loginRequest(), info);
      expect([response.status, await response.json()]).toEqual([500, refusal]);
    }
    expect(logged).toEqual([
      'cartwright: the host passed no client address (ClientInfo.ip); logins and sessions are refused until it does',
    ]);
  });

  it('is refused on a session route, even with a live session', async () => {
    const demo = await startDemo();
    const session = await demo.login();
    const logger: HttpLogger = { error: () => {} };
    const handler = createFetchHandler(demo.app.checkout, { ...demo.app.handlerOptions, logger });
    const request = new Request(`http://shop.test/index.php?route=api/cart/getProducts`, {
      headers: { cookie: session.cookie },
    });
    const response = await handler(request);
    expect([response.status, await response.json()]).toEqual([500, refusal]);
    const withAddress = await handler(request.clone(), { ip: '127.0.0.1' });
    expect(withAddress.status).toBe(200);
  });

  it('answers 500 under OpenCart compat too (the host is at fault, not the client)', async () => {
    const { handler } = handlerWithLog('opencart');
    const response = await handler(loginRequest());
    expect([response.status, await response.json()]).toEqual([500, refusal]);
  });

  it('does not change what needs no address: an unknown route is still 404, a wrong method 405', async () => {
    const { handler, logged } = handlerWithLog();
    expect((await handler(new Request('http://shop.test/index.php?route=api/nothing'))).status).toBe(404);
    expect((await handler(new Request('http://shop.test/index.php?route=api/account/login'))).status).toBe(
      405,
    );
    expect(logged).toEqual([]);
  });
});
