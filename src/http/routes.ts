/**
 * The route table: every `route=api/<controller>[/<method>]` and every `route=api/order&call=<operation>` of the
 * seed, plus the catalog routes of DECISIONS 29 and the account routes, one row each. A row names its method
 * and maps the engine operation's result to the seed's JSON shape.
 * @module
 */

import { errAsync, okAsync } from 'neverthrow';
import type { FormObject } from '../input/form.js';
import { login, logout } from './account.js';
import type { HttpError } from './http-error.js';
import { presentCartLines, presentTotalLines } from './present-cart.js';
import { presentManufacturer, presentManufacturerEntry, presentProductEntry } from './present-catalog.js';
import { presentPaymentMethods, presentShippingMethods } from './present-methods.js';
import { createMoneyPresenter } from './present-money.js';
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

/** The confirm options a request carries: its idempotency key and the client as the order records it. */
function confirmOptions(c: SessionCall) {
  const header = (name: string) => (c.headers.get(name) ?? '').slice(0, 255);
  const key = header('idempotency-key').trim();
  return {
    ...(key === '' ? {} : { idempotencyKey: key }),
    client: {
      ip: c.client.ip,
      forwardedIp: c.client.forwardedIp,
      userAgent: header('user-agent'),
      acceptLanguage: header('accept-language'),
    },
  };
}

/**
 * Confirm (seed endpoint 8): on success the order id, points, commission and the cart; on failure the seed's
 * `error` with `products`, `totals` and `shipping_required` next to it.
 */
const confirm = postOrGet((c) =>
  c.checkout
    .confirm(c.sessionId, untrusted(c.input), confirmOptions(c))
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
      // The cart as it is, read without sliding the expiry: a refused confirm must not keep the session alive.
      c.checkout
        .viewCart(c.sessionId)
        .orElse(() => okAsync({ products: [], totals: [], shippingRequired: false }))
        .andThen(({ products, totals, shippingRequired }) =>
          errAsync<never, HttpError>({
            ...error,
            extra: {
              products: presentCartLines(products, c.money),
              totals: presentTotalLines(totals, c.money),
              shipping_required: shippingRequired,
            },
          }),
        ),
    ),
);

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
        order: presentOrder(order, createMoneyPresenter(c.config.settings, c.config.settings.currency)),
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
