/**
 * `npm run bench:load`: the HTTP load benchmark. Starts the real server (`npm start`) in a process of its own, on
 * the in-memory demo store by default (`--stores real`: Redis and PostgreSQL, from `REDIS_URL` / `DATABASE_URL`,
 * on a fresh key prefix and schema), and drives `--clients` concurrent full flows for `--seconds`: a login, then
 * customer, two product adds, both addresses, shipping methods and method, payment methods and method, the cart
 * read, confirm and a history entry. In the same run it sends the same requests to a raw node:http server in a
 * process of its own that answers every request with a fixed JSON body: the floor any HTTP server on this machine
 * and this client can reach. It prints flows/s, requests/s, p50/p99 per call and the ratio to the raw server.
 *
 *   npm run bench:load -- --clients 8 --seconds 20 [--stores real] [--target cartwright|raw|both]
 *
 * Timings are measured, never asserted; results go to docs/benchmarks.md by hand.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '8' },
    seconds: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    stores: { type: 'string', default: 'memory' },
    target: { type: 'string', default: 'both' },
  },
});
const clients = Number(args.clients);
const seconds = Number(args.seconds);
const warmupSeconds = Number(args.warmup);
const apiKey = 'bench-load-key-0123456789abcdef0123456789abcdef';

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = createNetServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts a child process and waits until it accepts connections on `port`. */
async function startProcess(command: string, argv: string[], env: NodeJS.ProcessEnv, port: number) {
  // Its own process group, so that stopping it stops what `npm start` starts under it too.
  const child = spawn(command, argv, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      await call({ port, path: '/', method: 'GET' });
      return child;
    } catch {
      if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Stops a child process. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const group = -child.pid;
  process.kill(group, 'SIGTERM');
  await Promise.race([once(child, 'exit'), new Promise((resolve) => setTimeout(resolve, 5000))]);
  try {
    process.kill(group, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

interface Call {
  readonly port: number;
  readonly path: string;
  readonly method: 'GET' | 'POST';
  readonly body?: string;
  readonly cookie?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One request; resolves with the status and body text. */
function call(options: Call): Promise<{ status: number; body: string; setCookie: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(options.body));
    }
    if (options.cookie !== undefined) headers.cookie = options.cookie;
    const req = request(
      { host: '127.0.0.1', port: options.port, path: options.path, method: options.method, agent, headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => {
          const cookie = res.headers['set-cookie']?.[0]?.split(';')[0];
          resolve({ status: res.statusCode ?? 0, body, setCookie: cookie });
        });
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

const address = (prefix: string) =>
  new URLSearchParams({
    [`${prefix}firstname`]: 'Jane',
    [`${prefix}lastname`]: 'Smith',
    [`${prefix}address_1`]: '1 Market Street',
    [`${prefix}city`]: 'Preston',
    [`${prefix}postcode`]: 'PR1 2HJ',
    [`${prefix}country_id`]: '222',
    [`${prefix}zone_id`]: '3563',
  }).toString();

/** The flow's requests after the login: name, route, method, body. */
function flowSteps(): [string, string, 'GET' | 'POST', string | undefined][] {
  return [
    [
      'customer',
      'api/customer',
      'POST',
      'firstname=Jane&lastname=Smith&email=jane%40example.com&telephone=0123456',
    ],
    ['product_add 40', 'api/cart/addProduct', 'POST', 'product_id=40&quantity=2'],
    ['product_add 30', 'api/cart/addProduct', 'POST', 'product_id=30&quantity=1&option%5B226%5D=15'],
    ['payment_address', 'api/order&call=payment_address', 'POST', address('payment_')],
    ['shipping_address', 'api/order&call=shipping_address', 'POST', address('shipping_')],
    ['shipping_methods', 'api/order&call=shipping_methods', 'GET', undefined],
    ['shipping_method', 'api/order&call=shipping_method', 'POST', 'shipping_method=flat.flat'],
    ['payment_methods', 'api/order&call=payment_methods', 'GET', undefined],
    ['payment_method', 'api/order&call=payment_method', 'POST', 'payment_method=cod'],
    ['cart', 'api/cart/getProducts', 'GET', undefined],
    ['confirm', 'api/order&call=confirm', 'POST', ''],
  ];
}

/** Latencies in ms by call name. */
type Samples = Map<string, number[]>;

/** Times one request into `samples` and fails on anything but 200. */
async function timed(samples: Samples, name: string, options: Call) {
  const start = performance.now();
  const reply = await call(options);
  const ms = performance.now() - start;
  if (reply.status !== 200) throw new Error(`${name}: ${reply.status} ${reply.body.slice(0, 300)}`);
  const list = samples.get(name) ?? [];
  if (list.length === 0) samples.set(name, list);
  list.push(ms);
  return reply;
}

/** One full flow against the server on `port`. */
async function flow(port: number, samples: Samples): Promise<void> {
  const login = await timed(samples, 'login', {
    port,
    path: '/index.php?route=api/account/login',
    method: 'POST',
    body: `username=demo&key=${apiKey}`,
  });
  const cookie = login.setCookie;
  let orderId = '1';
  for (const [name, route, method, body] of flowSteps()) {
    const reply = await timed(samples, name, {
      port,
      path: `/index.php?route=${route}`,
      method,
      ...(body === undefined ? {} : { body }),
      ...(cookie === undefined ? {} : { cookie }),
    });
    if (name === 'confirm')
      orderId = String((JSON.parse(reply.body) as { order_id?: unknown }).order_id ?? '1');
  }
  await timed(samples, 'history_add', {
    port,
    path: '/index.php?route=api/order&call=history_add',
    method: 'POST',
    body: `order_id=${orderId}&order_status_id=5&comment=done`,
    ...(cookie === undefined ? {} : { cookie }),
  });
}

/** Runs `clients` flow loops until `until`; counts completed flows and requests. */
async function drive(
  port: number,
  until: number,
  samples: Samples,
): Promise<{ flows: number; requests: number }> {
  let flows = 0;
  let requests = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        await flow(port, samples);
        flows += 1;
        requests += 1 + flowSteps().length + 1;
      }
    }),
  );
  return { flows, requests };
}

/** The q-quantile of sorted numbers. */
function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Measures one target; prints its table; answers flows per second. */
async function measure(label: string, port: number): Promise<number> {
  await drive(port, performance.now() + warmupSeconds * 1000, new Map());
  const samples: Samples = new Map();
  const started = performance.now();
  const { flows, requests } = await drive(port, started + seconds * 1000, samples);
  const elapsed = (performance.now() - started) / 1000;
  const flowRate = flows / elapsed;
  console.log(`\n${label}: ${clients} clients, ${elapsed.toFixed(1)} s`);
  console.log(`  ${flowRate.toFixed(1)} flows/s, ${(requests / elapsed).toFixed(0)} requests/s`);
  console.log('  call                 p50 ms   p99 ms');
  for (const [name, list] of samples) {
    const sorted = [...list].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(18)} ${quantile(sorted, 0.5).toFixed(2).padStart(8)} ${quantile(sorted, 0.99).toFixed(2).padStart(8)}`,
    );
  }
  return flowRate;
}

/** The raw server: every request answered with one fixed JSON body, the way a minimal node:http app would. */
const rawServer = `
const { createServer } = require('node:http');
const body = JSON.stringify({ success: 'Success: done', api_token: 'raw', order_id: 1 });
createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'set-cookie': 'OCSESSID=raw; Path=/; HttpOnly' });
    res.end(body);
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/**
 * The environment of `npm start` for the chosen stores, the store settings as installed (stock checked): the demo
 * data holds a million of each thing a flow buys, far more than any timed run takes.
 */
function serverEnv(port: number): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    CARTWRIGHT_API_KEY: apiKey,
  };
  if (args.stores !== 'real') return env;
  const run = `bench_load_${process.pid}`;
  return {
    ...env,
    CARTWRIGHT_REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    CARTWRIGHT_REDIS_PREFIX: `${run}:`,
    CARTWRIGHT_DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    CARTWRIGHT_DATABASE_SCHEMA: run,
  };
}

const servers: ChildProcess[] = [];
try {
  let cartwright = 0;
  let raw = 0;
  if (args.target !== 'raw') {
    const port = await freePort();
    servers.push(await startProcess('npm', ['start', '--silent'], serverEnv(port), port));
    cartwright = await measure(`cartwright (npm start, ${args.stores} stores)`, port);
    await stop(servers.pop() as ChildProcess);
  }
  if (args.target !== 'cartwright') {
    const port = await freePort();
    servers.push(await startProcess(process.execPath, ['-e', rawServer], { PORT: String(port) }, port));
    raw = await measure('raw node:http, fixed JSON body', port);
  }
  if (cartwright > 0 && raw > 0) {
    console.log(`\ncartwright / raw: ${((100 * cartwright) / raw).toFixed(1)} % of the raw server's flows/s`);
  }
} finally {
  for (const server of servers) await stop(server);
  agent.destroy();
}
