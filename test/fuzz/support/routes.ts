/**
 * Every route and `call` of the HTTP API as the fuzzer knows them from the documentation: how each may be
 * written in the query, the method it takes, whether it needs a session, and the shape of its success.
 */

/** The routes, by the fuzzer's names. */
export type RouteName =
  | 'login'
  | 'logout'
  | 'customer'
  | 'cart'
  | 'addProduct'
  | 'getProducts'
  | 'getTotals'
  | 'update'
  | 'remove'
  | 'currency'
  | 'manufacturer'
  | 'manufacturerList'
  | 'productList'
  | 'paymentAddress'
  | 'shippingAddress'
  | 'shippingMethods'
  | 'shippingMethod'
  | 'paymentMethods'
  | 'paymentMethod'
  | 'coupon'
  | 'reward'
  | 'affiliate'
  | 'confirm'
  | 'historyAdd'
  | 'orderInfo'
  | 'unknown';

/** The success body of a route. */
export type Shape =
  | 'login'
  | 'success'
  | 'step'
  | 'summary'
  | 'lines'
  | 'totals'
  | 'shippingMethods'
  | 'paymentMethods'
  | 'confirm'
  | 'order'
  | 'manufacturer'
  | 'manufacturers'
  | 'products'
  | 'none';

/** What the fuzzer knows of a route. */
export interface RouteSpec {
  /** Ways to write it in the query (already URL-encoded); every one addresses this route. */
  readonly spellings: readonly string[];
  readonly method: 'GET' | 'POST';
  /** A POST route that answers GET too (confirm). */
  readonly alsoGet?: boolean;
  readonly access: 'public' | 'session';
  readonly shape: Shape;
}

/** The query of an order-controller call. */
const call = (name: string): string => `route=api/order&call=${name}`;

/** A route name written in the three separators OpenCart 4 clients use, and with its slashes encoded. */
const separated = (controller: string, method: string): string[] => [
  `route=api/${controller}/${method}`,
  `route=api/${controller}.${method}`,
  `route=api/${controller}|${method}`,
  `route=api%2F${controller}%2F${method}`,
  `route=+api/${controller}/${method}+`,
];

/** The routes. */
export const routeSpecs: Readonly<Record<RouteName, RouteSpec>> = {
  login: { spellings: separated('account', 'login'), method: 'POST', access: 'public', shape: 'login' },
  logout: { spellings: separated('account', 'logout'), method: 'POST', access: 'session', shape: 'success' },
  customer: {
    spellings: ['route=api/customer', call('customer')],
    method: 'POST',
    access: 'session',
    shape: 'step',
  },
  cart: { spellings: ['route=api/cart', call('cart')], method: 'POST', access: 'session', shape: 'step' },
  addProduct: {
    spellings: [...separated('cart', 'addProduct'), call('product_add')],
    method: 'POST',
    access: 'session',
    shape: 'step',
  },
  getProducts: {
    spellings: separated('cart', 'getProducts'),
    method: 'GET',
    access: 'session',
    shape: 'lines',
  },
  getTotals: { spellings: separated('cart', 'getTotals'), method: 'GET', access: 'session', shape: 'totals' },
  update: { spellings: separated('cart', 'update'), method: 'POST', access: 'session', shape: 'step' },
  remove: { spellings: separated('cart', 'remove'), method: 'POST', access: 'session', shape: 'step' },
  currency: { spellings: ['route=api/currency'], method: 'POST', access: 'session', shape: 'step' },
  manufacturer: {
    spellings: ['route=api/manufacturer'],
    method: 'GET',
    access: 'session',
    shape: 'manufacturer',
  },
  manufacturerList: {
    spellings: separated('manufacturer', 'list'),
    method: 'GET',
    access: 'session',
    shape: 'manufacturers',
  },
  productList: {
    spellings: separated('product', 'list'),
    method: 'GET',
    access: 'session',
    shape: 'products',
  },
  paymentAddress: { spellings: [call('payment_address')], method: 'POST', access: 'session', shape: 'step' },
  shippingAddress: {
    spellings: [call('shipping_address')],
    method: 'POST',
    access: 'session',
    shape: 'step',
  },
  shippingMethods: {
    spellings: [call('shipping_methods'), `${call('shipping_methods')}+`],
    method: 'GET',
    access: 'session',
    shape: 'shippingMethods',
  },
  shippingMethod: {
    spellings: [call('shipping_method')],
    method: 'POST',
    access: 'session',
    shape: 'summary',
  },
  paymentMethods: {
    spellings: [call('payment_methods')],
    method: 'GET',
    access: 'session',
    shape: 'paymentMethods',
  },
  paymentMethod: { spellings: [call('payment_method')], method: 'POST', access: 'session', shape: 'summary' },
  coupon: {
    spellings: [`${call('extension')}&code=coupon`, `code=coupon&${call('extension')}`],
    method: 'POST',
    access: 'session',
    shape: 'summary',
  },
  reward: {
    spellings: [`${call('extension')}&code=reward`],
    method: 'POST',
    access: 'session',
    shape: 'summary',
  },
  affiliate: { spellings: [call('affiliate')], method: 'POST', access: 'session', shape: 'step' },
  confirm: {
    spellings: [call('confirm')],
    method: 'POST',
    alsoGet: true,
    access: 'session',
    shape: 'confirm',
  },
  historyAdd: { spellings: [call('history_add')], method: 'POST', access: 'session', shape: 'step' },
  orderInfo: { spellings: separated('order', 'info'), method: 'GET', access: 'session', shape: 'order' },
  unknown: {
    spellings: [
      '',
      'route=',
      'route=api/nothing',
      'route=API/CART',
      'route=api/cart/addProduct/',
      'route=api//cart',
      'route=constructor',
      'route=__proto__',
      'route=toString',
      'route[]=api/cart',
      'route[a]=api/cart',
      call('nothing'),
      call('constructor'),
      call('extension'),
      `${call('extension')}&code=nothing`,
      `${call('extension')}&code=__proto__`,
      'route=api/order',
      'route=api/order&call[]=confirm',
    ],
    method: 'GET',
    access: 'public',
    shape: 'none',
  },
};

/** Whether a route answers `method`; HEAD is GET without a body on the routes that take GET only. */
export function takes(spec: RouteSpec, method: string): boolean {
  if (method === spec.method) return true;
  if (method === 'GET') return spec.alsoGet === true;
  return method === 'HEAD' && spec.method === 'GET';
}

/** The `Allow` header a 405 of the route carries. */
export function allowOf(spec: RouteSpec): string {
  if (spec.method === 'GET') return 'GET, HEAD';
  return spec.alsoGet === true ? 'GET, POST' : spec.method;
}

/** Whether a method's parameters come from the query (it has no body to read). */
export function readsQuery(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** The routes that change nothing in the session but its expiry. */
export const readOnly: ReadonlySet<RouteName> = new Set([
  'getProducts',
  'getTotals',
  'manufacturer',
  'manufacturerList',
  'productList',
  'historyAdd',
  'orderInfo',
]);
