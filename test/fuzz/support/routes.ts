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

/** A route inside a session that takes POST. */
const post = (shape: Shape, ...spellings: string[]): RouteSpec => ({
  spellings,
  method: 'POST',
  access: 'session',
  shape,
});

/** A route inside a session that takes GET. */
const get = (shape: Shape, ...spellings: string[]): RouteSpec => ({
  ...post(shape, ...spellings),
  method: 'GET',
});

/** The routes. */
export const routeSpecs: Readonly<Record<RouteName, RouteSpec>> = {
  login: { spellings: separated('account', 'login'), method: 'POST', access: 'public', shape: 'login' },
  logout: post('success', ...separated('account', 'logout')),
  customer: post('step', 'route=api/customer', call('customer')),
  cart: post('step', 'route=api/cart', call('cart')),
  addProduct: post('step', ...separated('cart', 'addProduct'), call('product_add')),
  getProducts: get('lines', ...separated('cart', 'getProducts')),
  getTotals: get('totals', ...separated('cart', 'getTotals')),
  update: post('step', ...separated('cart', 'update')),
  remove: post('step', ...separated('cart', 'remove')),
  currency: post('step', 'route=api/currency'),
  manufacturer: get('manufacturer', 'route=api/manufacturer'),
  manufacturerList: get('manufacturers', ...separated('manufacturer', 'list')),
  productList: get('products', ...separated('product', 'list')),
  paymentAddress: post('step', call('payment_address')),
  shippingAddress: post('step', call('shipping_address')),
  shippingMethods: get('shippingMethods', call('shipping_methods'), `${call('shipping_methods')}+`),
  shippingMethod: post('summary', call('shipping_method')),
  paymentMethods: get('paymentMethods', call('payment_methods')),
  paymentMethod: post('summary', call('payment_method')),
  coupon: post('summary', `${call('extension')}&code=coupon`, `code=coupon&${call('extension')}`),
  reward: post('summary', `${call('extension')}&code=reward`),
  affiliate: post('step', call('affiliate')),
  confirm: { ...post('confirm', call('confirm')), alsoGet: true },
  historyAdd: post('step', call('history_add')),
  orderInfo: get('order', ...separated('order', 'info')),
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
