/**
 * HTTP benchmarks: the demo store behind `createFetchHandler` on a real node:http server (127.0.0.1, port 0),
 * spoken to with the real `fetch`. Measures what a request costs end to end on one machine: parsing, session
 * load and save, the engine, JSON out. Run with `npm run bench`; results go to docs/benchmarks.md by hand.
 * Timings are measured here, never asserted in tests.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, bench, describe } from 'vitest';
import { createDemoApp } from '../examples/shared/demo-app.js';
import { toNodeListener } from '../src/http/index.js';
import { graceHopper, prefixedAddress } from './support.js';

const apiKey = 'bench-key-0123456789abcdef0123456789';
const created = createDemoApp({ apiKey });
if (created.isErr()) throw new Error(`demo app: ${JSON.stringify(created.error)}`);
const app = created.value;
// Stock is raised so that thousands of confirmed orders never run a product out during one run.
for (const [id, product] of app.data.products)
  app.data.products.set(id, { ...product, quantity: 10_000_000 });
const server = createServer(toNodeListener(app.handler));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/index.php`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends one request and fails the benchmark on anything but 200, so no error path is timed. */
async function send(route: string, token: string, form?: Record<string, string>): Promise<unknown> {
  const url = `${origin}?route=${route}${token === '' ? '' : `&api_token=${token}`}`;
  const response = await fetch(url, {
    method: form === undefined ? 'GET' : 'POST',
    ...(form === undefined
      ? {}
      : {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }),
  });
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`${route}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** A new API session (logins are not part of the timed loops). */
async function login(): Promise<string> {
  const body = (await send('api/account/login', '', { username: 'demo', key: apiKey })) as {
    api_token: string;
  };
  return body.api_token;
}

/** The address as form fields (every value a string, as a form sends it). */
const prefixed = (prefix: 'payment_' | 'shipping_') =>
  Object.fromEntries(Object.entries(prefixedAddress(prefix)).map(([key, value]) => [key, String(value)]));
const customer = graceHopper;

/** Every step of the seed after login, in order, ending with confirm. */
async function checkout(token: string): Promise<void> {
  await send('api/order&call=customer', token, customer);
  await send('api/order&call=cart', token, { 'product[0][product_id]': '40', 'product[0][quantity]': '1' });
  await send('api/order&call=payment_address', token, prefixed('payment_'));
  await send('api/order&call=shipping_address', token, prefixed('shipping_'));
  await send('api/order&call=shipping_methods', token);
  await send('api/order&call=shipping_method', token, { 'shipping_method.code': 'flat.flat' });
  await send('api/order&call=payment_methods', token);
  await send('api/order&call=payment_method', token, { 'payment_method.code': 'cod' });
  await send('api/order&call=confirm', token, {});
}

const flowToken = await login();
const stepToken = await login();
await send('api/order&call=customer', stepToken, customer);
await send('api/cart/addProduct', stepToken, { product_id: '40' });

describe('HTTP (node:http + fetch on 127.0.0.1, memory adapters)', () => {
  bench('full checkout: customer → cart → addresses → methods → confirm (9 requests)', async () => {
    await checkout(flowToken);
  });
  bench('one request: GET api/cart/getTotals', async () => {
    await send('api/cart/getTotals', stepToken);
  });
  bench('one request: POST call=customer (form body)', async () => {
    await send('api/order&call=customer', stepToken, customer);
  });
  bench('one request: GET api/product/list', async () => {
    await send('api/product/list&limit=20', stepToken);
  });
});
