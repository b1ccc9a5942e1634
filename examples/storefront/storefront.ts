/**
 * The storefront's dispatch and serving: a fetch handler (`Request` → `Response`) for everything under `/shop`.
 * It serves the page and its assets, finds the shopper by the storefront's own cookie (making one on the first
 * visit), reads the JSON bodies and hands each call to its route (routes.ts), which does the shopping with the
 * checkout engine in this process.
 *
 * The browser never holds an API key or the engine's session id, only the cookie; and since the engine is
 * called in process, the API user's IP allow-list, which guards the HTTP API, is not in the customer's way.
 */
import { readFile } from 'node:fs/promises';
import type { ClientInfo, FetchHandler } from 'cartwright/http';
import { createShopRoutes, type ShopCall, type ShopRouteOptions } from './routes.js';
import { createShopSessions, type ShopSession, type ShopSessions } from './sessions.js';

/** Where the storefront is served. */
export const shopPath = '/shop';

/** The storefront's cookie. */
const cookieName = 'shop_session';

/** The largest JSON body a call takes; the page's largest (an address) is far smaller. */
const MAX_BODY_BYTES = 16_384;

/** What {@link createStorefront} needs. */
export interface StorefrontOptions extends ShopRouteOptions {
  /** The shoppers' table; default one in memory. */
  readonly sessions?: ShopSessions | undefined;
  /** Milliseconds since the epoch; default `Date.now`. */
  readonly now?: (() => number) | undefined;
}

/** The page and its assets, by path under {@link shopPath}, with their media types. */
const assets: Readonly<Record<string, { readonly file: string; readonly type: string }>> = {
  '': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/shop.js': { file: 'shop.js', type: 'text/javascript; charset=utf-8' },
  '/shop.css': { file: 'shop.css', type: 'text/css; charset=utf-8' },
};

/** The routes by method and path under `/shop/api`; `/orders/<id>` and `/orders/<id>/complete` are matched apart. */
const table: Readonly<Record<string, string>> = {
  'GET /products': 'products',
  'GET /countries': 'countries',
  'GET /cart': 'cart',
  'POST /cart': 'add',
  'POST /cart/update': 'update',
  'POST /cart/remove': 'remove',
  'POST /customer': 'customer',
  'POST /address': 'address',
  'GET /shipping-methods': 'shippingMethods',
  'POST /shipping-method': 'shippingMethod',
  'GET /payment-methods': 'paymentMethods',
  'POST /payment-method': 'paymentMethod',
  'POST /orders': 'confirm',
};

/** Whether a request (method and URL path, as node gives them) is the storefront's. */
export function isShopRequest(url: string | undefined): boolean {
  if (url?.startsWith(shopPath) !== true) return false;
  const next = url.charAt(shopPath.length);
  return next === '' || next === '/' || next === '?';
}

/** A JSON answer; never cached, since every answer is this shopper's. */
function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

/** The value of cookie `name` in a `Cookie` header. */
function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * The JSON object of a call's body, or why not. Only `application/json` is taken: a cross-site form cannot send
 * it without the browser asking first, so another site cannot shop with the customer's cookie.
 */
async function readBody(request: Request): Promise<Record<string, unknown> | string> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  const type = request.headers.get('Content-Type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type))
    return 'The body must be JSON (Content-Type: application/json).';
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) return 'The body is too large.';
  try {
    const body: unknown = text === '' ? {} : JSON.parse(text);
    if (typeof body === 'object' && body !== null && !Array.isArray(body))
      return body as Record<string, unknown>;
  } catch {
    // Answered below, as any body that is not an object.
  }
  return 'The body must be a JSON object.';
}

/** The storefront's fetch handler, for requests under {@link shopPath}. */
export function createStorefront(options: StorefrontOptions): FetchHandler {
  const routes = createShopRoutes(options);
  const sessions = options.sessions ?? createShopSessions();
  const now = options.now ?? Date.now;
  const loaded = new Map<string, Promise<string>>();
  const asset = (file: string): Promise<string> => {
    let text = loaded.get(file);
    if (text === undefined) {
      text = readFile(new URL(`./page/${file}`, import.meta.url), 'utf8');
      loaded.set(file, text);
    }
    return text;
  };

  /** The shopper of the request's cookie, and the cookie to set when it is a new one. */
  function shopperOf(request: Request, https: boolean): { shopper: ShopSession; setCookie?: string } {
    const found = sessions.find(cookieValue(request.headers.get('Cookie'), cookieName), now());
    if (found !== undefined) return { shopper: found };
    const shopper = sessions.create(now());
    const secure = https ? '; Secure' : '';
    return {
      shopper,
      setCookie: `${cookieName}=${shopper.id}; Path=${shopPath}; HttpOnly; SameSite=Lax${secure}`,
    };
  }

  /** Answers one call of the page's API. */
  async function api(request: Request, path: string, info: ClientInfo | undefined): Promise<Response> {
    const order = /^\/orders\/(\d{1,15})(\/complete)?$/.exec(path);
    const name =
      order === null
        ? table[`${request.method} ${path}`]
        : order[2] === undefined
          ? request.method === 'GET'
            ? 'order'
            : undefined
          : request.method === 'POST'
            ? 'complete'
            : undefined;
    const route = name === undefined ? undefined : routes[name];
    if (route === undefined) return json(404, { error: 'not_found', errors: { warning: 'No such call.' } });
    const body = await readBody(request);
    if (typeof body === 'string') return json(400, { error: 'validation', errors: { warning: body } });
    const https = info?.https ?? new URL(request.url).protocol === 'https:';
    const { shopper, setCookie } = shopperOf(request, https);
    const call: ShopCall = {
      shopper,
      body,
      id: order?.[1],
      client: {
        ip: info?.ip ?? '',
        userAgent: request.headers.get('User-Agent') ?? '',
        acceptLanguage: request.headers.get('Accept-Language') ?? '',
      },
      idempotencyKey: request.headers.get('Idempotency-Key') ?? undefined,
    };
    try {
      const reply = await route(call);
      return json(reply.status, reply.body, setCookie === undefined ? {} : { 'Set-Cookie': setCookie });
    } catch (error) {
      // The host's catalog failed (the engine's own failures are values, answered by the route).
      console.error('storefront: a call failed', error);
      return json(503, { error: 'unavailable', errors: { warning: 'Service temporarily unavailable!' } });
    }
  }

  return async (request, info) => {
    const { pathname } = new URL(request.url);
    const rest = pathname.slice(shopPath.length);
    if (rest.startsWith('/api/')) return api(request, rest.slice('/api'.length), info);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    if (rest === '/') return Response.redirect(new URL(shopPath, request.url), 301);
    const served = Object.hasOwn(assets, rest) ? assets[rest] : undefined;
    if (served === undefined) return new Response('Not Found', { status: 404 });
    return new Response(await asset(served.file), {
      headers: {
        'Content-Type': served.type,
        'Cache-Control': 'no-cache',
        'X-Content-Type-Options': 'nosniff',
        // The page loads nothing but its own script and style, and is never framed.
        'Content-Security-Policy':
          "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      },
    });
  };
}
