/**
 * A scripted checkout against a running demo server (`npm start` in another terminal), printing every request
 * and response, then a history entry on the new order, then one summary line: `npm run demo`.
 *
 * Reads the same environment as the server: `HOST` and `PORT` (default 127.0.0.1:8080), or `CARTWRIGHT_URL`
 * for a server elsewhere, and `CARTWRIGHT_API_KEY` (required: start the server with the same key).
 */
import { baseUrl, isMain } from './shared/demo-env.js';

/** Where to check out and how to report. */
export interface DemoCheckoutOptions {
  /** The server's entry point, e.g. `http://127.0.0.1:8080/index.php`. */
  readonly url: string;
  readonly apiKey: string;
  /** Receives each printed line; default `console.log`. */
  readonly log?: ((line: string) => void) | undefined;
}

/** One exchange with the server. */
export interface Exchange {
  readonly status: number;
  readonly body: unknown;
}

/** A client bound to one session (the cookie of the login). */
interface Client {
  send(method: 'GET' | 'POST', route: string, form?: Record<string, string>): Promise<Exchange>;
}

/** Makes a client that prints each request and response and keeps the session cookie. */
function createClient(options: DemoCheckoutOptions): Client {
  const log = options.log ?? console.log;
  let cookie = '';
  return {
    async send(method, route, form) {
      const body = form === undefined ? undefined : new URLSearchParams(form).toString();
      log(
        `→ ${method} ?route=${route}${body === undefined ? '' : `  ${decodeURIComponent(body.replaceAll('+', ' '))}`}`,
      );
      const headers: Record<string, string> = cookie === '' ? {} : { Cookie: cookie };
      if (body !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
      const response = await fetch(`${options.url}?route=${route}`, { method, headers, body: body ?? null });
      const setCookie = response.headers.get('set-cookie');
      if (setCookie !== null) cookie = setCookie.split(';')[0] ?? '';
      const exchange = { status: response.status, body: (await response.json()) as unknown };
      log(`← ${exchange.status} ${JSON.stringify(exchange.body)}\n`);
      return exchange;
    },
  };
}

/** A step of the script; a failed one (status other than 200) stops it. */
type Step = (client: Client) => Promise<Exchange>;

const address = (prefix: 'payment_' | 'shipping_'): Record<string, string> => ({
  [`${prefix}firstname`]: 'Jane',
  [`${prefix}lastname`]: 'Smith',
  [`${prefix}address_1`]: '1 Market Street',
  [`${prefix}city`]: 'Preston',
  [`${prefix}postcode`]: 'PR1 2HJ',
  [`${prefix}country_id`]: '222',
  [`${prefix}zone_id`]: '3563',
});

/** The checkout up to the order, step by step, in the seed's order. */
function steps(apiKey: string): Step[] {
  return [
    (c) => c.send('POST', 'api/account/login', { username: 'demo', key: apiKey }),
    (c) =>
      c.send('POST', 'api/order&call=customer', {
        firstname: 'Jane',
        lastname: 'Smith',
        email: 'jane@example.com',
        telephone: '01632 960123',
      }),
    (c) =>
      c.send('POST', 'api/order&call=cart', {
        'product[0][product_id]': '40',
        'product[0][quantity]': '2',
        'product[1][product_id]': '30',
        'product[1][option][226]': '15',
      }),
    (c) => c.send('POST', 'api/order&call=payment_address', address('payment_')),
    (c) => c.send('POST', 'api/order&call=shipping_address', address('shipping_')),
    (c) => c.send('GET', 'api/order&call=shipping_methods'),
    (c) => c.send('POST', 'api/order&call=shipping_method', { 'shipping_method.code': 'flat.flat' }),
    (c) => c.send('GET', 'api/order&call=payment_methods'),
    (c) => c.send('POST', 'api/order&call=payment_method', { 'payment_method.code': 'cod' }),
    (c) => c.send('GET', 'api/cart/getTotals'),
    // Its answer carries the order id, the totals and the cart.
    (c) => c.send('POST', 'api/order&call=confirm', { comment: 'Demo order' }),
  ];
}

/** How the script ended. */
export interface DemoCheckoutResult {
  /** The confirm's exchange (or the failed step's, when the checkout stopped before it). */
  readonly confirm: Exchange;
  /** The history entry added to the order; undefined when there was no order to add it to. */
  readonly history: Exchange | undefined;
  /** The last line printed: `Order 1 placed, total $376.40, now Processing.`, or why there is no order. */
  readonly summary: string;
}

/** The order id and the formatted total of a successful confirm, or undefined. */
function orderOf(confirm: Exchange): { id: number; total: string } | undefined {
  const body = confirm.body as { order_id?: unknown; totals?: { code?: unknown; text?: unknown }[] } | null;
  const total = body?.totals?.find((line) => line.code === 'total')?.text;
  if (confirm.status !== 200 || typeof body?.order_id !== 'number' || typeof total !== 'string')
    return undefined;
  return { id: body.order_id, total };
}

/**
 * Runs the script: the checkout, then a history entry moving the new order to Processing (status 2), then one
 * summary line.
 */
export async function runDemoCheckout(options: DemoCheckoutOptions): Promise<DemoCheckoutResult> {
  const log = options.log ?? console.log;
  const client = createClient(options);
  let confirm: Exchange = { status: 0, body: null };
  for (const step of steps(options.apiKey)) {
    confirm = await step(client);
    if (confirm.status !== 200) break;
  }
  const order = orderOf(confirm);
  if (order === undefined) {
    const summary = `No order: the checkout stopped with status ${confirm.status}.`;
    log(summary);
    return { confirm, history: undefined, summary };
  }
  const history = await client.send('POST', 'api/order&call=history_add', {
    order_id: String(order.id),
    order_status_id: '2',
    comment: 'Packed by the demo script',
    notify: '0',
  });
  const state = history.status === 200 ? 'now Processing' : `history entry refused (${history.status})`;
  const summary = `Order ${order.id} placed, total ${order.total}, ${state}.`;
  log(summary);
  return { confirm, history, summary };
}

if (isMain(import.meta.url)) {
  const apiKey = process.env.CARTWRIGHT_API_KEY ?? '';
  if (apiKey === '') {
    console.error('Set CARTWRIGHT_API_KEY to the key the server was started with.');
    process.exit(1);
  }
  const server =
    process.env.CARTWRIGHT_URL ?? baseUrl(process.env.HOST ?? '127.0.0.1', Number(process.env.PORT ?? 8080));
  const url = `${server.replace(/\/(index\.php)?$/, '')}/index.php`;
  try {
    const result = await runDemoCheckout({ url, apiKey });
    process.exit(result.history?.status === 200 ? 0 : 1);
  } catch (error) {
    console.error(`Could not reach ${url} (is the server running? npm start):`, error);
    process.exit(1);
  }
}
