/**
 * What the model can say for sure about an operation before it runs: a request that follows every documented
 * rule with plain text must be accepted, and one that breaks a rule the model can check must be refused. Where
 * the outcome depends on something the model does not follow (the e-mail rules of a library, coupon dates,
 * fraud checks), it says nothing and the operation's documented statuses stand.
 */
import type { Catalog } from './catalog.js';
import type { Model, ModelSession } from './model.js';
import { readItem, readMethodCode } from './predict.js';
import { isBlank, length, readId, readInteger, readMap, readRows, readText } from './reading.js';
import type { RouteName } from './routes.js';
import type { Seen } from './tree.js';
import type { View } from './view.js';

type Input = { readonly [key: string]: Seen };

const accepted = [200] as const;
const refused = [422] as const;

/** Text every store holds and every rule reads the same way: letters, digits, punctuation, symbols, spaces. */
export function isPlainText(text: string): boolean {
  return /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]*$/u.test(text);
}

/** A read text, when it is plain; `undefined` otherwise. */
function plain(value: Seen | undefined): string | undefined {
  const text = readText(value);
  return text !== undefined && isPlainText(text) ? text : undefined;
}

const within = (text: string, min: number, max: number) => length(text) >= min && length(text) <= max;

function cartShips(view: View, catalog: Catalog): boolean {
  return view.cart.some((line) => catalog.products.get(line.productId)?.shipping === true);
}

function customer(input: Input, catalog: Catalog): readonly number[] | undefined {
  if (readId(input.customer_id) !== 0 || ![0, 1].includes(readId(input.customer_group_id) ?? -1))
    return undefined;
  if (readMap(input.custom_field)?.length !== 0) return undefined;
  const [first, last, email, phone] = ['firstname', 'lastname', 'email', 'telephone'].map((k) =>
    plain(input[k]),
  );
  if (first === undefined || last === undefined || email === undefined || phone === undefined)
    return undefined;
  if (!within(first, 1, 32) || !within(last, 1, 32)) return refused;
  if (catalog.telephoneRequired && !within(phone, 3, 32)) return refused;
  const simpleEmail = /^[a-z0-9._-]{1,40}@[a-z0-9-]{1,20}(\.[a-z0-9-]{1,10})*\.[a-z]{2,6}$/i;
  return simpleEmail.test(email.trim()) ? accepted : undefined;
}

/** A cart add: every item valid and available must be accepted; an item the model finds invalid, refused. */
function addProducts(route: RouteName, input: Input, catalog: Catalog): readonly number[] | undefined {
  const rows = route === 'cart' ? readRows(input.product) : [['', input] as [string, Seen]];
  // A multi add without rows answers the cart as it is.
  if (rows.length === 0) return route === 'cart' ? accepted : undefined;
  for (const [n, raw] of rows) {
    if (route === 'cart' && !/^[0-9A-Za-z_-]{1,10}$/.test(n)) return refused;
    const item = readItem(raw, catalog);
    if (typeof item === 'string') return refused;
    const product = catalog.products.get(item.productId);
    if (product === undefined || !product.available || !product.inStock) return refused;
    if (product.partialPlans) return undefined;
    const planOk =
      product.plans.size === 0 ? item.subscriptionPlanId === 0 : product.plans.has(item.subscriptionPlanId);
    if (!planOk) return refused;
    const texts = Object.values(item.options).flat();
    if (!texts.every(isPlainText)) return undefined;
  }
  return accepted;
}

function address(input: Input, prefix: string, catalog: Catalog, ships: boolean | undefined) {
  const field = (name: string) => plain(input[`${prefix}${name}`]);
  const texts = ['firstname', 'lastname', 'company', 'address_1', 'address_2', 'city', 'postcode'].map(field);
  const [first, last, , line1, , city, postcode] = texts;
  const countryId = readId(input[`${prefix}country_id`]);
  const zoneId = readId(input[`${prefix}zone_id`]);
  if (texts.some((t) => t === undefined) || countryId === undefined || zoneId === undefined) return undefined;
  if (readMap(input[`${prefix}custom_field`])?.length !== 0) return undefined;
  const country = catalog.countries.get(countryId);
  if (country === undefined || (country.zones.size === 0 && zoneId !== 0)) return undefined;
  const valid =
    within(first ?? '', 1, 32) &&
    within(last ?? '', 1, 32) &&
    within(line1 ?? '', 3, 128) &&
    within(city ?? '', 2, 128) &&
    (!country.postcodeRequired || within(postcode ?? '', 2, 10)) &&
    (country.zones.size === 0 || country.zones.has(zoneId));
  if (!valid) return refused;
  return ships === false ? refused : accepted;
}

/** The steps a payment-methods call or a confirm finds missing, by their error keys. */
export function missingSteps(view: View, catalog: Catalog, forConfirm: boolean): string[] {
  const ships = cartShips(view, catalog);
  const missing: string[] = [];
  if (view.customer === null) missing.push('customer');
  if (view.cart.length === 0) missing.push('product');
  if (view.paymentAddress === null) missing.push('payment_address');
  if (ships && forConfirm && view.shippingAddress === null) missing.push('shipping_address');
  if (ships && view.shippingMethod === null) missing.push('shipping_method');
  if (forConfirm && view.paymentMethod === null) missing.push('payment_method');
  return missing;
}

/** Whether every product of the cart reaches its minimum. */
function minimumsMet(view: View, catalog: Catalog): boolean {
  const units = new Map<number, number>();
  for (const line of view.cart) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return [...units].every(([id, n]) => n >= (catalog.products.get(id)?.minimum ?? 1));
}

function confirm(input: Input, view: View, catalog: Catalog): Must | undefined {
  // Confirm's comment is text only: a number is malformed there, unlike in the name fields.
  if (!isBlank(input.comment) && typeof input.comment !== 'string')
    return { statuses: refused, keys: ['comment'] };
  const comment = plain(input.comment);
  const status = isBlank(input.order_status_id) ? 0 : readId(input.order_status_id);
  const plainInput =
    comment !== undefined &&
    readId(input.order_id) === 0 &&
    readId(input.affiliate_id) === 0 &&
    status !== undefined &&
    (status === 0 || catalog.orderStatuses.has(status));
  if (!plainInput) return undefined;
  const missing = missingSteps(view, catalog, true);
  if (missing.length > 0) return { statuses: refused, keys: missing };
  const extras = view.coupon === null && view.reward === null && view.affiliateId === null;
  // No built-in payment method takes subscriptions; the model does not follow which one the session kept.
  const subscribes = view.cart.some((line) => line.subscriptionPlanId > 0);
  return extras && !subscribes && minimumsMet(view, catalog) ? { statuses: accepted } : undefined;
}

function history(input: Input, model: Model): readonly number[] | undefined {
  const orderId = readInteger(input.order_id, { min: 1 });
  const status = readInteger(input.order_status_id, { min: 1 });
  const flags = ['notify', 'override'].map((name) => input[name]);
  const flagsOk = flags.every(
    (f) => isBlank(f) || ['0', '1', 'true', 'false', 0, 1, true, false].includes(f as never),
  );
  if (
    orderId === undefined ||
    !model.orders.includes(orderId) ||
    plain(input.comment) === undefined ||
    !flagsOk
  ) {
    return undefined;
  }
  if (status === undefined) return refused;
  return model.catalog.orderStatuses.has(status) ? accepted : refused;
}

/** What the model is sure of: the statuses, and the keys a refusal carries. */
export interface Must {
  readonly statuses: readonly number[];
  readonly keys?: readonly string[];
}

/** The statuses (and error keys) the model is sure of for an operation on a live session, or undefined. */
export function mustOf(
  model: Model,
  route: RouteName,
  input: Input,
  session: ModelSession,
): Must | undefined {
  if (route === 'confirm') return confirm(input, session.view, model.catalog);
  if (route === 'shippingMethods' && !cartShips(session.view, model.catalog)) {
    // A cart that does not ship is told so (the method choice reads its field first, so only the quotes here).
    return { statuses: refused, keys: ['warning'] };
  }
  if (route === 'paymentMethods') {
    const missing = missingSteps(session.view, model.catalog, false);
    if (missing.length > 0) return { statuses: refused, keys: missing };
  }
  const statuses = statusesOf(model, route, input, session);
  return statuses === undefined ? undefined : { statuses };
}

/** The statuses the model is sure of for the other operations, or undefined. */
function statusesOf(
  model: Model,
  route: RouteName,
  input: Input,
  session: ModelSession,
): readonly number[] | undefined {
  const { catalog } = model;
  const view = session.view;
  const ships = view.cart.length > 0 && cartShips(view, catalog);
  const subscribes = view.cart.some((line) => line.subscriptionPlanId > 0);
  switch (route) {
    case 'logout':
    case 'getProducts':
    case 'getTotals':
      return accepted;
    case 'customer':
      return customer(input, catalog);
    case 'cart':
    case 'addProduct':
      return addProducts(route, input, catalog);
    case 'currency': {
      const code = typeof input.currency === 'string' ? input.currency.trim().toUpperCase() : undefined;
      return code !== undefined && catalog.currencies.has(code) ? accepted : refused;
    }
    case 'paymentAddress':
      return address(input, 'payment_', catalog, undefined);
    case 'shippingAddress':
      return address(input, 'shipping_', catalog, ships);
    case 'shippingMethods':
      return ships && view.shippingAddress !== null ? accepted : refused;
    case 'shippingMethod': {
      const code = readMethodCode(input.shipping_method);
      if (!ships || view.shippingAddress === null) return refused;
      // The demo offers flat rate only: pickup, like the other extensions OpenCart does not install, is off.
      return code === 'flat.flat' ? accepted : undefined;
    }
    case 'paymentMethods':
      // No built-in payment method takes subscriptions: a cart with a plan may have none on offer.
      return subscribes ? undefined : accepted;
    case 'paymentMethod': {
      if (missingSteps(view, catalog, false).length > 0) return refused;
      if (subscribes) return undefined;
      const code = readMethodCode(input.payment_method)?.split('.')[0];
      return code === 'cheque' || (code === 'cod' && ships) ? accepted : undefined;
    }
    case 'historyAdd':
      return history(input, model);
    case 'orderInfo': {
      const orderId = readInteger(input.order_id, { min: 1 });
      return orderId !== undefined && model.orders.includes(orderId) ? accepted : undefined;
    }
    default:
      return undefined;
  }
}
