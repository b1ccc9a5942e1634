/**
 * Cross-origin requests from browsers (CORS), off unless the host lists the origins it trusts. For a listed
 * origin the handler answers preflights itself and marks every answer readable by that origin, with credentials
 * (the session cookie) when allowed; any other origin gets no such header, so the browser keeps the answer from
 * its page. The methods and headers allowed are the ones the API uses: GET, HEAD and POST, `Content-Type` and
 * `Idempotency-Key`; `Retry-After` (a throttled login's wait) and `Totals-Digest` (`getTotals`' digest) are
 * readable by the page.
 * @module
 */
import { CartwrightInvariantError } from '../domain/errors.js';
import { type HttpExchange, type HttpReply, jsonReply } from './exchange.js';

/** Browser access from other origins: `createFetchHandler`'s `cors` option. */
export interface CorsOptions {
  /**
   * The origins allowed, exactly as browsers send them in `Origin`: scheme, host and port, no path
   * (`https://shop.example.com`, `http://localhost:5173`). No wildcard: an API that takes credentials names
   * whom it trusts.
   */
  readonly origins: readonly string[];
  /**
   * Whether pages of those origins may send the session cookie (`fetch(…, { credentials: 'include' })`) and read
   * the answers to such requests; default true. The cookie is `SameSite=Lax`, so browsers send it only to a
   * same-site API (`shop.example.com` → `api.example.com`); a page on another site passes `api_token` instead.
   */
  readonly credentials?: boolean | undefined;
  /** How long a browser may reuse a preflight's answer, in seconds; default 600. */
  readonly maxAgeSeconds?: number | undefined;
}

/** The CORS options checked and with their defaults. */
export interface CorsConfig {
  readonly origins: ReadonlySet<string>;
  readonly credentials: boolean;
  readonly maxAgeSeconds: number;
}

/** The methods the routes take, HEAD included. */
const allowedMethods = 'GET, HEAD, POST';
/** The request headers a page may set that are not CORS-safelisted: JSON bodies and confirm's idempotency key. */
const allowedHeaders = 'Content-Type, Idempotency-Key';
/** The response headers a page may read besides the safelisted ones: a throttle's wait, `getTotals`' digest. */
const exposedHeaders = 'Retry-After, Totals-Digest';
const DEFAULT_MAX_AGE_SECONDS = 600;

/** Whether `origin` is written as a browser sends it. */
function isOrigin(origin: string): boolean {
  return URL.canParse(origin) && new URL(origin).origin === origin && origin !== 'null';
}

/** The CORS options checked, or undefined when CORS is off; a malformed origin or age throws at start-up. */
export function resolveCors(options: CorsOptions | undefined): CorsConfig | undefined {
  if (options === undefined) return undefined;
  const bad = options.origins.find((origin) => !isOrigin(origin));
  if (bad !== undefined) {
    throw new CartwrightInvariantError(
      `createFetchHandler: cors.origins must be origins such as https://shop.example.com (scheme, host, port; no path, no wildcard), got ${JSON.stringify(bad)}`,
    );
  }
  const maxAgeSeconds = options.maxAgeSeconds ?? DEFAULT_MAX_AGE_SECONDS;
  if (!Number.isSafeInteger(maxAgeSeconds) || maxAgeSeconds < 0) {
    throw new CartwrightInvariantError(
      `createFetchHandler: cors.maxAgeSeconds must be a whole number of seconds, got ${String(maxAgeSeconds)}`,
    );
  }
  return { origins: new Set(options.origins), credentials: options.credentials ?? true, maxAgeSeconds };
}

/** Whether a request is a browser's preflight: OPTIONS with `Origin` and `Access-Control-Request-Method`. */
export function isPreflight(request: Pick<HttpExchange, 'method' | 'headers'>): boolean {
  return (
    request.method === 'OPTIONS' &&
    request.headers.has('origin') &&
    request.headers.has('access-control-request-method')
  );
}

/** The request's origin when it is one of the allowed, else undefined. */
function allowedOrigin(request: Pick<HttpExchange, 'headers'>, cors: CorsConfig): string | undefined {
  const origin = request.headers.get('origin');
  return origin !== null && cors.origins.has(origin) ? origin : undefined;
}

/** The headers that let `origin` read an answer. */
function originHeaders(origin: string, cors: CorsConfig): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': origin,
    ...(cors.credentials ? { 'Access-Control-Allow-Credentials': 'true' } : {}),
  };
}

/**
 * The answer to a preflight: 204 with what the API allows when the origin is listed; otherwise 403 with the
 * error body (`refusal` is its text) and no CORS header, so the browser stops the request.
 */
export function preflightReply(
  request: Pick<HttpExchange, 'headers'>,
  cors: CorsConfig,
  refusal: string,
): HttpReply {
  const vary = { Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers' };
  const origin = allowedOrigin(request, cors);
  if (origin === undefined) return jsonReply(403, { error: { warning: refusal } }, vary);
  return {
    status: 204,
    headers: {
      ...originHeaders(origin, cors),
      'Access-Control-Allow-Methods': allowedMethods,
      'Access-Control-Allow-Headers': allowedHeaders,
      'Access-Control-Max-Age': String(cors.maxAgeSeconds),
      ...vary,
    },
    cookies: [],
    body: null,
  };
}

/**
 * `reply` readable by the request's origin when it is listed (`Access-Control-Allow-Origin`, credentials,
 * `Retry-After` and `Totals-Digest` exposed). Every answer varies by `Origin` then, so a cache never hands one origin's answer to
 * another.
 */
export function withCors(
  reply: HttpReply,
  request: Pick<HttpExchange, 'headers'>,
  cors: CorsConfig,
): HttpReply {
  const headers: Record<string, string> = {};
  let vary: string | undefined;
  for (const [name, value] of Object.entries(reply.headers)) {
    if (name.toLowerCase() === 'vary') vary = vary === undefined ? value : `${vary}, ${value}`;
    else headers[name] = value;
  }
  headers.Vary = vary === undefined ? 'Origin' : `${vary}, Origin`;
  const origin = allowedOrigin(request, cors);
  if (origin !== undefined) {
    Object.assign(headers, originHeaders(origin, cors));
    headers['Access-Control-Expose-Headers'] = exposedHeaders;
  }
  return { ...reply, headers };
}
