/**
 * The checks of the two add operations, one item at a time and
 * then the stock of the whole command. OpenCart's defects are not copied:
 *
 * - The single add counts the units being added with the units already in the cart (OpenCart leaves them out).
 * - The multi add counts the units already in the cart with every item of the command (OpenCart only the items).
 * - Option value stock counts every line and item choosing the value, and both operations honour
 *   `config_stock_checkout` (OpenCart's single add ignores it and compares only the item's own quantity).
 * - A plan id for a product without plans for the group is refused, not silently dropped.
 * @module
 */

import type { FieldErrors } from '../errors.js';
import type { AddProductsCommand, CartItemInput } from '../machine/commands.js';
import type { CartLine, CartOptionValue } from '../machine/session.js';
import { messageText } from '../messages.js';
import { subscriptionPlanFor } from '../pricing/unit-price.js';
import type { Product } from '../records/catalog.js';
import { availableProduct } from './availability.js';
import type { NewCartLine } from './merge.js';
import { checkOptions } from './options.js';
import type { CartContext } from './rules.js';
import {
  countStock,
  productStockShort,
  type StockCount,
  type StockEntry,
  shortOptionValues,
} from './stock.js';

/** Where one item's errors go. */
interface ItemKeys {
  /** Unknown product and product stock. */
  readonly product: string;
  /** Prefix of `option_<id>`. */
  readonly optionPrefix: string;
  readonly subscription: string;
}

/** One item after its own checks; stock needs the whole command and is checked afterwards. */
interface CheckedItem {
  readonly item: CartItemInput;
  readonly keys: ItemKeys;
  /** `undefined` when the product does not exist or is unavailable: no further check ran. */
  readonly product: Product | undefined;
  /** The item's canonical options (the valid part, when some were refused). */
  readonly options: Readonly<Record<string, CartOptionValue>>;
  /** Errors of the item's own checks, in the order they ran. */
  readonly errors: FieldErrors;
}

/** What an add command asks for: the errors (empty when it may go ahead) and the lines to merge in. */
export interface AddCheck {
  readonly errors: FieldErrors;
  readonly additions: readonly NewCartLine[];
}

/** OpenCart's keys: the multi add prefixes each with `product_<n>_`, the single add names them plainly. */
function itemKeys(mode: AddProductsCommand['mode'], key: string): ItemKeys {
  if (mode === 'single') return { product: 'warning', optionPrefix: '', subscription: 'subscription' };
  const prefix = `product_${key}_`;
  return { product: `${prefix}product`, optionPrefix: prefix, subscription: `${prefix}subscription` };
}

/**
 * True when `planId` may go with `product` for the group: one of its enabled plans for the group when it has
 * any, else 0 (a plan the product does not offer is refused rather than ignored).
 */
function planAllowed(product: Product, planId: number, customerGroupId: number): boolean {
  const offered = product.subscriptionPlans.some((p) => p.customerGroupId === customerGroupId && p.status);
  return offered ? subscriptionPlanFor(product, planId, customerGroupId) !== undefined : planId === 0;
}

/** The item's own checks: product, options, plan. */
function checkItem(item: CartItemInput, keys: ItemKeys, context: CartContext): CheckedItem {
  const product = availableProduct(context, item.productId);
  if (product === undefined) {
    const errors = { [keys.product]: messageText(context.messages, 'cart.product_not_found') };
    return { item, keys, product, options: {}, errors };
  }
  const checked = checkOptions(product, item.options, keys, context.messages);
  const errors: Record<string, string> = { ...checked.errors };
  if (!planAllowed(product, item.subscriptionPlanId, context.customerGroupId)) {
    errors[keys.subscription] = messageText(context.messages, 'cart.subscription');
  }
  return { item, keys, product, options: checked.options, errors };
}

/**
 * All errors of one item: product stock first (it shares the product key), then the item's own errors, then
 * option value stock for options that have no error of their own. Stock is skipped with `stockCheckout`.
 */
function itemErrors(checked: CheckedItem, entries: StockCount, context: CartContext): FieldErrors {
  const { product, keys } = checked;
  if (product === undefined || context.stockCheckout) return checked.errors;
  const errors: Record<string, string> = {};
  if (productStockShort(product, entries)) {
    errors[keys.product] = messageText(context.messages, 'cart.out_of_stock');
  }
  Object.assign(errors, checked.errors);
  for (const short of shortOptionValues(product, checked.options, entries)) {
    errors[`${keys.optionPrefix}option_${short.option.productOptionId}`] ??= messageText(
      context.messages,
      'cart.option_stock',
    );
  }
  return errors;
}

/** The units an item would add, for stock counting: only items whose product was found count. */
function stockEntry(checked: CheckedItem): StockEntry[] {
  if (checked.product === undefined) return [];
  return [{ productId: checked.item.productId, quantity: checked.item.quantity, options: checked.options }];
}

/**
 * Checks an add command against `cart` (already reduced to available lines): every item's product, options and
 * plan, then stock over the cart's lines plus every item of the command. Error keys follow the command's mode;
 * the multi add's `warning` summary is the caller's to append.
 */
export function checkAdd(
  cart: readonly CartLine[],
  command: AddProductsCommand,
  context: CartContext,
): AddCheck {
  const checked = command.items.map((item) => checkItem(item, itemKeys(command.mode, item.key), context));
  // Counted once: every item is checked against the same lines (linear in them, however many items).
  const entries = countStock([...cart, ...checked.flatMap(stockEntry)]);
  const errors: Record<string, string> = {};
  for (const item of checked) Object.assign(errors, itemErrors(item, entries, context));
  const additions = checked.map(({ item, options }) => ({
    productId: item.productId,
    quantity: item.quantity,
    options,
    subscriptionPlanId: item.subscriptionPlanId,
  }));
  return { errors, additions };
}
