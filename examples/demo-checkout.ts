/**
 * A scripted checkout against a running demo server (`npm start` in another terminal) with the typed client
 * (`cartwright/client`), printing every request and response, then a history entry on the new order, then one
 * summary line: `npm run demo`.
 *
 * Reads the same environment as the server: `HOST` and `PORT` (default 127.0.0.1:8080), or `CARTWRIGHT_URL`
 * for a server elsewhere, and `CARTWRIGHT_API_KEY` (required: start the server with the same key).
 */
import type { Result, ResultAsync } from 'neverthrow';
import { type CheckoutClient, type ClientError, createClient } from '../src/client/index.js';
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

/** The exchange a call ended in: 200 and its answer, or the error's status (0: no answer) and body. */
function exchangeOf<T, B>(result: Result<T, ClientError<B>>): Exchange {
  if (result.isOk()) return { status: 200, body: result.value };
  const error = result.error;
  if (error.kind === 'answer' || error.kind === 'unexpected')
    return { status: error.status, body: error.body };
  return { status: error.kind === 'unreadable' ? error.status : 0, body: null };
}

/** A `fetch` that prints each request and its answer (never the session id). */
function loggingFetch(log: (line: string) => void): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    url.searchParams.delete('api_token');
    const body = typeof init?.body === 'string' ? `  ${init.body}` : '';
    log(`→ ${init?.method ?? 'GET'} ${decodeURIComponent(url.search)}${body}`);
    const response = await fetch(input, init);
    log(`← ${response.status} ${await response.clone().text()}\n`);
    return response;
  };
}

/** A step of the script; a failed one stops it. */
type Step = (client: CheckoutClient) => ResultAsync<unknown, ClientError<unknown>>;

/** The checkout up to confirm, step by step, in the seed's order. */
function steps(apiKey: string): Step[] {
  return [
    (c) => c.login({ username: 'demo', key: apiKey }),
    (c) =>
      c.setCustomer({
        firstname: 'Jane',
        lastname: 'Smith',
        email: 'jane@example.com',
        telephone: '01632 960123',
      }),
    (c) =>
      c.addProducts({
        product: [
          { product_id: 40, quantity: 2 },
          { product_id: 30, option: { 226: 15 } },
        ],
      }),
    (c) =>
      c.setPaymentAddress({
        payment_firstname: 'Jane',
        payment_lastname: 'Smith',
        payment_address_1: '1 Market Street',
        payment_city: 'Preston',
        payment_postcode: 'PR1 2HJ',
        payment_country_id: 222,
        payment_zone_id: 3563,
      }),
    (c) =>
      c.setShippingAddress({
        shipping_firstname: 'Jane',
        shipping_lastname: 'Smith',
        shipping_address_1: '1 Market Street',
        shipping_city: 'Preston',
        shipping_postcode: 'PR1 2HJ',
        shipping_country_id: 222,
        shipping_zone_id: 3563,
      }),
    (c) => c.getShippingMethods(),
    (c) => c.setShippingMethod({ shipping_method: 'flat.flat' }),
    (c) => c.getPaymentMethods(),
    (c) => c.setPaymentMethod({ payment_method: 'cod' }),
    (c) => c.getTotals(),
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

/** The checkout before confirm; the exchange of the step that failed, if one did. */
async function runSteps(client: CheckoutClient, apiKey: string): Promise<Exchange | undefined> {
  for (const step of steps(apiKey)) {
    const result = await step(client);
    if (result.isErr()) return exchangeOf(result);
  }
  return undefined;
}

/**
 * Runs the script with the typed client (`cartwright/client`): the checkout, then a history entry moving the
 * new order to Processing (status 2), then one summary line.
 */
export async function runDemoCheckout(options: DemoCheckoutOptions): Promise<DemoCheckoutResult> {
  const log = options.log ?? console.log;
  const client = createClient({ baseUrl: options.url, session: 'cookie', fetch: loggingFetch(log) });
  const failed = await runSteps(client, options.apiKey);
  const confirmed = failed === undefined ? await client.confirm({ comment: 'Demo order' }) : undefined;
  if (confirmed === undefined || confirmed.isErr()) {
    const confirm = failed ?? (confirmed === undefined ? { status: 0, body: null } : exchangeOf(confirmed));
    const summary = `No order: the checkout stopped with status ${confirm.status}.`;
    log(summary);
    return { confirm, history: undefined, summary };
  }
  // Its answer carries the order id, the totals and the cart.
  const order = confirmed.value;
  const total = order.totals.find((line) => line.code === 'total')?.text ?? '';
  const history = exchangeOf(
    await client.addHistory({
      order_id: order.order_id,
      order_status_id: 2,
      comment: 'Packed by the demo script',
      notify: false,
    }),
  );
  const state = history.status === 200 ? 'now Processing' : `history entry refused (${history.status})`;
  const summary = `Order ${order.order_id} placed, total ${total}, ${state}.`;
  log(summary);
  return { confirm: exchangeOf(confirmed), history, summary };
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
