/**
 * The cart operations' bodies parsed into commands: the multi add (`route=api/cart`, `product[n][…]`), the single
 * add (`route=api/cart/addProduct`), and our update and remove (DECISIONS 10, 13). Only the shape is checked here;
 * products, options, plans and stock are the domain's rules.
 *
 * Decisions (ours):
 * - **Quantity** to add defaults to 1 (absent or blank) and must be a whole number from 1 to {@link maxQuantity}:
 *   adding 0 or a negative amount is not an add (OpenCart lets a negative single add shrink a line; here that is
 *   what update is for). An update's quantity is required, at most {@link maxQuantity}, and 0 or less removes.
 * - **Malformed item fields** go under the item's seed keys: `product_id` under `product_<n>_product` (single:
 *   `warning`) with `Product does not exist!`, `subscription_plan_id` under `product_<n>_subscription`
 *   (`subscription`) with `Invalid subscription`, `quantity` under `product_<n>_quantity` (`quantity`). An
 *   `option` that is not a map has no option id to name, so it goes under `product_<n>_product` (`warning`) with
 *   a text of ours; an item that is not an object at all is `product_<n>_product` `Product does not exist!`.
 * - **The multi add's `product`** is an object or array of items keyed by `n`. Nothing usable there (absent,
 *   empty, a scalar) is `warning` with a text of ours. More than {@link maxCartItems} items is refused before any
 *   is read; a key `n` that is not a whole number in canonical form (`0`, `7`, `12`; at most 9 digits) is
 *   refused under `warning`, since `n` ends up inside error keys and an error key never carries text the client
 *   chose. Item errors get the seed's `warning` summary, as the domain's own do (DECISIONS 31).
 * - **`cart_id`** is a non-empty string of at most 64 characters, or a non-negative integer (its decimal text:
 *   ids from a sequence look like numbers and JSON clients echo them as such); anything else is `cart_id` with
 *   OpenCart's `Warning: Product could not be found!`.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import type {
  AddProductsCommand,
  CartItemInput,
  RemoveCartLineCommand,
  UpdateCartLineCommand,
} from '../domain/commands.js';
import { type CheckoutError, checkoutError, type FieldErrors } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import {
  lenientInteger,
  maxQuantity,
  optionalId,
  postedField,
  readFields,
  rule,
  scalar,
  valueMap,
} from './fields.js';

/** The most items one multi add may carry. */
export const maxCartItems = 100;

/** The shape of an item key `n`: a list index, the only client text an error key may carry. */
const itemKeyPattern = /^(?:0|[1-9]\d{0,8})$/;

const addQuantity = lenientInteger({ min: 1, max: maxQuantity, fallback: 1 });
const updateQuantity = lenientInteger({ min: Number.MIN_SAFE_INTEGER, max: maxQuantity });
const cartId = scalar(z.union([z.string().min(1).max(64), z.int().min(0).transform(String)]));

/** Where the errors of one item's fields go: `product_<n>_…` for the multi add, unprefixed for the single add. */
interface ItemKeys {
  readonly product: string;
  readonly quantity: string;
  readonly option: string;
  readonly subscription: string;
}

/** The error keys of multi add item `n`. */
function multiKeys(n: string): ItemKeys {
  const product = `product_${n}_product`;
  return {
    product,
    quantity: `product_${n}_quantity`,
    option: product,
    subscription: `product_${n}_subscription`,
  };
}

/** The error keys of the single add. */
const singleKeys: ItemKeys = {
  product: 'warning',
  quantity: 'quantity',
  option: 'warning',
  subscription: 'subscription',
};

/** The fields of one item: product, quantity, options, plan (the domain's order, with the quantity it adds). */
function itemRules(keys: ItemKeys, messages: MessageCatalog) {
  return {
    product_id: rule(optionalId, keys.product, messageText(messages, 'cart.product_not_found')),
    quantity: rule(addQuantity, keys.quantity, messageText(messages, 'cart.quantity')),
    option: rule(valueMap, keys.option, messageText(messages, 'cart.options')),
    subscription_plan_id: rule(optionalId, keys.subscription, messageText(messages, 'cart.subscription')),
  };
}

/** Reads one item (the body of a single add, or `product[n]` of a multi add) under item key `n`. */
function parseItem(
  n: string,
  raw: unknown,
  keys: ItemKeys,
  messages: MessageCatalog,
): Result<CartItemInput, FieldErrors> {
  return readFields(raw, itemRules(keys, messages), messages).map((fields) => ({
    key: n,
    productId: fields.product_id,
    quantity: fields.quantity,
    options: fields.option,
    subscriptionPlanId: fields.subscription_plan_id,
  }));
}

/** The items of a multi add's `product` as `[n, item]` pairs (an array's `n` is the index); none for a scalar. */
function itemEntries(products: unknown): [string, unknown][] {
  return typeof products === 'object' && products !== null ? Object.entries(products) : [];
}

/** A `validation` error with one text under `warning`. */
function warning(text: string): CheckoutError {
  return checkoutError('validation', { warning: text });
}

/** Reads every item of a multi add, collecting the errors of all of them. */
function parseItems(
  entries: readonly [string, unknown][],
  messages: MessageCatalog,
): Result<CartItemInput[], FieldErrors> {
  const items: CartItemInput[] = [];
  const errors: Record<string, string> = {};
  for (const [n, raw] of entries) {
    if (!itemKeyPattern.test(n)) {
      errors.warning ??= messageText(messages, 'cart.item_key');
    } else if (typeof raw !== 'object' || raw === null) {
      errors[`product_${n}_product`] = messageText(messages, 'cart.product_not_found');
    } else {
      parseItem(n, raw, multiKeys(n), messages).match(
        (item) => items.push(item),
        (itemErrors) => Object.assign(errors, itemErrors),
      );
    }
  }
  return Object.keys(errors).length > 0 ? err(errors) : ok(items);
}

/**
 * Parses the multi add (`route=api/cart`): `product` holds the items keyed by `n`, each with `product_id`,
 * `quantity` (default 1), `option` (default `{}`) and `subscription_plan_id` (default 0).
 * @param raw - the request body as `src/input/form.ts` parsed it, or any value a host passes
 * @param messages - the catalogue the error texts come from
 * @returns the command (mode `multi`; items in JavaScript's key order, integer keys ascending first), or a
 *   `validation` error: `warning` alone for an unusable `product`, else every item's malformed fields under
 *   `product_<n>_…` followed by the `warning` summary
 */
export function parseCartAdd(
  raw: unknown,
  messages: MessageCatalog,
): Result<AddProductsCommand, CheckoutError> {
  const entries = itemEntries(postedField(raw, 'product'));
  if (entries.length === 0) return err(warning(messageText(messages, 'cart.empty_request')));
  if (entries.length > maxCartItems) {
    return err(warning(messageText(messages, 'cart.too_many_items', { maximum: maxCartItems })));
  }
  return parseItems(entries, messages)
    .map((items): AddProductsCommand => ({ type: 'add_products', mode: 'multi', items }))
    .mapErr((errors) =>
      checkoutError('validation', {
        ...errors,
        warning: errors.warning ?? messageText(messages, 'cart.warning'),
      }),
    );
}

/**
 * Parses the single add (`route=api/cart/addProduct`): the body itself is the one item (item key `''`).
 * @param raw - the request body as `src/input/form.ts` parsed it, or any value a host passes
 * @param messages - the catalogue the error texts come from
 * @returns the command (mode `single`), or a `validation` error under `warning`, `quantity` and `subscription`
 */
export function parseCartAddProduct(
  raw: unknown,
  messages: MessageCatalog,
): Result<AddProductsCommand, CheckoutError> {
  return parseItem('', raw, singleKeys, messages)
    .map((item): AddProductsCommand => ({ type: 'add_products', mode: 'single', items: [item] }))
    .mapErr((fields) => checkoutError('validation', fields));
}

/**
 * Parses a cart line update (`route=api/cart/update`): `cart_id` and a required `quantity`, 0 or less removing.
 * @param raw - the request body, or any value a host passes
 * @param messages - the catalogue the error texts come from
 * @returns the command, or a `validation` error under `cart_id` and / or `quantity`
 */
export function parseCartUpdate(
  raw: unknown,
  messages: MessageCatalog,
): Result<UpdateCartLineCommand, CheckoutError> {
  const rules = {
    cart_id: rule(cartId, 'cart_id', messageText(messages, 'cart.line_not_found')),
    quantity: rule(updateQuantity, 'quantity', messageText(messages, 'cart.update_quantity')),
  };
  return readFields(raw, rules, messages)
    .map(
      (fields): UpdateCartLineCommand => ({
        type: 'update_cart_line',
        cartId: fields.cart_id,
        quantity: fields.quantity,
      }),
    )
    .mapErr((fields) => checkoutError('validation', fields));
}

/**
 * Parses a cart line removal (`route=api/cart/remove`): `cart_id`.
 * @param raw - the request body, or any value a host passes
 * @param messages - the catalogue the error texts come from
 * @returns the command, or a `validation` error under `cart_id`
 */
export function parseCartRemove(
  raw: unknown,
  messages: MessageCatalog,
): Result<RemoveCartLineCommand, CheckoutError> {
  const rules = { cart_id: rule(cartId, 'cart_id', messageText(messages, 'cart.line_not_found')) };
  return readFields(raw, rules, messages)
    .map((fields): RemoveCartLineCommand => ({ type: 'remove_cart_line', cartId: fields.cart_id }))
    .mapErr((fields) => checkoutError('validation', fields));
}
