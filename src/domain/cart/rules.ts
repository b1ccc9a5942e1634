/**
 * The cart rules (OpenCart's step 2): adding products, changing a line's quantity and removing
 * a line. Pure: the products, the customer group, the day, the stock setting, the texts and the fresh line ids
 * all come in as arguments. The stored cart holds identities and quantities only; prices are `priceCart`'s.
 *
 * Every successful change returns the whole new cart, without the lines of products that are no longer
 * available (OpenCart deletes such rows whenever it reads the cart). A refused change leaves the caller's cart
 * as it was: a multi add is all or nothing.
 * @module
 */

import { err, ok, type Result } from 'neverthrow';
import { type CheckoutError, checkoutError, type FieldErrors, invariant } from '../errors.js';
import type { AddProductsCommand } from '../machine/commands.js';
import type { CheckoutFacts } from '../machine/facts.js';
import type { CartLine, CheckoutSession } from '../machine/session.js';
import { pricingGroupId } from '../machine/session.js';
import { type MessageCatalog, messageText } from '../messages.js';
import type { Product } from '../records/catalog.js';
import type { StoreSettings } from '../settings/settings.js';
import { checkAdd } from './add.js';
import { type AvailabilityContext, availableLines, availableProduct } from './availability.js';
import { mergeLines } from './merge.js';
import { productStockShort, shortOptionValues } from './stock.js';

export { isAvailable } from './availability.js';

/** What the cart rules read besides the cart and the command. */
export interface CartContext extends AvailabilityContext {
  /** Every product the cart and the command name. */
  readonly products: ReadonlyMap<number, Product>;
  /** The resolved group of the session customer (or the store default): plans are offered per group. */
  readonly customerGroupId: number;
  /** `YYYY-MM-DD`. */
  readonly today: string;
  /** `config_stock_checkout`: when true, stock never refuses anything. */
  readonly stockCheckout: boolean;
  readonly messages: MessageCatalog;
}

/** The cart rules' view of a session and the facts of its command. */
export function cartContextOf(
  session: CheckoutSession,
  facts: CheckoutFacts,
  settings: StoreSettings,
): CartContext {
  return {
    products: facts.products,
    customerGroupId: pricingGroupId(session, settings),
    today: facts.today,
    stockCheckout: settings.stockCheckout,
    messages: facts.messages,
  };
}

/** Asserts what the input layer guarantees: a quantity is a safe integer (and at least 1 where it says so). */
function assertQuantity(quantity: number, minimum: number): void {
  invariant(Number.isSafeInteger(quantity) && quantity >= minimum, () => `cart: bad quantity ${quantity}`);
}

/**
 * Adds the command's items to `cart`. Each item must name an available product, valid options and a plan the
 * product offers the group; the product (and every subtract option value chosen) must have the units of the cart
 * plus the command, unless `stockCheckout`. An item with the identity of a line adds onto it; new
 * lines take ids from `cartIds` in order and go at the end. Minimum quantities are not checked here
 * (a short line is reported per line and refused only at confirm).
 * @param cart - the session's cart
 * @param command - `multi`: keys `product_<n>_…` and a `warning` summary last; `single`: one item, keys
 *   `warning`, `option_<id>`, `subscription`
 * @param cartIds - fresh line ids, at least one per item
 * @returns the new cart, or every error found (nothing is added on any error)
 * @throws CartwrightInvariantError when a single add has other than one item, a quantity is not a whole number
 *   of at least 1, or `cartIds` runs out
 */
export function addProducts(
  cart: readonly CartLine[],
  command: AddProductsCommand,
  cartIds: readonly string[],
  context: CartContext,
): Result<readonly CartLine[], FieldErrors> {
  invariant(command.mode === 'multi' || command.items.length === 1, 'cart: a single add takes one item');
  for (const item of command.items) assertQuantity(item.quantity, 1);
  const current = availableLines(cart, context);
  const { errors, additions } = checkAdd(current, command, context);
  if (Object.keys(errors).length > 0) {
    if (command.mode === 'single') return err(errors);
    return err({ ...errors, warning: messageText(context.messages, 'cart.warning') });
  }
  return ok(mergeLines(current, additions, cartIds));
}

/** The `not_found` error of an unknown (or no longer available) `cart_id`. */
function lineNotFound(context: CartContext): CheckoutError {
  return checkoutError('not_found', { warning: messageText(context.messages, 'cart.line_not_found') });
}

/** The stock text for `line`'s product and option values in `cart`, or `undefined` when there is enough. */
function stockWarning(line: CartLine, cart: readonly CartLine[], context: CartContext): string | undefined {
  const product = availableProduct(context, line.productId);
  invariant(product !== undefined, () => `cart: line ${line.cartId} has no available product`);
  if (productStockShort(product, cart)) return messageText(context.messages, 'cart.out_of_stock');
  if (shortOptionValues(product, line.options, cart).length > 0) {
    return messageText(context.messages, 'cart.option_stock');
  }
  return undefined;
}

/**
 * Sets the quantity of line `cartId`; 0 or less removes it. Raising a quantity re-checks the stock
 * of the line's product across all lines and of its subtract option values (unless `stockCheckout`); lowering one
 * never does, so a shopper can always shrink a line that stock no longer covers.
 * @returns the new cart; `not_found` for an unknown line; `validation` `{ warning }` when stock is short
 */
export function updateCartLine(
  cart: readonly CartLine[],
  cartId: string,
  quantity: number,
  context: CartContext,
): Result<readonly CartLine[], CheckoutError> {
  assertQuantity(quantity, Number.MIN_SAFE_INTEGER);
  const current = availableLines(cart, context);
  const line = current.find((l) => l.cartId === cartId);
  if (line === undefined) return err(lineNotFound(context));
  if (quantity <= 0) return ok(current.filter((l) => l.cartId !== cartId));
  const updated = { ...line, quantity };
  const next = current.map((l) => (l.cartId === cartId ? updated : l));
  if (context.stockCheckout || quantity <= line.quantity) return ok(next);
  const warning = stockWarning(updated, next, context);
  return warning === undefined ? ok(next) : err(checkoutError('validation', { warning }));
}

/**
 * Removes line `cartId`.
 * @returns the new cart, or `not_found` for an unknown (or no longer available) line
 */
export function removeCartLine(
  cart: readonly CartLine[],
  cartId: string,
  context: CartContext,
): Result<readonly CartLine[], CheckoutError> {
  const current = availableLines(cart, context);
  if (!current.some((l) => l.cartId === cartId)) return err(lineNotFound(context));
  return ok(current.filter((l) => l.cartId !== cartId));
}
