/**
 * The documented JSON shapes of every answer (docs/http-api.md): each route's success body, and the error body
 * `{ "error": { <key>: <text> } }` with its keys from the allowed set. Each check returns the problems it found,
 * as sentences; none means the body has the shape.
 */
import type { Shape } from './routes.js';

type Loose = { readonly [key: string]: unknown };

const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);
const isMoney = (value: unknown) => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown) => typeof value === 'string';

/** Problems of `value` against field checks. */
function fields(
  where: string,
  value: unknown,
  checks: Readonly<Record<string, (v: unknown) => boolean>>,
): string[] {
  if (!isObject(value)) return [`${where} is not an object`];
  return Object.entries(checks)
    .filter(([name, check]) => !check(value[name]))
    .map(([name]) => `${where}.${name} is ${JSON.stringify(value[name])?.slice(0, 80)}`);
}

function list(where: string, value: unknown, item: (where: string, v: unknown) => string[]): string[] {
  if (!Array.isArray(value)) return [`${where} is not a list`];
  return value.flatMap((v, i) => item(`${where}[${i}]`, v));
}

const cartLine = (where: string, v: unknown) =>
  fields(where, v, {
    cart_id: isText,
    product_id: isInt,
    name: isText,
    quantity: isInt,
    price: isMoney,
    total: isMoney,
    option: Array.isArray,
  });

const totalLine = (where: string, v: unknown) =>
  fields(where, v, { code: isText, title: isText, value: isMoney, text: isText, sort_order: isInt });

/** `dropped`, when present, lists chosen methods. */
function dropped(body: Loose): string[] {
  if (!('dropped' in body)) return [];
  const ok =
    Array.isArray(body.dropped) &&
    body.dropped.length > 0 &&
    body.dropped.every((item) => item === 'shipping_method' || item === 'payment_method');
  return ok ? [] : [`dropped is ${JSON.stringify(body.dropped)}`];
}

function step(body: Loose): string[] {
  return [...fields('body', body, { success: isText }), ...dropped(body)];
}

function summary(body: Loose): string[] {
  return [
    ...step(body),
    ...list('products', body.products, cartLine),
    ...list('totals', body.totals, totalLine),
    ...(typeof body.shipping_required === 'boolean' ? [] : ['shipping_required is not a boolean']),
    ...(typeof body.totals_digest === 'string' && /^[0-9a-f]{16}$/.test(body.totals_digest)
      ? []
      : ['totals_digest is not 16 hex digits']),
  ];
}

function objectOf(where: string, value: unknown, item: (where: string, v: unknown) => string[]): string[] {
  if (!isObject(value)) return [`${where} is not an object`];
  return Object.entries(value).flatMap(([key, v]) => item(`${where}.${key}`, v));
}

const shippingGroup = (where: string, v: unknown) => [
  ...fields(where, v, { title: isText, sort_order: isInt }),
  ...objectOf(`${where}.quote`, isObject(v) ? v.quote : undefined, (w, q) =>
    fields(w, q, { code: isText, name: isText, cost: isMoney, tax_class_id: isInt, text: isText }),
  ),
];

const paymentMethod = (where: string, v: unknown) =>
  fields(where, v, { code: isText, name: isText, option: isObject, sort_order: isInt });

/** The problems of a 200 body of a route with this shape. */
export function successProblems(shape: Shape, body: unknown): string[] {
  if (shape === 'lines') return list('body', body, cartLine);
  if (shape === 'totals') return list('body', body, totalLine);
  if (!isObject(body)) return ['the body is not an object'];
  if ('error' in body) return ['a 200 answer carries `error`'];
  switch (shape) {
    case 'login':
      return fields('body', body, { success: isText, api_token: isText });
    case 'success':
      return fields('body', body, { success: isText });
    case 'step':
      // A multi add without product rows answers the cart, as a summary.
      return 'products' in body ? summary(body) : step(body);
    case 'summary':
      return summary(body);
    case 'shippingMethods':
      return [...objectOf('shipping_methods', body.shipping_methods, shippingGroup), ...dropped(body)];
    case 'paymentMethods':
      return [...objectOf('payment_methods', body.payment_methods, paymentMethod), ...dropped(body)];
    case 'confirm':
      return [
        ...summary(body),
        ...fields('body', body, {
          order_id: (v) => isInt(v) && (v as number) > 0,
          points: isMoney,
          commission: isText,
        }),
      ];
    case 'order':
      return fields('order', body.order, {
        order_id: isInt,
        products: Array.isArray,
        totals: Array.isArray,
        history: Array.isArray,
        total: isMoney,
        currency_code: isText,
      });
    case 'manufacturer':
      return fields('manufacturer', body.manufacturer, { manufacturer_id: isInt, name: isText });
    case 'manufacturers':
      return [
        ...list('manufacturers', body.manufacturers, (w, v) =>
          fields(w, v, { manufacturer_id: isInt, name: isText }),
        ),
        ...(isInt(body.total) ? [] : ['total is not an integer']),
      ];
    case 'products':
      return [
        ...list('products', body.products, (w, v) =>
          fields(w, v, { product_id: isInt, name: isText, price: isMoney }),
        ),
        ...(isInt(body.total) ? [] : ['total is not an integer']),
      ];
    case 'none':
      return ['a route that does not exist answered 200'];
  }
}

/** Field names without ids. */
const plainKeys = new Set([
  'warning',
  'totals',
  'totals_digest',
  'payment_token',
  'payment',
  'firstname',
  'lastname',
  'email',
  'telephone',
  'customer_group',
  'customer',
  'product',
  'payment_address',
  'shipping_address',
  'shipping_method',
  'payment_method',
  'coupon',
  'reward',
  'affiliate',
  'affiliate_id',
  'currency',
  'order_id',
  'order_status_id',
  'comment',
  'notify',
  'override',
  'cart_id',
  'quantity',
  'subscription',
  'manufacturer_id',
]);

/** Keys with integer ids (the ids of the seed: option, custom field, product row). */
const idKeys = [
  /^option_[1-9]\d{0,14}$/,
  /^custom_field_[1-9]\d{0,14}$/,
  /^(payment|shipping)_(firstname|lastname|company|address_1|address_2|city|postcode|country|zone)$/,
  /^(payment|shipping)_custom_field_[1-9]\d{0,14}$/,
  /^product_(0|[1-9]\d{0,14})_(product|quantity|subscription)$/,
  /^product_(0|[1-9]\d{0,14})_option_[1-9]\d{0,14}$/,
];

/** Whether an error key is one the documentation allows: a seed field name, with integer ids only. */
export function isAllowedKey(key: string): boolean {
  return plainKeys.has(key) || idKeys.some((pattern) => pattern.test(key));
}

/** The problems of an error body; `extras` are the members allowed next to `error` (confirm's cart). */
export function errorProblems(body: unknown, extras: boolean): string[] {
  if (!isObject(body)) return ['the error body is not an object'];
  const problems: string[] = [];
  const allowed = extras ? ['error', 'products', 'totals', 'shipping_required', 'totals_digest'] : ['error'];
  for (const key of Object.keys(body)) if (!allowed.includes(key)) problems.push(`unexpected member ${key}`);
  if (!isObject(body.error)) return [...problems, '`error` is not an object of texts'];
  const entries = Object.entries(body.error);
  if (entries.length === 0) problems.push('`error` is empty');
  for (const [key, text] of entries) {
    if (typeof text !== 'string' || text === '') problems.push(`error.${key} is not a text`);
    if (!isAllowedKey(key)) problems.push(`error key ${JSON.stringify(key)} is not a documented field name`);
  }
  return problems;
}
