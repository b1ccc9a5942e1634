/**
 * The model's prediction of an accepted operation: the session's view after it, computed from the view before
 * and the input as the server saw it, by the rules the documentation gives. A prediction is either the next view
 * or a reason the request should have been refused (then accepting it is a finding).
 */
import type { Catalog } from './catalog.js';
import { isBlank, length, readId, readInteger, readMap, readOption, readRows, readText } from './reading.js';
import type { RouteName } from './routes.js';
import { isList, isRecord, type Seen } from './tree.js';
import type { AddressView, CartLineView, OptionView, View } from './view.js';

/** The next view, or why the request must have been refused. */
export type Prediction = { readonly view: View } | { readonly refused: string };

type Input = { readonly [key: string]: Seen };

const refused = (reason: string): Prediction => ({ refused: reason });

/** A cart line to add: its identity and quantity (no id yet when it does not merge). */
type Addition = Omit<CartLineView, 'cartId'>;

/** The identity of a line: product, plan and canonical options in key order. */
function identity(line: Addition): string {
  const options = Object.keys(line.options)
    .sort()
    .map((key) => [key, line.options[key]]);
  return JSON.stringify([line.productId, line.subscriptionPlanId, options]);
}

/** One cart item read by the documented rules, or why it is malformed. */
export function readItem(raw: Seen | undefined, catalog: Catalog): Addition | string {
  const fields = isRecord(raw) ? raw : undefined;
  if (fields === undefined) return 'an item that is not an object';
  const productId = readId(fields.product_id);
  const quantity = readInteger(fields.quantity, { min: 1, max: 99_999, fallback: 1 });
  const posted = readMap(fields.option);
  const plan = readId(fields.subscription_plan_id);
  if (productId === undefined || quantity === undefined || posted === undefined || plan === undefined) {
    return 'a malformed item field';
  }
  const product = catalog.products.get(productId);
  if (product === undefined) return `product ${productId}, which does not exist`;
  const options: Record<string, OptionView> = {};
  for (const [key] of posted)
    if (!product.options.has(key)) return `option ${JSON.stringify(key)} of no such id`;
  const values = new Map(posted);
  for (const [id, rule] of product.options) {
    const value = readOption(rule, values.get(id));
    if (value === undefined) return `option ${id}: ${JSON.stringify(values.get(id))}`;
    if (value !== null) options[id] = value;
  }
  return { productId, quantity, options, subscriptionPlanId: plan };
}

/** The cart after adding `additions`: same identity merges into the line, others are appended (id unknown). */
function merge(cart: readonly CartLineView[], additions: readonly Addition[]): CartLineView[] {
  const lines = [...cart];
  for (const addition of additions) {
    const at = lines.findIndex((line) => identity(line) === identity(addition));
    const existing = lines[at];
    if (existing !== undefined) lines[at] = { ...existing, quantity: existing.quantity + addition.quantity };
    else lines.push({ ...addition, cartId: '' });
  }
  return lines;
}

function addProducts(view: View, input: Input, route: RouteName, catalog: Catalog): Prediction {
  const rows = route === 'cart' ? readRows(input.product) : [['', input] as [string, Seen]];
  if (rows === undefined || rows.length === 0) {
    // A multi add without rows answers the cart as it is.
    return route === 'cart' ? { view } : refused('a single add without an item');
  }
  const additions: Addition[] = [];
  for (const [n, raw] of rows) {
    if (route === 'cart' && !/^[0-9A-Za-z_-]{1,10}$/.test(n)) return refused(`item key ${JSON.stringify(n)}`);
    const read = readItem(raw, catalog);
    if (typeof read === 'string') return refused(read);
    additions.push(read);
  }
  return { view: { ...view, cart: merge(view.cart, additions) } };
}

/** The cart line id a request names: a non-empty string of at most 64 units, or a non-negative integer. */
function readCartId(value: Seen | undefined): string | undefined {
  if (typeof value === 'string') return value.length >= 1 && value.length <= 64 ? value : undefined;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : undefined;
}

function updateLine(view: View, input: Input, remove: boolean): Prediction {
  const cartId = readCartId(input.cart_id);
  const quantity = remove ? 0 : readInteger(input.quantity, { min: Number.MIN_SAFE_INTEGER, max: 99_999 });
  if (cartId === undefined || quantity === undefined) return refused('a malformed cart_id or quantity');
  if (!view.cart.some((line) => line.cartId === cartId))
    return refused(`cart_id ${cartId}, which is not a line`);
  const cart =
    quantity <= 0
      ? view.cart.filter((line) => line.cartId !== cartId)
      : view.cart.map((line) => (line.cartId === cartId ? { ...line, quantity } : line));
  return { view: { ...view, cart } };
}

function setCustomer(view: View, input: Input, catalog: Catalog): Prediction {
  const [firstname, lastname, email, telephone] = ['firstname', 'lastname', 'email', 'telephone'].map(
    (name) => readText(input[name]),
  );
  if (firstname === undefined || lastname === undefined || email === undefined || telephone === undefined) {
    return refused('a malformed name, e-mail or telephone');
  }
  if (length(firstname) < 1 || length(firstname) > 32 || length(lastname) < 1 || length(lastname) > 32) {
    return refused('a name outside 1 to 32 characters');
  }
  if (catalog.telephoneRequired && (length(telephone) < 3 || length(telephone) > 32)) {
    return refused('a telephone outside 3 to 32 characters');
  }
  const customer = {
    firstname: firstname.trim(),
    lastname: lastname.trim(),
    email: email.trim(),
    telephone: telephone.trim(),
  };
  const loggedInCustomerId = catalog.accounts.get(customer.email.toLowerCase()) ?? null;
  const reward = loggedInCustomerId === view.loggedInCustomerId ? view.reward : null;
  return { view: { ...view, customer, loggedInCustomerId, reward } };
}

function setAddress(view: View, input: Input, prefix: 'payment_' | 'shipping_'): Prediction {
  const text = (name: string) => readText(input[`${prefix}${name}`]);
  const fields = ['firstname', 'lastname', 'company', 'address_1', 'address_2', 'city', 'postcode'].map(text);
  const countryId = readId(input[`${prefix}country_id`]);
  const zoneId = readId(input[`${prefix}zone_id`]);
  if (fields.some((field) => field === undefined) || countryId === undefined || zoneId === undefined) {
    return refused('a malformed address field');
  }
  const [firstname, lastname, company, address1, address2, city, postcode] = fields.map((f) =>
    (f ?? '').trim(),
  );
  const address: AddressView = {
    firstname: firstname ?? '',
    lastname: lastname ?? '',
    company: company ?? '',
    address1: address1 ?? '',
    address2: address2 ?? '',
    city: city ?? '',
    postcode: postcode ?? '',
    countryId,
    zoneId,
  };
  return {
    view:
      prefix === 'payment_' ? { ...view, paymentAddress: address } : { ...view, shippingAddress: address },
  };
}

/** A method code as posted: a bare string, or the object's `code`; trimmed, `<method>[.<quote>]`. */
export function readMethodCode(value: Seen | undefined): string | undefined {
  const posted = isRecord(value) ? value.code : value;
  if (typeof posted !== 'string') return undefined;
  const code = posted.trim();
  return /^[A-Za-z0-9_-]{1,64}(?:\.[A-Za-z0-9_-]{1,64})?$/.test(code) ? code : undefined;
}

/** The view after an accepted operation of `route`, from the view before and the input the server saw. */
export function predict(
  route: RouteName,
  view: View,
  input: Input,
  catalog: Catalog,
  answer: unknown,
): Prediction {
  switch (route) {
    case 'customer':
      return setCustomer(view, input, catalog);
    case 'cart':
    case 'addProduct':
      return addProducts(view, input, route, catalog);
    case 'update':
    case 'remove':
      return updateLine(view, input, route === 'remove');
    case 'currency': {
      const code = typeof input.currency === 'string' ? input.currency.trim().toUpperCase() : '';
      return catalog.currencies.has(code) && /^[A-Z]{3}$/.test(code)
        ? { view: { ...view, currency: code } }
        : refused(`currency ${code}`);
    }
    case 'paymentAddress':
      return setAddress(view, input, 'payment_');
    case 'shippingAddress':
      return setAddress(view, input, 'shipping_');
    case 'shippingMethod': {
      const code = readMethodCode(input.shipping_method);
      return code === undefined
        ? refused('a malformed shipping method')
        : { view: { ...view, shippingMethod: code } };
    }
    case 'paymentMethod': {
      const code = readMethodCode(input.payment_method);
      return code === undefined
        ? refused('a malformed payment method')
        : { view: { ...view, paymentMethod: code.split('.')[0] ?? code } };
    }
    case 'coupon': {
      const posted = input.coupon;
      const code = isBlank(posted)
        ? ''
        : typeof posted === 'string' && posted.trim().length <= 20
          ? posted.trim()
          : undefined;
      if (code === undefined) return refused('a malformed coupon');
      return { view: { ...view, coupon: code === '' ? null : code } };
    }
    case 'reward': {
      const points = readId(input.reward);
      return points === undefined
        ? refused('malformed points')
        : { view: { ...view, reward: points === 0 ? null : points } };
    }
    case 'affiliate': {
      const id = readId(input.affiliate_id);
      return id === undefined
        ? refused('a malformed affiliate id')
        : { view: { ...view, affiliateId: id === 0 ? null : id } };
    }
    case 'confirm': {
      const orderId = isRecord(answer as Seen) ? (answer as { order_id?: unknown }).order_id : undefined;
      return typeof orderId === 'number'
        ? { view: { ...view, lastOrderId: orderId } }
        : refused('no order id');
    }
    default:
      return { view };
  }
}

/** The view without the methods an answer says were dropped. */
export function withoutDropped(view: View, answer: unknown): View {
  const dropped = isRecord(answer as Seen) ? (answer as { dropped?: unknown }).dropped : undefined;
  if (!isList(dropped as Seen)) return view;
  const list = dropped as readonly unknown[];
  return {
    ...view,
    shippingMethod: list.includes('shipping_method') ? null : view.shippingMethod,
    paymentMethod: list.includes('payment_method') ? null : view.paymentMethod,
  };
}
