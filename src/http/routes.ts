/**
 * The route table, derived from the operation descriptors: every `route=api/<controller>[/<method>]` and every
 * `route=api/order&call=<operation>` an operation names, plus the HTTP layer's own routes (login, logout and the
 * OpenAPI document). A row takes its method from the descriptor and presents the operation's result as its
 * answer kind says.
 *
 * Each route also answers at a path alias, for tools that address operations by path (OpenAPI's path items):
 * the route, then its call and code as further segments (`api/order/confirm`, `api/order/extension/coupon`),
 * at the end of whatever path the host mounts the handler under (`/api/order/confirm`,
 * `/shop/index.php/api/order/confirm`). A `route` in the query always wins, so `?route=` works as before.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { CartwrightInvariantError } from '../domain/errors.js';
import { messageText } from '../domain/messages.js';
import { isIdempotencyKey } from '../domain/order/claims.js';
import type { ConfirmOptions } from '../engine/run-confirm.js';
import type { AnswerKind } from '../operations/answers.js';
import type { Operation } from '../operations/index.js';
import { operations } from '../operations/index.js';
import type { HttpBinding, OperationRoute } from '../operations/operation.js';
import { login, logout } from './account.js';
import { aliasOf, keyOf } from './addresses.js';
import type { FormObject } from './form.js';
import { type HttpError, httpError } from './http-error.js';
import { openApiRoute } from './openapi/route.js';
import { paymentWebhook } from './payment-webhook.js';
import { presentCartLines, presentTotalLines } from './present-cart.js';
import { type AnswerPresenter, answerPresenter } from './presenters.js';
import type { Route, RouteReply, SessionCall, SessionRoute } from './route.js';

/**
 * The confirm options a request carries: its idempotency key and the client as the order records it. An
 * `Idempotency-Key` that is not 1 to 255 visible ASCII characters is refused (400), never cut or trimmed into
 * another key.
 */
function confirmOptions(c: SessionCall): Result<ConfirmOptions, HttpError> {
  const header = (name: string) => (c.headers.get(name) ?? '').slice(0, 255);
  const key = c.headers.get('idempotency-key');
  if (key !== null && !isIdempotencyKey(key)) {
    const warning = messageText(c.config.messages, 'order.idempotency_key');
    return err(httpError('malformed', { warning }));
  }
  return ok({
    ...(key === null ? {} : { idempotencyKey: key }),
    client: {
      ip: c.client.ip,
      forwardedIp: c.client.forwardedIp,
      userAgent: header('user-agent'),
      acceptLanguage: header('accept-language'),
    },
  });
}

/**
 * A refused confirm's answer carries OpenCart's `products`, `totals` and `shipping_required` next to `error`,
 * so a client sees the cart it could not buy.
 */
async function withCart(c: SessionCall, error: HttpError): Promise<Result<never, HttpError>> {
  const viewed = await c.checkout.viewCart(c.session);
  const cart = viewed.isOk() ? viewed.value : { products: [], totals: [], shippingRequired: false };
  return err({
    ...error,
    extra: {
      products: presentCartLines(cart.products, c.money),
      totals: presentTotalLines(cart.totals, c.money),
      shipping_required: cart.shippingRequired,
      ...('totalsDigest' in cart ? { totals_digest: cart.totalsDigest } : {}),
    },
  });
}

/** Runs `operation` through the engine and presents its result with `presenter`, its answer kind's. */
async function answerOf(
  operation: Operation,
  presenter: AnswerPresenter<AnswerKind>,
  c: SessionCall,
  options: ConfirmOptions | undefined,
): Promise<Result<RouteReply, HttpError>> {
  const result = await c.checkout.run(operation.name, c.session, c.input, options);
  if (result.isErr()) return err(result.error);
  const headers = presenter.headers?.(result.value as never);
  return ok({
    body: presenter.body(result.value as never, c),
    ...(headers === undefined ? {} : { headers }),
  });
}

/**
 * The route of an operation: its method, its run through the engine, its answer presented. What the descriptor
 * fixes (the presenter, whether the route reads an idempotency key) is worked out here, once, not per request.
 */
function routeOf(operation: Operation): SessionRoute {
  const http: HttpBinding | undefined = operation.http;
  const presenter = answerPresenter(operation.answer);
  const isConfirm = operation.kind === 'confirm';
  // A refund names itself with the same header, so a client's retry answers the refund it already made.
  const takesKey = isConfirm || operation.name === 'payment_refund';
  return {
    method: http?.method ?? 'GET',
    ...(http?.alsoGet === true ? { alsoGet: true } : {}),
    access: 'session',
    run: async (c) => {
      if (!takesKey) return answerOf(operation, presenter, c, undefined);
      // A malformed Idempotency-Key is a 400 before anything runs; a refused confirm shows the cart it refused.
      const options = confirmOptions(c);
      if (options.isErr()) return err(options.error);
      if (!isConfirm) return answerOf(operation, presenter, c, options.value);
      const answered = await answerOf(operation, presenter, c, options.value);
      return answered.isOk() ? answered : withCart(c, answered.error);
    },
  };
}

/** The HTTP layer's own routes, by address. */
const ownRoutes: readonly (readonly [OperationRoute, Route])[] = [
  [{ route: 'api/account/login' }, login],
  [{ route: 'api/account/logout' }, logout],
  [{ route: 'api/openapi' }, openApiRoute],
  [{ route: 'api/payment/webhook' }, paymentWebhook],
];

/** Every route with its address. */
function table(): (readonly [OperationRoute, Route])[] {
  const rows = [...ownRoutes];
  for (const operation of operations) {
    const route = routeOf(operation);
    for (const address of operation.http?.routes ?? []) rows.push([address, route]);
  }
  return rows;
}

/** `rows` by the key `keyFor` gives each; two rows with one key are a bug in the descriptors. */
function byKey<T>(
  rows: readonly (readonly [OperationRoute, T])[],
  keyFor: (address: OperationRoute) => string,
) {
  const map = new Map<string, T>();
  for (const [address, value] of rows) {
    const key = keyFor(address);
    if (map.has(key)) throw new CartwrightInvariantError(`http: two routes answer ${key}`);
    map.set(key, value);
  }
  return map;
}

/** Every route with its address, listed once for both tables below. */
const rows = table();

/** The routes by key. A `Map`, so a key such as `constructor` or `__proto__` finds nothing. */
export const routes: ReadonlyMap<string, Route> = byKey(rows, keyOf);

/** The route keys by path alias. */
const aliases: ReadonlyMap<string, string> = byKey(
  rows.map(([address]) => [address, keyOf(address)] as const),
  aliasOf,
);

/** A query parameter as text, or '' when it is missing or not text. */
function param(query: FormObject, name: string): string {
  const value = query[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The route key of a path alias at the end of `path`: from its last `api` segment on (`/shop/api/order/confirm`
 * is `api/order&call=confirm`); '' when it names none. Empty segments (`//`, a trailing `/`) are skipped.
 */
function aliasKey(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  const start = segments.lastIndexOf('api');
  return start < 0 ? '' : (aliases.get(segments.slice(start).join('/')) ?? '');
}

/**
 * The route key a request addresses: its query's `route`, or without one the path alias `path` ends in.
 * OpenCart 4 separates a controller's method with `.` (4.0.2) or `|` (4.0.0), so `api/cart.addProduct` and
 * `api/cart|addProduct` are `api/cart/addProduct`. The order controller's operation is its `call`, and the
 * extension call's total is its `code`.
 */
export function routeKey(query: FormObject, path = ''): string {
  const route = param(query, 'route').replace(/[.|]/g, '/');
  if (route === '') return aliasKey(path);
  if (route !== 'api/order') return route;
  // The key `keyOf` gives the address the query names, written straight from the query's text: the table's keys
  // are worked out once from the descriptors, and a request needs no address of its own to find its row.
  const call = param(query, 'call');
  return call === 'extension'
    ? `${route}&call=${call}&code=${param(query, 'code')}`
    : `${route}&call=${call}`;
}

/** The route a request's query (or, without a `route`, its path) addresses, or undefined. */
export function findRoute(query: FormObject, path = ''): Route | undefined {
  return routes.get(routeKey(query, path));
}
