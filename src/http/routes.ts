/**
 * The route table, derived from the operation descriptors: every `route=api/<controller>[/<method>]` and every
 * `route=api/order&call=<operation>` an operation names, plus the account routes (login and logout), which are
 * the HTTP layer's own. A row takes its method from the descriptor and presents the operation's result as its
 * answer kind says.
 * @module
 */
import { err, errAsync, ok, okAsync, type Result, type ResultAsync } from 'neverthrow';
import { messageText } from '../domain/messages.js';
import { isIdempotencyKey } from '../domain/order/claims.js';
import type { ConfirmOptions } from '../engine/run-confirm.js';
import type { Operation } from '../operations/index.js';
import { operations } from '../operations/index.js';
import type { HttpBinding, OperationRoute } from '../operations/operation.js';
import { login, logout } from './account.js';
import type { FormObject } from './form.js';
import { type HttpError, httpError } from './http-error.js';
import { presentCartLines, presentTotalLines } from './present-cart.js';
import { present } from './presenters.js';
import type { Route, SessionCall, SessionRoute } from './route.js';

/** The key of a route: `api/cart/addProduct`, or `api/order&call=<call>` (and `&code=<code>` for `extension`). */
function keyOf(route: OperationRoute): string {
  if (route.call === undefined) return route.route;
  return `${route.route}&call=${route.call}${route.code === undefined ? '' : `&code=${route.code}`}`;
}

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
 * A refused confirm's answer carries the seed's `products`, `totals` and `shipping_required` next to `error`,
 * so a client sees the cart it could not buy.
 */
function withCart(c: SessionCall, error: HttpError): ResultAsync<never, HttpError> {
  return c.checkout
    .viewCart(c.session)
    .orElse(() => okAsync({ products: [], totals: [], shippingRequired: false }))
    .andThen((cart) =>
      errAsync<never, HttpError>({
        ...error,
        extra: {
          products: presentCartLines(cart.products, c.money),
          totals: presentTotalLines(cart.totals, c.money),
          shipping_required: cart.shippingRequired,
        },
      }),
    );
}

/** The route of an operation: its method, its run through the engine, its answer presented. */
function routeOf(operation: Operation): SessionRoute {
  const http: HttpBinding | undefined = operation.http;
  const isConfirm = operation.kind === 'confirm';
  return {
    method: http?.method ?? 'GET',
    ...(http?.alsoGet === true ? { alsoGet: true } : {}),
    access: 'session',
    run: (c) => {
      const context = { money: c.money, config: c.config };
      const answer = (options?: ConfirmOptions) =>
        c.checkout
          .run(operation.name, c.session, c.input, options)
          .map((value) => ({ body: present(operation.answer, value as never, context) }));
      // A malformed Idempotency-Key is a 400 before anything runs; a refused confirm shows the cart it refused.
      if (!isConfirm) return answer();
      return confirmOptions(c).asyncAndThen((options) =>
        answer(options).orElse((error) => withCart(c, error)),
      );
    },
  };
}

/** Every route by key. */
function table(): (readonly [string, Route])[] {
  const rows: (readonly [string, Route])[] = [
    ['api/account/login', login],
    ['api/account/logout', logout],
  ];
  for (const operation of operations) {
    const route = routeOf(operation);
    for (const address of operation.http?.routes ?? []) rows.push([keyOf(address), route]);
  }
  return rows;
}

/** The routes by key. A `Map`, so a key such as `constructor` or `__proto__` finds nothing. */
export const routes: ReadonlyMap<string, Route> = new Map(table());

/** A query parameter as text, or '' when it is missing or not text. */
function param(query: FormObject, name: string): string {
  const value = query[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The route key a query addresses. OpenCart 4 separates a controller's method with `.` (4.0.2) or `|` (4.0.0),
 * so `api/cart.addProduct` and `api/cart|addProduct` are `api/cart/addProduct`. The order controller's operation
 * is its `call`, and the extension call's total is its `code`.
 */
export function routeKey(query: FormObject): string {
  const route = param(query, 'route').replace(/[.|]/g, '/');
  if (route !== 'api/order') return route;
  const call = param(query, 'call');
  return keyOf({ route, call, ...(call === 'extension' ? { code: param(query, 'code') } : {}) });
}

/** The route a query addresses, or undefined. */
export function findRoute(query: FormObject): Route | undefined {
  return routes.get(routeKey(query));
}
