/**
 * `npm run bench:coverage`: how much of the project one warmed request runs. Serves the demo store in process
 * (the fetch handler `npm start` serves, on memory stores, called with a `Request`, no socket), warms it with full
 * checkouts, takes a session to a chosen shipping and payment method, then measures one
 * `POST api/order&call=shipping_method` with V8's precise coverage (call counts, block detail) and prints the
 * number of the project's source files (`src/`) and of named functions that ran, and each file with its functions.
 * Anonymous functions (arrow functions passed inline, module bodies) are left out of the function count but a file
 * counts when any function of it ran.
 *
 *   npm run bench:coverage [-- --list] [--node]
 *
 * A figure, not a timing: it does not depend on the machine's load. Results go to docs/benchmarks.md by hand.
 */
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDemoApp } from '../examples/shared/demo-app.js';
import { toNodeListener } from '../src/http/index.js';
import { graceHopper, prefixedAddress } from './support.js';

const { values: args } = parseArgs({
  options: { list: { type: 'boolean', default: false }, node: { type: 'boolean', default: false } },
});
const apiKey = 'bench-coverage-key-0123456789abcdef0123';
const created = createDemoApp({ apiKey });
if (created.isErr()) throw new Error(`demo app: ${JSON.stringify(created.error)}`);
const app = created.value;
for (const [id, product] of app.data.products)
  app.data.products.set(id, { ...product, quantity: 10_000_000 });

// With --node: through `toNodeListener` on a real node:http server (what `npm start` serves), else the fetch
// handler called directly, as a socketless host calls it.
const server = args.node ? createServer(toNodeListener(app.handler)) : undefined;
if (server !== undefined) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin =
  server === undefined ? 'http://localhost' : `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Sends one request to the handler and fails loudly on anything but 200, so no error path is measured. */
async function send(route: string, token: string, form?: Record<string, string>): Promise<unknown> {
  const url = `${origin}/index.php?route=${route}${token === '' ? '' : `&api_token=${token}`}`;
  const request = new Request(url, {
    method: form === undefined ? 'GET' : 'POST',
    ...(form === undefined
      ? {}
      : {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(form).toString(),
        }),
  });
  const response =
    server === undefined ? await app.handler(request, { ip: '127.0.0.1' }) : await fetch(request);
  const body: unknown = await response.json();
  if (response.status !== 200) throw new Error(`${route}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const login = async () =>
  ((await send('api/account/login', '', { username: 'demo', key: apiKey })) as { api_token: string })
    .api_token;
const prefixed = (prefix: 'payment_' | 'shipping_') =>
  Object.fromEntries(Object.entries(prefixedAddress(prefix)).map(([key, value]) => [key, String(value)]));
const shippingMethod = { 'shipping_method.code': 'flat.flat' };

/** A session taken to a chosen shipping and payment method. */
async function readyToConfirm(token: string): Promise<void> {
  await send('api/order&call=customer', token, graceHopper);
  await send('api/order&call=cart', token, { 'product[0][product_id]': '40', 'product[0][quantity]': '1' });
  await send('api/order&call=payment_address', token, prefixed('payment_'));
  await send('api/order&call=shipping_address', token, prefixed('shipping_'));
  await send('api/order&call=shipping_methods', token);
  await send('api/order&call=shipping_method', token, shippingMethod);
  await send('api/order&call=payment_methods', token);
  await send('api/order&call=payment_method', token, { 'payment_method.code': 'cod' });
}

// Warm: full checkouts, then the measured call again and again on the measured session.
for (let i = 0; i < 50; i++) {
  const token = await login();
  await readyToConfirm(token);
  await send('api/order&call=confirm', token, {});
}
const token = await login();
await readyToConfirm(token);
for (let i = 0; i < 200; i++) await send('api/order&call=shipping_method', token, shippingMethod);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
await session.post('Profiler.takePreciseCoverage'); // resets every count: what follows is the one request
await send('api/order&call=shipping_method', token, shippingMethod);
const { result } = await session.post('Profiler.takePreciseCoverage');
await session.post('Profiler.stopPreciseCoverage');
session.disconnect();
server?.close();

const sourceRoot = fileURLToPath(new URL('../src/', import.meta.url));
const ran = new Map<string, Set<string>>();
for (const script of result) {
  if (!script.url.startsWith('file:')) continue;
  const path = fileURLToPath(script.url);
  if (!path.startsWith(sourceRoot)) continue;
  for (const fn of script.functions) {
    if ((fn.ranges[0]?.count ?? 0) === 0) continue;
    // The module body is the script's outer function; it ran when the module loaded, not in this request.
    if (fn.ranges[0]?.startOffset === 0 && fn.functionName === '') continue;
    // `__name` is the helper tsx's transform adds to keep function names: not the project's code.
    if (fn.functionName === '__name') continue;
    const names = ran.get(path) ?? new Set<string>();
    if (fn.functionName !== '') names.add(`${fn.functionName}@${fn.ranges[0]?.startOffset ?? 0}`);
    ran.set(path, names);
  }
}
const functions = [...ran.values()].reduce((sum, names) => sum + names.size, 0);
const path = server === undefined ? 'the fetch handler, no socket' : 'toNodeListener on node:http';
console.log(`POST api/order&call=shipping_method (warmed, payment method chosen), memory stores, ${path}:`);
console.log(`  ${ran.size} source files of src/, ${functions} named functions`);
if (args.list) {
  for (const [path, names] of [...ran].sort(([a], [b]) => a.localeCompare(b))) {
    const list = [...names].map((name) => name.replace(/@\d+$/, '')).join(', ');
    console.log(`  ${relative(sourceRoot, path)} (${names.size}): ${list}`);
  }
}
