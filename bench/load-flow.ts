/**
 * The checkout flow `npm run bench:load` drives over HTTP, shared with `npm run soak:events`: a login, then
 * customer, two product adds, both addresses, shipping methods and method, payment methods and method, the cart
 * read, confirm and a history entry, each answered 200 or the flow fails. {@link drive} runs several clients,
 * each flow after flow, while the caller wants more.
 */
import { Agent, request } from 'node:http';

/** The API key the benchmarks' servers are started with. */
export const benchApiKey = 'bench-load-key-0123456789abcdef0123456789abcdef';

// Kept alive and shared by every client, as a pool of browsers' or a proxy's connections would be.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** One request to the server on 127.0.0.1:`port`. */
export interface Call {
  readonly port: number;
  readonly path: string;
  readonly method: 'GET' | 'POST';
  readonly body?: string;
  readonly cookie?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** What a request answered: the status, the body text and the session cookie set, if any. */
export interface Reply {
  readonly status: number;
  readonly body: string;
  readonly setCookie: string | undefined;
}

/** One request; resolves with the status and body text. */
export function call(options: Call): Promise<Reply> {
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

/** Closes the kept-alive connections, so that the process can exit. */
export function closeClient(): void {
  agent.destroy();
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
export function flowSteps(): [string, string, 'GET' | 'POST', string | undefined][] {
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

/** Requests one flow makes: the login, the steps, the history entry. */
export const requestsPerFlow = 1 + flowSteps().length + 1;

/** Latencies in ms by call name. */
export type Samples = Map<string, number[]>;

/** Times one request into `samples` and fails on anything but 200. */
async function timed(samples: Samples, name: string, options: Call): Promise<Reply> {
  const start = performance.now();
  const reply = await call(options);
  const ms = performance.now() - start;
  if (reply.status !== 200) throw new Error(`${name}: ${reply.status} ${reply.body.slice(0, 300)}`);
  const list = samples.get(name) ?? [];
  if (list.length === 0) samples.set(name, list);
  list.push(ms);
  return reply;
}

/** One full flow against the server on `port`; answers the id of the order it placed. */
export async function flow(port: number, samples: Samples): Promise<number> {
  const login = await timed(samples, 'login', {
    port,
    path: '/index.php?route=api/account/login',
    method: 'POST',
    body: `username=demo&key=${benchApiKey}`,
  });
  const cookie = login.setCookie;
  let orderId = 1;
  for (const [name, route, method, body] of flowSteps()) {
    const reply = await timed(samples, name, {
      port,
      path: `/index.php?route=${route}`,
      method,
      ...(body === undefined ? {} : { body }),
      ...(cookie === undefined ? {} : { cookie }),
    });
    if (name === 'confirm')
      orderId = Number((JSON.parse(reply.body) as { order_id?: unknown }).order_id ?? 1);
  }
  await timed(samples, 'history_add', {
    port,
    path: '/index.php?route=api/order&call=history_add',
    method: 'POST',
    body: `order_id=${orderId}&order_status_id=5&comment=done`,
    ...(cookie === undefined ? {} : { cookie }),
  });
  return orderId;
}

/** What {@link drive} runs. */
export interface DriveOptions {
  /** The server's port on 127.0.0.1. */
  readonly port: number;
  /** Concurrent clients, each running one flow after another. */
  readonly clients: number;
  /** Where the calls' latencies go. */
  readonly samples: Samples;
  /** Asked before each flow: another one, or is this client done? */
  readonly more: () => boolean;
  /** Told of each completed flow and the order it placed. */
  readonly placed?: (orderId: number) => void;
}

/** Runs `clients` flow loops while `more()` says so; counts completed flows and requests. */
export async function drive(options: DriveOptions): Promise<{ flows: number; requests: number }> {
  let flows = 0;
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (options.more()) {
        const orderId = await flow(options.port, options.samples);
        flows += 1;
        options.placed?.(orderId);
      }
    }),
  );
  return { flows, requests: flows * requestsPerFlow };
}

/** The q-quantile of sorted numbers. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
