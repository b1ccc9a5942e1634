/**
 * The priced cart: each stored line joined with the catalog as a {@link PricedCartLine},
 * and the aggregates the later steps read. Prices are net and exact, in the catalog's currency; the HTTP edge
 * converts, rounds and formats them.
 * @module
 */
import { convertMeasure, type Money, multiply, sum, sumMeasures } from '../../money/index.js';
import { availableLines, availableProduct } from '../cart/availability.js';
import type { PricedCartLine } from '../cart/line.js';
import { lineOptions, lineSubscription, weightWith } from '../cart/line-fields.js';
import type { CartContext } from '../cart/rules.js';
import { type ChoiceOf, countStock, enoughStockFor, type StockCount } from '../cart/stock.js';
import { invariant } from '../errors.js';
import type { CartLine } from '../machine/session.js';
import type { Product } from '../records/catalog.js';
import type { StoreSettings } from '../settings/settings.js';
import {
  type ChosenValues,
  chosenOf,
  type LineChoice,
  type OptionSurcharge,
  type ProductIndex,
  productIndex,
  surchargeOf,
} from './line-choice.js';
import { lineReward, pointsWith, type UnitPrice, unitPrice } from './unit-price.js';

/** Units of the weight and length classes by id, for a line's `weightClass` and `lengthClass`. */
export interface MeasureClassNames {
  readonly weight: ReadonlyMap<number, string>;
  readonly length: ReadonlyMap<number, string>;
}

/**
 * What pricing reads: the cart context without texts. `stockCheckout` does not change the priced lines (`stock`
 * is a display flag whatever it says). Without `classNames`, `weightClass` and `lengthClass` are `''`.
 */
export interface CartPricingContext extends Omit<CartContext, 'messages'> {
  readonly classNames?: MeasureClassNames;
}

/**
 * What one pricing of a cart works out once and every line reads: each line's choice of option values, the unit
 * price of each product, plan and choice of values (lines that differ only in free-text options cost the same),
 * and each price times each quantity. Lines that share a price share its Money, so the totals can add them up by
 * price rather than line by line.
 */
interface CartMemo {
  /** The product's options indexed for matching lines against them, once per product. */
  indexOf(product: Product): ProductIndex;
  readonly choiceOf: ChoiceOf;
  unitPriceOf(product: Product, line: CartLine, choice: LineChoice, productQuantity: number): UnitPrice;
  totalOf(price: Money, quantity: number): Money;
  weightOf(product: Product, choice: LineChoice, quantity: number): string;
}

/** A fresh {@link CartMemo} for one pricing of a cart. */
function cartMemo(context: CartPricingContext): CartMemo {
  const choices = new Map<object, { product: Product; choice: LineChoice }>();
  const surcharges = new Map<string, { product: Product; surcharge: OptionSurcharge }>();
  /** What a product's chosen values add to a unit, once per product and set of values. */
  const surchargeFor = (product: Product, chosen: ChosenValues): OptionSurcharge => {
    const key = `${product.productId}:${chosen.key}`;
    const known = surcharges.get(key);
    if (known !== undefined && known.product === product) return known.surcharge;
    const surcharge = surchargeOf(product, chosen.values);
    surcharges.set(key, { product, surcharge });
    return surcharge;
  };
  const prices = new Map<string, { product: Product; price: UnitPrice }>();
  const totals = new Map<Money, Map<number, Money>>();
  const weights = new Map<string, { product: Product; weight: string }>();
  const indexes = new Map<Product, ProductIndex>();
  const indexOf = (product: Product): ProductIndex => {
    const known = indexes.get(product);
    if (known !== undefined) return known;
    const index = productIndex(product);
    indexes.set(product, index);
    return index;
  };
  return {
    indexOf,
    choiceOf(product, options) {
      const known = choices.get(options);
      if (known !== undefined && known.product === product) return known.choice;
      const chosen = chosenOf(product, options, indexOf(product));
      const choice = { values: chosen.values, key: chosen.key, surcharge: surchargeFor(product, chosen) };
      choices.set(options, { product, choice });
      return choice;
    },
    unitPriceOf(product, line, choice, productQuantity) {
      const key = `${product.productId}:${line.subscriptionPlanId}:${choice.key}`;
      const known = prices.get(key);
      if (known !== undefined && known.product === product) return known.price;
      const price = unitPrice({
        product,
        options: line.options,
        surcharge: choice.surcharge,
        subscriptionPlanId: line.subscriptionPlanId,
        customerGroupId: context.customerGroupId,
        productQuantity,
        today: context.today,
      });
      prices.set(key, { product, price });
      return price;
    },
    weightOf(product, choice, quantity) {
      const key = `${product.productId}:${choice.key}:${quantity}`;
      const known = weights.get(key);
      if (known !== undefined && known.product === product) return known.weight;
      const weight = weightWith(product, choice.surcharge, quantity);
      weights.set(key, { product, weight });
      return weight;
    },
    totalOf(price, quantity) {
      let byQuantity = totals.get(price);
      if (byQuantity === undefined) {
        byQuantity = new Map();
        totals.set(price, byQuantity);
      }
      const known = byQuantity.get(quantity);
      if (known !== undefined) return known;
      const total = multiply(price, quantity);
      byQuantity.set(quantity, total);
      return total;
    },
  };
}

/** One priced line; `stock` counts the cart's available lines (quantity tiers and stock count all of them). */
function priceLine(
  line: CartLine,
  stock: StockCount,
  context: CartPricingContext,
  memo: CartMemo,
): PricedCartLine {
  const product = availableProduct(context, line.productId);
  invariant(product !== undefined, () => `cart: line ${line.cartId} has no available product`);
  const choice = memo.choiceOf(product, line.options);
  const { price, subscription } = memo.unitPriceOf(
    product,
    line,
    choice,
    stock.productUnits(product.productId),
  );
  return {
    cartId: line.cartId,
    productId: product.productId,
    name: product.name,
    model: product.model,
    options: lineOptions(product, line.options, memo.indexOf(product)),
    subscription: subscription === null ? null : lineSubscription(subscription.plan),
    subscriptionPlanId: line.subscriptionPlanId,
    quantity: line.quantity,
    minimum: product.minimum,
    maximum: product.maximum,
    stock: enoughStockFor(product, choice, stock),
    subtract: product.subtract,
    price,
    total: memo.totalOf(price, line.quantity),
    reward: lineReward(product, context.customerGroupId, line.quantity),
    points: pointsWith(product, choice.surcharge, line.quantity),
    image: product.image,
    weight: memo.weightOf(product, choice, line.quantity),
    weightClass: context.classNames?.weight.get(product.weightClassId) ?? '',
    length: product.length,
    width: product.width,
    height: product.height,
    lengthClass: context.classNames?.length.get(product.lengthClassId) ?? '',
    taxClassId: product.taxClassId,
    shipping: product.shipping,
  };
}

/**
 * The priced line of every line of `cart` whose product is available (others are skipped, as OpenCart
 * deletes them), in cart order. The unit price follows `unitPrice` with the product's units across all lines as
 * the discount tier; `total` = price × quantity, exact.
 */
export function priceCart(cart: readonly CartLine[], context: CartPricingContext): readonly PricedCartLine[] {
  const lines = availableLines(cart, context);
  const memo = cartMemo(context);
  // Counted once for the whole cart: each line's tier and stock flag read the same count (linear in the lines).
  const stock = countStock(lines, memo.choiceOf);
  return lines.map((line) => priceLine(line, stock, context, memo));
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

/**
 * The rate of a weight class against the store's base unit (OpenCart's `weight_class.value`). A class the store
 * does not list counts as the base unit, as OpenCart's `weight->convert` leaves a value of an unknown class as it
 * is.
 */
function weightRate(settings: Pick<StoreSettings, 'weightClasses'>, weightClassId: number): string {
  return settings.weightClasses.find((c) => c.id === weightClassId)?.value ?? '1';
}

/**
 * The weight weight-based shipping prices (OpenCart's `cart.getWeight`): every line that ships, each converted
 * from its product's weight class to the store's (`settings.weightClassId`), summed exactly, as a decimal string.
 * A line's `weight` is in its product's class (the line's own weight, options and quantity included); a product
 * missing from `products` is taken to be in the store's class. Lines that do not ship weigh nothing.
 */
export function shippingWeight(
  lines: readonly PricedCartLine[],
  products: ReadonlyMap<number, Pick<Product, 'weightClassId'>>,
  settings: Pick<StoreSettings, 'weightClassId' | 'weightClasses'>,
): string {
  const storeRate = weightRate(settings, settings.weightClassId);
  const weights = lines
    .filter((line) => line.shipping)
    .map((line) => {
      const classId = products.get(line.productId)?.weightClassId ?? settings.weightClassId;
      return convertMeasure(line.weight, weightRate(settings, classId), storeRate);
    });
  return sumMeasures(weights);
}

/**
 * What shipping methods read of a priced cart: whether it ships, its sub-total (in the catalog's currency), how
 * many units ship and what they weigh. It depends on the lines, their products and the settings alone, so a
 * cart priced once has it worked out once.
 */
export interface ShippingCart {
  readonly ships: boolean;
  readonly subTotal: Money;
  readonly shippableQuantity: number;
  /** In the store's weight class (see {@link shippingWeight}). */
  readonly weight: string;
}

/** The {@link ShippingCart} of `lines`. */
export function shippingCartOf(
  lines: readonly PricedCartLine[],
  products: ReadonlyMap<number, Pick<Product, 'weightClassId'>>,
  settings: Pick<StoreSettings, 'currency' | 'weightClassId' | 'weightClasses'>,
): ShippingCart {
  // Frozen: a value from here on, which the offers worked out from it may be kept by.
  return Object.freeze({
    ships: cartShips(lines),
    subTotal: cartSubTotal(lines, settings.currency),
    shippableQuantity: shippableQuantity(lines),
    weight: shippingWeight(lines, products, settings),
  });
}

/** True when every line has enough stock (OpenCart's `hasStock`). */
export function hasStock(lines: readonly PricedCartLine[]): boolean {
  return lines.every((line) => line.stock);
}

/** True when the units of `line`'s product across `lines` reach the product's minimum. */
export function lineMinimumMet(line: PricedCartLine, lines: readonly PricedCartLine[]): boolean {
  const units = lines.reduce((n, l) => (l.productId === line.productId ? n + l.quantity : n), 0);
  return units >= line.minimum;
}

/** True when every line meets its product's minimum (OpenCart's `hasMinimum`). */
export function hasMinimum(lines: readonly PricedCartLine[]): boolean {
  return lines.every((line) => lineMinimumMet(line, lines));
}
