/**
 * `createFetchHandler(checkout, options)`: the one Request → Response core every host adapter wraps. It finds the
 * route, checks the method, reads the input, authorizes the session, runs the engine operation and writes the
 * reply: OpenCart's JSON, never cached, an error's body always `{ "error": { field: text } }`. Handled errors get
 * their status from `status.ts`, anything unexpected is a logged 500.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import type { Checkout as ComposedCheckout } from '../compose/create-checkout.js';
import type { SessionMethods as Checkout } from '../engine/checkout.js';
import { authorize } from './auth.js';
import {
  addressCheckOf,
  addressRefusal,
  type ClientAddressSource,
  requestAddress,
} from './client-address.js';
import { isPreflight, preflightReply, withCors } from './cors.js';
import {
  bodyTaken,
  createBodyTakenReply,
  exchangeOf,
  type HeaderReader,
  type HttpExchange,
  type HttpReply,
  jsonReply,
  lightExchangeOf,
  noHeaders,
  responseOf,
} from './exchange.js';
import type { FormObject } from './form.js';
import { createErrorLog, warnAnyIp } from './handler-log.js';
import { errorHeaders, type HttpError, httpError } from './http-error.js';
import { lightResponse } from './lightweight.js';
import {
  type FetchHandlerOptions,
  type HandlerConfig,
  type HttpOptions,
  handlerOptionsOf,
  resolveOptions,
} from './options.js';
import { moneyPresenterOf } from './present-money.js';
import { apiToken, noBody, operationInput, readBody, readQuery, readRawBody } from './request-input.js';
import type {
  CookieChange,
  PublicRoute,
  Route,
  RouteCall,
  RouteClient,
  RouteReply,
  SessionRoute,
} from './route.js';
import { findRoute } from './routes.js';
import {
  clearedSessionCookie,
  readCookie,
  type SessionCookieOptions,
  sessionCookie,
} from './session-cookie.js';
import { type AuthorizedSession, authorizeSigned } from './signing/authorize-signed.js';
import { isSignedQuery, readSignedInput, type SignedInput } from './signing/signed-input.js';
import { type StatusCompat, statusForError } from './status.js';
import { fillText } from './texts.js';

/** What the host knows about the connection. */
export interface ClientInfo {
  /**
   * The client's address: the socket's peer, or what a trusted proxy forwarded (see `resolveClient`). Compared
   * with the API user's IP list; when it is empty (or `info` is missing), the address is read from the handler's
   * `trustedProxyHeader`, and without one the login and the session routes answer 500 with the
   * `clientAddressUnknown` text: the host must say who is calling.
   */
  readonly ip: string;
  /** Whether the client used HTTPS; default: the request URL's scheme. Makes the session cookie `Secure`. */
  readonly https?: boolean | undefined;
  /**
   * Where {@link ip} came from: `socket` (the connection's peer) or `proxy` (a trusted proxy's forwarding header,
   * as `resolveClient` reads it, which sets this). Without it, an `ip` equal to an address the request's own
   * `X-Forwarded-For`, `X-Real-IP` or `Forwarded` names is refused (500, the `clientAddressForwarded` text): it
   * was most likely read from a header any client can write.
   */
  readonly from?: ClientAddressSource | undefined;
}

/** The handler: a Web-standard `Request` in, a `Response` out. It never rejects. */
export type FetchHandler = (request: Request, info?: ClientInfo) => Promise<Response>;

/** The handler's core: an exchange in, its reply out (see `exchange.ts`). It never rejects. */
type ExchangeHandler = (exchange: HttpExchange, info?: ClientInfo) => Promise<HttpReply>;

/** The route's answer, or the handled error it ended in. */
type Outcome = Result<RouteReply, HttpError>;

/**
 * Whether a route answers a method. HEAD is GET without the body, on the routes that take GET only: confirm
 * also answers GET (OpenCart's overview), but a HEAD that places an order would break what HEAD promises. A
 * signed request may POST to any route: OpenCart 4.1's clients POST every call, reads included.
 */
function takes(route: Route, method: string, signed: boolean): boolean {
  if (method === route.method || (signed && method === 'POST')) return true;
  if (method === 'GET') return route.alsoGet === true;
  return method === 'HEAD' && route.method === 'GET';
}

/** The `Allow` header of a route. */
function allowOf(route: Route): string {
  if (route.method === 'GET') return 'GET, HEAD';
  return route.alsoGet === true ? 'GET, POST' : route.method;
}

/**
 * The route the request addresses, refused when unknown (404) or called with the wrong method (405); `signed` says
 * whether the request is signed.
 */
function routeFor(
  config: HandlerConfig,
  request: HttpExchange,
  url: URL,
  query: FormObject,
  signed: boolean,
): Result<Route, HttpError> {
  const route = findRoute(query, url.pathname);
  if (route === undefined) return err({ kind: 'not_found', fields: { warning: config.texts.routeNotFound } });
  if (takes(route, request.method, signed)) return ok(route);
  const allowed = allowOf(route);
  const text = fillText(config.texts.methodNotAllowed, { method: allowed.replace(', HEAD', '') });
  return err(httpError('method_not_allowed', { warning: text }, { Allow: allowed }));
}

/** Whether a route checks the client's address against an API user's list: every session route, and the login. */
function checksClientAddress(route: Route): boolean {
  return route.access === 'session' || (route.access === 'public' && route.checksClientAddress === true);
}

/** How a request says who it is: the session id it carries, and its signature when it is signed. */
interface Credentials {
  readonly sessionId: string | undefined;
  /** The signed request read from it (or why it was refused); undefined when it is not signed. */
  readonly signed: Result<SignedInput, HttpError> | undefined;
}

/** The session a request that needs one runs in: the one it names, or, signed, the one its signature opens. */
async function authorizeCall(
  call: RouteCall,
  credentials: Credentials,
): Promise<Result<AuthorizedSession, HttpError>> {
  const { checkout, config, client } = call;
  const { apiUsers, messages, texts } = config;
  const address = addressCheckOf(config, client);
  const { signed, sessionId } = credentials;
  if (signed === undefined) {
    const access = { checkout, apiUsers, messages, address, signatureNeeded: texts.signatureIncomplete };
    const session = await authorize(access, sessionId);
    return session.isOk() ? ok({ session: session.value, opened: false }) : err(session.error);
  }
  if (signed.isErr()) return err(signed.error);
  const { request, signing } = signed.value;
  return await authorizeSigned({ checkout, apiUsers, messages, address, signing, texts }, request, sessionId);
}

/** `outcome` with the cookie of a session opened for the request, unless the route set (or cleared) it itself. */
function withOpenedCookie(outcome: Outcome, opened: CookieChange): Outcome {
  if (outcome.isOk()) {
    const reply = outcome.value;
    return reply.cookie === undefined ? ok({ ...reply, cookie: opened }) : outcome;
  }
  const { error } = outcome;
  return error.cookie === undefined ? err({ ...error, cookie: opened }) : outcome;
}

/** Runs a route: directly when public, inside the authorized session otherwise. */
async function runRoute(
  route: PublicRoute | SessionRoute,
  call: RouteCall,
  credentials: Credentials,
): Promise<Outcome> {
  if (route.access === 'public') return await route.run(call);
  const authorized = await authorizeCall(call, credentials);
  if (authorized.isErr()) return err(authorized.error);
  const { session, opened } = authorized.value;
  const outcome = await route.run({
    checkout: call.checkout,
    config: call.config,
    input: call.input,
    client: call.client,
    headers: call.headers,
    sessionId: session.id,
    session,
    money: moneyPresenterOf(call.config.settings, session.currency),
  });
  return opened ? withOpenedCookie(outcome, { set: session.id }) : outcome;
}

/**
 * Refuses headers over `maxHeaderBytes` (431): each counts its name, its value and the four bytes around them,
 * as they travel. Checked first, so a host with a larger limit than node's (or none) still answers in time.
 */
function checkHeaderSize(config: HandlerConfig, headers: HeaderReader): Result<void, HttpError> {
  let size = 0;
  headers.forEach((value, name) => {
    size += name.length + value.length + 4;
  });
  if (size <= config.maxHeaderBytes) return ok(undefined);
  const warning = fillText(config.texts.headersTooLarge, { maximum: String(config.maxHeaderBytes) });
  return err(httpError('headers_too_large', { warning }));
}

/** Whether a request carries its parameters in the query string (and has no body to read). */
function readsQuery(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/**
 * Everything between the request and the route's outcome. Plain async functions returning a `Result` all the
 * way down: a chain of `ResultAsync` steps would cost every request several promises more.
 */
async function handle(
  checkout: Checkout,
  config: HandlerConfig,
  request: HttpExchange,
  client: RouteClient,
): Promise<Result<RouteReply, HttpError>> {
  const headers = checkHeaderSize(config, request.headers);
  if (headers.isErr()) return err(headers.error);
  const url = request.parsedUrl ?? new URL(request.url);
  const query = readQuery(url, config.bodyLimits);
  if (query.isErr()) return err(query.error);
  const isSigned = isSignedQuery(query.value);
  const found = routeFor(config, request, url, query.value, isSigned);
  if (found.isErr()) return err(found.error);
  const route = found.value;
  if (route.access === 'raw') {
    // The payment webhook: its body is read as bytes and verified by the provider before anything parses it.
    const raw = await readRawBody(request, config.bodyLimits, config.texts);
    if (raw.isErr()) return err(raw.error);
    return route.run({
      checkout,
      config,
      url,
      query: query.value,
      headers: request.headers,
      body: raw.value,
    });
  }
  // Without an address a request is refused here, unless some API user's IP list is off: then its user decides.
  if (client.ip === '' && checksClientAddress(route) && config.allowAnyIp.size === 0)
    return err(addressRefusal(config, client.gap ?? 'missing'));
  const queried = readsQuery(request.method);
  const body = queried ? ok(noBody) : await readBody(request, config.bodyLimits, config.texts);
  if (body.isErr()) return err(body.error);
  const { params, form } = body.value;
  const input = operationInput(queried ? 'GET' : 'POST', query.value, params, isSigned);
  const sessionId =
    apiToken(query.value, params) ?? readCookie(request.headers.get('cookie'), config.cookieName);
  const signed = isSigned
    ? readSignedInput(config, { url, headers: request.headers, query: query.value, form })
    : undefined;
  const call = { checkout, config, input, client, headers: request.headers };
  return runRoute(route, call, { sessionId, signed });
}

/** No cookie change. */
const noCookies: readonly string[] = Object.freeze([]);

/** The `Set-Cookie` header for a cookie change, if any. */
function cookiesOf(change: CookieChange | undefined, cookie: SessionCookieOptions): readonly string[] {
  if (change === undefined) return noCookies;
  return [change === 'clear' ? clearedSessionCookie(cookie) : sessionCookie(change.set, cookie)];
}

/** A route's successful reply: 200 with its body, its headers, and its cookie change. */
function routeReply(reply: RouteReply, cookie: SessionCookieOptions): HttpReply {
  return jsonReply(200, reply.body, reply.headers ?? noHeaders, cookiesOf(reply.cookie, cookie));
}

/** The status of a handled error: the table's, or under `opencart` compat 200 unless OpenCart answers another. */
function errorStatusOf(error: HttpError, compat: StatusCompat): number {
  if (compat === 'opencart' && error.opencartStatus !== undefined) return error.opencartStatus;
  return statusForError(error.kind, compat);
}

/** A handled error: its status (200 in `opencart` compat), `{ "error": fields }`, its headers and cookie. */
function errorReply(error: HttpError, compat: StatusCompat, cookie: SessionCookieOptions): HttpReply {
  return jsonReply(
    errorStatusOf(error, compat),
    { error: { ...error.fields }, ...error.extra },
    errorHeaders(error),
    cookiesOf(error.cookie, cookie),
  );
}

/** The reply to an unexpected failure: 500 with a generic text, in every compat mode. */
function internalErrorReply(text: string): HttpReply {
  return jsonReply(500, { error: { warning: text } });
}

/** The answer to a HEAD: the GET's status and headers, its `Content-Length`, no body. */
function withoutBody(reply: HttpReply): HttpReply {
  const length = reply.body === null ? 0 : new TextEncoder().encode(reply.body).byteLength;
  return { ...reply, headers: { ...reply.headers, 'Content-Length': String(length) }, body: null };
}

/** Method and route of a request, for the log (never the whole URL: it may carry an `api_token`). */
function describe(request: HttpExchange): string {
  const route = URL.canParse(request.url) ? new URL(request.url).searchParams.get('route') : null;
  return `${request.method} route=${route ?? ''}`;
}

/** The client of a request: its address (see `client-address.ts`), and the host's word or the URL's scheme. */
function clientOf(config: HandlerConfig, request: HttpExchange, info: ClientInfo | undefined): RouteClient {
  const https = info?.https ?? request.url.startsWith('https:');
  const forwardedIp = (request.headers.get('x-forwarded-for') ?? '').slice(0, 128);
  const { ip, gap } = requestAddress(config, request.headers, info);
  return { ip, gap, https, forwardedIp };
}

/**
 * Creates the fetch handler over a checkout.
 *
 * Routing is by the query (`?route=api/...`), so the path is the host's choice: `/index.php`, `/api`, or any
 * other; a request without a `route` is routed by the path alias it ends in (`/api/order/confirm`). Bodies may be form-encoded or JSON. The session id comes from `api_token` (query or body) or the
 * session cookie, and gets the same checks either way. A request signed as OpenCart 4.1 signs them needs no
 * login: its signature authorizes it. With `options.cors`, pages of the listed origins may call it from a browser.
 *
 * The host passes the client's address in `info` (see {@link ClientInfo}); without it, the login and every route
 * that needs a session answer 500 `client_address_unknown`, since no API user's IP list can be checked.
 *
 * @param checkout - the checkout (`createCheckout`): it carries its settings, API users, login throttle and
 *   signed-request rules.
 * @param options - transport only: status codes, cookie, limits, texts, CORS, the trusted proxy header.
 * @throws CartwrightInvariantError when an option is invalid, or the checkout lacks what a handler needs.
 * @example
 * ```ts
 * const handler = createFetchHandler(createCheckout({ store: memoryStore(demoSnapshot({ apiKey })) }));
 * createServer(toNodeListener(handler)).listen(8080);
 * ```
 */
export function createFetchHandler(checkout: ComposedCheckout, options?: HttpOptions): FetchHandler;
/**
 * Creates the fetch handler over an engine of `cartwright/core` (`createEngine`), which carries no access rules:
 * `options` then names the settings, the API users, the login throttle and the key check (and, given a checkout,
 * replace what it carries).
 */
export function createFetchHandler(engine: Checkout, options: FetchHandlerOptions): FetchHandler;
export function createFetchHandler(
  checkout: Checkout | ComposedCheckout,
  options?: HttpOptions | FetchHandlerOptions,
): FetchHandler {
  const config = resolveOptions(handlerOptionsOf(checkout, options));
  warnAnyIp(config);
  const core = createCore(checkout, config);
  const bodyTakenReply = createBodyTakenReply(config);
  return async (request, info) => {
    // A lightweight request (the node listener's) is answered with a lightweight response: see lightweight.ts.
    const light = lightExchangeOf(request);
    if (light !== undefined) return lightResponse(await core(light, info));
    return responseOf(bodyTaken(request) ? bodyTakenReply() : await core(exchangeOf(request), info));
  };
}

/** The core of a handler: every exchange answered by its route, its handled error, or a logged 500; with CORS. */
function createCore(checkout: Checkout, config: HandlerConfig): ExchangeHandler {
  const answer = createAnswer(checkout, config);
  const { cors } = config;
  if (cors === undefined) return answer;
  return async (request, info) => {
    if (isPreflight(request)) return preflightReply(request, cors, config.texts.originNotAllowed);
    return withCors(await answer(request, info), request, cors);
  };
}

/** The core without CORS: every exchange answered by its route, its handled error, or a logged 500. */
function createAnswer(checkout: Checkout, config: HandlerConfig): ExchangeHandler {
  const { cookieName } = config;
  const logError = createErrorLog(config);
  return async (request, info) => {
    const client = clientOf(config, request, info);
    try {
      const outcome = await handle(checkout, config, request, client);
      const reply = outcome.match(
        (routed) => routeReply(routed, { name: cookieName, secure: client.https }),
        (error) => {
          logError(error, client);
          return errorReply(error, config.compat, { name: cookieName, secure: client.https });
        },
      );
      return request.method === 'HEAD' ? withoutBody(reply) : reply;
    } catch (error) {
      config.logger.error(`cartwright: ${describe(request)} failed unexpectedly`, error);
      return internalErrorReply(config.texts.internalError);
    }
  };
}
