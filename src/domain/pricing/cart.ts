/**
 * The priced cart: each stored line joined with the catalog as the seed's Cart line,
 * and the aggregates the later steps read. Prices are net and exact, in the catalog's currency; the HTTP edge
 * converts, rounds and formats them.
 * @module
 */
import { type Money, multiply, sum } from '../../money/index.js';
import { availableLines, availableProduct } from '../cart/availability.js';
import type { PricedCartLine } from '../cart/line.js';
import { lineSubscription, lineWeight, pricedOptions, recurringText } from '../cart/line-fields.js';
import type { CartContext } from '../cart/rules.js';
import { countStock, hasEnoughStock, type StockCount } from '../cart/stock.js';
import { invariant } from '../errors.js';
import type { CartLine } from '../machine/session.js';
import { linePoints, lineReward, unitPrice } from './unit-price.js';

/** Names of the weight and length classes by id, for a line's `weight_class` and `length_class`. */
export interface MeasureClassNames {
  readonly weight: ReadonlyMap<number, string>;
  readonly length: ReadonlyMap<number, string>;
}

/**
 * What pricing reads: the cart context without texts. `stockCheckout` does not change the priced lines (`stock`
 * is a display flag whatever it says). Without `classNames`, `weight_class` and `length_class` are `''`.
 */
export interface CartPricingContext extends Omit<CartContext, 'messages'> {
  readonly classNames?: MeasureClassNames;
}

/** One priced line; `stock` counts the cart's available lines (quantity tiers and stock count all of them). */
function priceLine(line: CartLine, stock: StockCount, context: CartPricingContext): PricedCartLine {
  const product = availableProduct(context, line.productId);
  invariant(product !== undefined, () => `cart: line ${line.cartId} has no available product`);
  const { price, subscription } = unitPrice({
    product,
    options: line.options,
    subscriptionPlanId: line.subscriptionPlanId,
    customerGroupId: context.customerGroupId,
    productQuantity: stock.productUnits(product.productId),
    today: context.today,
  });
  return {
    cart_id: line.cartId,
    product_id: product.productId,
    name: product.name,
    model: product.model,
    option: pricedOptions(product, line.options),
    subscription: subscription === null ? null : lineSubscription(subscription.plan),
    subscription_plan_id: line.subscriptionPlanId,
    quantity: line.quantity,
    minimum: product.minimum,
    maximum: product.maximum,
    stock: hasEnoughStock(product, line.options, stock),
    subtract: product.subtract,
    price,
    total: multiply(price, line.quantity),
    reward: lineReward(product, context.customerGroupId, line.quantity),
    points: linePoints(product, line.options, line.quantity),
    image: product.image,
    weight: lineWeight(product, line.options, line.quantity),
    weight_class: context.classNames?.weight.get(product.weightClassId) ?? '',
    length: product.length,
    width: product.width,
    height: product.height,
    length_class: context.classNames?.length.get(product.lengthClassId) ?? '',
    recurring: subscription === null ? '' : recurringText(subscription.plan),
    tax_class_id: product.taxClassId,
    shipping: product.shipping,
  };
}

/**
 * The seed's Cart line for every line of `cart` whose product is available (others are skipped, as OpenCart
 * deletes them), in cart order. The unit price follows `unitPrice` with the product's units across all lines as
 * the discount tier; `total` = price × quantity, exact.
 */
export function priceCart(cart: readonly CartLine[], context: CartPricingContext): readonly PricedCartLine[] {
  const lines = availableLines(cart, context);
  // Counted once for the whole cart: each line's tier and stock flag read the same count (linear in the lines).
  const stock = countStock(lines);
  return lines.map((line) => priceLine(line, stock, context));
}

/** The sum of the line totals (net of tax), in `currency` (the catalog's). */
export function cartSubTotal(lines: readonly PricedCartLine[], currency: string): Money {
  return sum(
    lines.map((line) => line.total),
    currency,
  );
}

/** True when some line needs shipping. */
export function cartShips(lines: readonly PricedCartLine[]): boolean {
  return lines.some((line) => line.shipping);
}

/** Units of the lines that need shipping (what per-item shipping rates count). */
export function shippableQuantity(lines: readonly PricedCartLine[]): number {
  return lines.reduce((units, line) => (line.shipping ? units + line.quantity : units), 0);
}

/** True when every line has enough stock (OpenCart's `hasStock`). */
export function hasStock(lines: readonly PricedCartLine[]): boolean {
  return lines.every((line) => line.stock);
}

/** True when the units of `line`'s product across `lines` reach the product's minimum. */
export function lineMinimumMet(line: PricedCartLine, lines: readonly PricedCartLine[]): boolean {
  const units = lines.reduce((n, l) => (l.product_id === line.product_id ? n + l.quantity : n), 0);
  return units >= line.minimum;
}

/** True when every line meets its product's minimum (OpenCart's `hasMinimum`). */
export function hasMinimum(lines: readonly PricedCartLine[]): boolean {
  return lines.every((line) => lineMinimumMet(line, lines));
}
