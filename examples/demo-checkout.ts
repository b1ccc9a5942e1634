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

/** Secrets a printed body must not show: the API key sent, the session id answered. */
const secretFields = ['key', 'api_token'];

/** `text` (a form or JSON body) with the values of {@link secretFields} replaced by `…`. */
function redacted(text: string): string {
  if (text.trimStart().startsWith('{')) {
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      for (const name of secretFields) if (name in value) value[name] = '…';
      return JSON.stringify(value);
    } catch {
      return text;
    }
  }
  const form = new URLSearchParams(text);
  if (!secretFields.some((name) => form.has(name))) return text;
  for (const name of secretFields) if (form.has(name)) form.set(name, '…');
  return decodeURIComponent(form.toString());
}

/** A `fetch` that prints each request and its answer, never the API key or the session id. */
function loggingFetch(log: (line: string) => void): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input);
    url.searchParams.delete('api_token');
    const body = typeof init?.body === 'string' ? `  ${redacted(init.body)}` : '';
    log(`→ ${init?.method ?? 'GET'} ${decodeURIComponent(url.search)}${body}`);
    const response = await fetch(input, init);
    log(`← ${response.status} ${redacted(await response.clone().text())}\n`);
    return response;
  };
}

/** A step of the script, by name; a failed one stops it. */
type Step = readonly [string, (client: CheckoutClient) => ResultAsync<unknown, ClientError<unknown>>];

/** The checkout up to confirm, step by step, in the seed's order. */
function steps(apiKey: string): Step[] {
  return [
    ['login', (c) => c.login({ username: 'demo', key: apiKey })],
    [
      'customer',
      (c) =>
        c.setCustomer({
          firstname: 'Jane',
          lastname: 'Smith',
          email: 'jane@example.com',
          telephone: '01632 960123',
        }),
    ],
    [
      'cart',
      (c) =>
        c.addProducts({
          product: [
            { product_id: 40, quantity: 2 },
            { product_id: 30, option: { 226: 15 } },
          ],
        }),
    ],
    [
      'payment address',
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
    ],
    [
      'shipping address',
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
    ],
    ['shipping methods', (c) => c.getShippingMethods()],
    ['shipping method', (c) => c.setShippingMethod({ shipping_method: 'flat.flat' })],
    ['payment methods', (c) => c.getPaymentMethods()],
    ['payment method', (c) => c.setPaymentMethod({ payment_method: 'cod' })],
    ['totals', (c) => c.getTotals()],
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

/** A step that failed: its name, its exchange and why, in words. */
interface Stop {
  readonly step: string;
  readonly exchange: Exchange;
  readonly reason: string;
}

/** Why a call failed, in words, with what to check. */
function reasonOf(error: ClientError<unknown>, url: string): string {
  if (error.kind === 'network') {
    const cause = error.cause instanceof Error ? (error.cause.cause ?? error.cause) : error.cause;
    const text = cause instanceof Error ? cause.message : String(cause);
    return `could not reach ${url} (${text}): is the server running there? (npm start; set CARTWRIGHT_URL, or HOST and PORT, for another address)`;
  }
  if (error.kind === 'unreadable') {
    return `${url} answered ${error.status} with something that is not the API's JSON: is it a cartwright server?`;
  }
  if (error.kind === 'unexpected') {
    return `${url} answered ${error.status} with JSON that is not this API's answer (${error.problems.join('; ')}): is it a cartwright server?`;
  }
  const warning = Object.values(error.error)[0] ?? JSON.stringify(error.body);
  const hint = error.status === 401 ? ' (was the server started with the same CARTWRIGHT_API_KEY?)' : '';
  return `${url} answered ${error.status}: ${warning}${hint}`;
}

/** The checkout before confirm; the step that failed, if one did. */
async function runSteps(client: CheckoutClient, options: DemoCheckoutOptions): Promise<Stop | undefined> {
  for (const [step, call] of steps(options.apiKey)) {
    const result = await call(client);
    if (result.isErr())
      return { step, exchange: exchangeOf(result), reason: reasonOf(result.error, options.url) };
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
  const failed = await runSteps(client, options);
  const confirmed = failed === undefined ? await client.confirm({ comment: 'Demo order' }) : undefined;
  if (confirmed === undefined || confirmed.isErr()) {
    const stop: Stop = failed ?? {
      step: 'confirm',
      exchange: confirmed === undefined ? { status: 0, body: null } : exchangeOf(confirmed),
      reason: confirmed === undefined ? 'no answer' : reasonOf(confirmed.error, options.url),
    };
    const summary = `No order: the checkout stopped at ${stop.step}: ${stop.reason}.`;
    log(summary);
    return { confirm: stop.exchange, history: undefined, summary };
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
  console.log(`Checking out at ${url}\n`);
  try {
    const result = await runDemoCheckout({ url, apiKey });
    process.exit(result.history?.status === 200 ? 0 : 1);
  } catch (error) {
    console.error(`The demo stopped unexpectedly against ${url}:`, error);
    process.exit(1);
  }
}
