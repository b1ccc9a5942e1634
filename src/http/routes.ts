/**
 * The route table: every `route=api/<controller>[/<method>]` and every `route=api/order&call=<operation>` of the
 * seed, plus the catalog routes of DECISIONS 29 and the account routes, one row each. A row names its method
 * and maps the engine operation's result to the seed's JSON shape.
 * @module
 */

import { err, errAsync, ok, okAsync, type Result, ResultAsync } from 'neverthrow';
import { messageText } from '../domain/messages.js';
import type { ConfirmOptions } from '../engine/confirm.js';
import { isIdempotencyKey } from '../engine/order-claims.js';
import type { FormObject } from '../input/form.js';
import { login, logout } from './account.js';
import { type HttpError, httpError } from './http-error.js';
import { presentCartLines, presentTotalLines } from './present-cart.js';
import { presentManufacturer, presentManufacturerEntry, presentProductEntry } from './present-catalog.js';
import { presentPaymentMethods, presentShippingMethods } from './present-methods.js';
import { presentOrder } from './present-order.js';
import { droppedOf, presentStep, presentSummary } from './present-steps.js';
import { get, post, postOrGet, type Route, type SessionCall, untrusted } from './route.js';

/** The key of an order-controller call: `api/order&call=<call>` (and `&code=<code>` for `extension`). */
function order(call: string, code?: string): string {
  return `api/order&call=${call}${code === undefined ? '' : `&code=${code}`}`;
}

const customer = post((c) => c.checkout.setCustomer(c.sessionId, untrusted(c.input)).map(presentStep));
const cartAdd = post((c) => c.checkout.addProducts(c.sessionId, untrusted(c.input)).map(presentStep));
const productAdd = post((c) => c.checkout.addProduct(c.sessionId, untrusted(c.input)).map(presentStep));

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

/** Runs confirm with its options: the seed's answer, or its error with the cart beside it. */
function runConfirm(c: SessionCall, options: ConfirmOptions): ResultAsync<unknown, HttpError> {
  return c.checkout
    .confirm(c.sessionId, untrusted(c.input), options)
    .map((result) => ({
      success: result.success,
      order_id: result.orderId,
      points: result.points,
      commission: result.commission,
      products: presentCartLines(result.products, c.money),
      totals: presentTotalLines(result.totals, c.money),
      shipping_required: result.shippingRequired,
    }))
    .orElse((error) =>
      ResultAsync.combine([c.checkout.getProducts(c.sessionId), c.checkout.getTotals(c.sessionId)] as const)
        .orElse(() => okAsync([[], []] as const))
        .andThen(([products, totals]) =>
          errAsync<never, HttpError>({
            ...error,
            extra: {
              products: presentCartLines(products, c.money),
              totals: presentTotalLines(totals, c.money),
              shipping_required: products.some((line) => line.shipping),
            },
          }),
        ),
    );
}

/**
 * Confirm (seed endpoint 8): on success the order id, points, commission and the cart; on failure the seed's
 * `error` with `products`, `totals` and `shipping_required` next to it. A malformed `Idempotency-Key` is a 400
 * before anything runs.
 */
const confirm = postOrGet((c) => confirmOptions(c).asyncAndThen((options) => runConfirm(c, options)));

/** Every route by key. */
const table: readonly (readonly [string, Route])[] = [
  ['api/account/login', login],
  ['api/account/logout', logout],
  ['api/customer', customer],
  ['api/cart', cartAdd],
  ['api/cart/addProduct', productAdd],
  [
    'api/cart/getProducts',
    get((c) => c.checkout.getProducts(c.sessionId).map((lines) => presentCartLines(lines, c.money))),
  ],
  [
    'api/cart/getTotals',
    get((c) => c.checkout.getTotals(c.sessionId).map((lines) => presentTotalLines(lines, c.money))),
  ],
  [
    'api/cart/update',
    post((c) => c.checkout.updateCartLine(c.sessionId, untrusted(c.input)).map(presentStep)),
  ],
  [
    'api/cart/remove',
    post((c) => c.checkout.removeCartLine(c.sessionId, untrusted(c.input)).map(presentStep)),
  ],
  ['api/currency', post((c) => c.checkout.setCurrency(c.sessionId, untrusted(c.input)).map(presentStep))],
  [
    'api/manufacturer',
    get((c) =>
      c.checkout
        .getManufacturer(c.sessionId, untrusted(c.input))
        .map((manufacturer) => ({ manufacturer: presentManufacturer(manufacturer) })),
    ),
  ],
  [
    'api/manufacturer/list',
    get((c) =>
      c.checkout.getManufacturers(c.sessionId, untrusted(c.input)).map((page) => ({
        manufacturers: page.manufacturers.map(presentManufacturerEntry),
        total: page.total,
      })),
    ),
  ],
  [
    'api/product/list',
    get((c) =>
      c.checkout.listProducts(c.sessionId, untrusted(c.input)).map((page) => ({
        products: page.products.map((entry) => presentProductEntry(entry, c.money)),
        total: page.total,
      })),
    ),
  ],
  [order('customer'), customer],
  [order('cart'), cartAdd],
  [order('product_add'), productAdd],
  [
    order('payment_address'),
    post((c) => c.checkout.setPaymentAddress(c.sessionId, untrusted(c.input)).map(presentStep)),
  ],
  [
    order('shipping_address'),
    post((c) => c.checkout.setShippingAddress(c.sessionId, untrusted(c.input)).map(presentStep)),
  ],
  [
    order('shipping_methods'),
    get((c) =>
      c.checkout.getShippingMethods(c.sessionId).map((result) => ({
        shipping_methods: presentShippingMethods(result.shippingMethods, c.money),
        ...droppedOf(result.dropped),
      })),
    ),
  ],
  [
    order('shipping_method'),
    post((c) =>
      c.checkout
        .setShippingMethod(c.sessionId, untrusted(c.input))
        .map((result) => presentSummary(result, c.money)),
    ),
  ],
  [
    order('payment_methods'),
    get((c) =>
      c.checkout.getPaymentMethods(c.sessionId).map((result) => ({
        payment_methods: presentPaymentMethods(result.paymentMethods),
        ...droppedOf(result.dropped),
      })),
    ),
  ],
  [
    order('payment_method'),
    post((c) =>
      c.checkout
        .setPaymentMethod(c.sessionId, untrusted(c.input))
        .map((result) => presentSummary(result, c.money)),
    ),
  ],
  [
    order('extension', 'coupon'),
    post((c) =>
      c.checkout.setCoupon(c.sessionId, untrusted(c.input)).map((result) => presentSummary(result, c.money)),
    ),
  ],
  [
    order('extension', 'reward'),
    post((c) =>
      c.checkout.setReward(c.sessionId, untrusted(c.input)).map((result) => presentSummary(result, c.money)),
    ),
  ],
  [
    order('affiliate'),
    post((c) => c.checkout.setAffiliate(c.sessionId, untrusted(c.input)).map(presentStep)),
  ],
  [order('confirm'), confirm],
  [
    order('history_add'),
    post((c) => c.checkout.addHistory(c.sessionId, untrusted(c.input)).map(presentStep)),
  ],
  [
    'api/order/info',
    get((c) =>
      c.checkout.getOrder(c.sessionId, untrusted(c.input)).map((order) => ({
        order: presentOrder(order, c.config.settings),
      })),
    ),
  ],
];

/** The routes by key. A `Map`, so a key such as `constructor` or `__proto__` finds nothing. */
export const routes: ReadonlyMap<string, Route> = new Map(table);

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
  return call === 'extension' ? order(call, param(query, 'code')) : order(call);
}

/** The route a query addresses, or undefined. */
export function findRoute(query: FormObject): Route | undefined {
  return routes.get(routeKey(query));
}
