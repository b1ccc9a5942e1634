/**
 * A whole checkout over HTTP against any server of the demo store: login, customer, cart, both addresses,
 * shipping and payment methods, confirm. Bodies go form-encoded or as JSON, so a host with a body parser in front
 * is tried with the kind of body that parser reads. Used by the host tests of every runtime.
 */
import { ukAddress } from '../../engine/support/demo-checkout.js';

/** How the bodies are sent. */
export type BodyEncoding = 'form' | 'json';

/** Where and how to check out. */
export interface CheckoutTarget {
  /** The entry point, e.g. `http://127.0.0.1:8080/index.php`. */
  readonly url: string;
  readonly apiKey: string;
  /** Default `form`. */
  readonly encoding?: BodyEncoding | undefined;
  /** Sent with every request (e.g. the `CF-Connecting-IP` a Workers edge adds). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** One answer. */
export interface Exchange {
  readonly route: string;
  readonly status: number;
  readonly body: unknown;
}

/** A step's parameters as JSON would carry them; the form encoding writes them in bracket notation. */
type Params = Readonly<Record<string, unknown>>;

/** `value` as form pairs under `key` (`{ a: [{ b: 1 }] }` → `a[0][b]=1`). */
function appendPairs(pairs: URLSearchParams, key: string, value: unknown): void {
  if (typeof value === 'object' && value !== null) {
    for (const [name, item] of Object.entries(value)) appendPairs(pairs, `${key}[${name}]`, item);
  } else {
    pairs.append(key, String(value));
  }
}

/** The body and its type for `params`. */
function encode(params: Params, encoding: BodyEncoding): { body: string; type: string } {
  if (encoding === 'json') return { body: JSON.stringify(params), type: 'application/json' };
  const pairs = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) appendPairs(pairs, name, value);
  return { body: pairs.toString(), type: 'application/x-www-form-urlencoded' };
}

/** The checkout after the login: route and parameters (none: a GET). */
const steps: readonly (readonly [string, Params | undefined])[] = [
  [
    'api/order&call=customer',
    { firstname: 'Jane', lastname: 'Smith', email: 'jane@example.com', telephone: '01632 960123' },
  ],
  [
    'api/order&call=cart',
    {
      product: [
        { product_id: 40, quantity: 2 },
        { product_id: 30, option: { 226: 15 } },
      ],
    },
  ],
  ['api/order&call=payment_address', ukAddress('payment_')],
  ['api/order&call=shipping_address', ukAddress('shipping_')],
  ['api/order&call=shipping_methods', undefined],
  ['api/order&call=shipping_method', { shipping_method: { code: 'flat.flat' } }],
  ['api/order&call=payment_methods', undefined],
  ['api/order&call=payment_method', { payment_method: { code: 'cod' } }],
  ['api/order&call=confirm', { comment: 'Checked out by a host test' }],
];

/** Sends one step; the session goes as the cookie. */
async function sendStep(
  target: CheckoutTarget,
  route: string,
  params: Params | undefined,
  cookie: string,
): Promise<Exchange & { readonly setCookie: string | null }> {
  const headers: Record<string, string> = { ...target.headers };
  if (cookie !== '') headers.cookie = cookie;
  let body: string | null = null;
  if (params !== undefined) {
    const encoded = encode(params, target.encoding ?? 'form');
    body = encoded.body;
    headers['content-type'] = encoded.type;
  }
  const response = await fetch(`${target.url}?route=${route}`, {
    method: body === null ? 'GET' : 'POST',
    headers,
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: kept as text, so a failing test shows what the host answered.
  }
  return { route, status: response.status, body: parsed, setCookie: response.headers.get('set-cookie') };
}

/**
 * Logs in as `demo` and checks out, stopping at the first answer other than 200. Answers every exchange; the
 * last is the confirm when all went well.
 */
export async function runFullCheckout(target: CheckoutTarget): Promise<Exchange[]> {
  const login = await sendStep(target, 'api/account/login', { username: 'demo', key: target.apiKey }, '');
  const exchanges: Exchange[] = [login];
  if (login.status !== 200) return exchanges;
  const cookie = (login.setCookie ?? '').split(';')[0] ?? '';
  for (const [route, params] of steps) {
    const exchange = await sendStep(target, route, params, cookie);
    exchanges.push(exchange);
    if (exchange.status !== 200) break;
  }
  return exchanges;
}

/** The confirm's order id and total, or a description of where the checkout stopped (for the assertion). */
export function orderPlaced(exchanges: readonly Exchange[]): { order_id: unknown; total: unknown } | string {
  const last = exchanges.at(-1);
  const body = last?.body as
    | { order_id?: unknown; totals?: { code?: unknown; text?: unknown }[] }
    | undefined;
  if (last?.route !== 'api/order&call=confirm' || last.status !== 200) {
    return `stopped at ${last?.route}: ${last?.status} ${JSON.stringify(last?.body)}`;
  }
  return { order_id: body?.order_id, total: body?.totals?.find((line) => line.code === 'total')?.text };
}

/**
 * What {@link orderPlaced} answers for the demo checkout, the seed's happy cart on OpenCart 4.1.0.4's demo data:
 * $376.40 (sub-total 302.00, flat shipping 5.00, Eco Tax 8.00, VAT 61.40).
 */
export const expectedTotal = '$376.40';
