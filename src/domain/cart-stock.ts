/**
 * Stock counting for the cart (DECISIONS 11, 12; reference §1.3, §4.2 item 8): how many units of a product, and
 * of one option value, a set of lines holds, and whether the catalog has that many. The add and update rules use
 * it to refuse a change; pricing uses it to set a line's `stock` flag.
 *
 * Counts always run over every line of the product, whatever its options, because stock belongs to the product
 * (and to the option value), not to a line: two lines of 4 units each need 8 in stock. The product's own
 * `subtract` flag is not consulted for product stock, as in OpenCart; an option value's stock counts only when the
 * value has `subtract`.
 * @module
 */
import { chosenValues } from './pricing.js';
import type { Product, ProductOption, ProductOptionValue } from './records/catalog.js';
import type { CartOptionValue } from './session.js';

/** What stock counting needs of a line: stored lines and items not yet added both fit. */
export interface StockEntry {
  readonly productId: number;
  readonly quantity: number;
  /** Canonical options (see `checkOptions`). */
  readonly options: Readonly<Record<string, CartOptionValue>>;
}

/** One chosen value of a select, radio or checkbox option. */
export interface ChosenValue {
  readonly option: ProductOption;
  readonly value: ProductOptionValue;
}

/**
 * The select, radio and checkbox values `options` chooses on `product`, in the product's option order. Matching
 * is pricing's ({@link chosenValues}), so what is counted for stock is exactly what is charged.
 */
export function chosenOptionValues(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
): readonly ChosenValue[] {
  const chosen: ChosenValue[] = [];
  for (const option of product.options) {
    const raw = Object.hasOwn(options, String(option.productOptionId))
      ? options[String(option.productOptionId)]
      : undefined;
    if (raw === undefined) continue;
    for (const value of chosenValues(option, raw)) chosen.push({ option, value });
  }
  return chosen;
}

/** Units of `productId` across `entries`, whatever their options. */
export function productUnits(entries: readonly StockEntry[], productId: number): number {
  return entries.reduce((units, e) => (e.productId === productId ? units + e.quantity : units), 0);
}

/**
 * True when `product` has fewer units than `entries` hold of it (or none at all): OpenCart's "stock is 0 or
 * stock < product total".
 */
export function productStockShort(product: Product, entries: readonly StockEntry[]): boolean {
  return product.quantity <= 0 || product.quantity < productUnits(entries, product.productId);
}

/** Units of `entries` (of `product`) that choose the option value `productOptionValueId`. */
function valueUnits(product: Product, entries: readonly StockEntry[], productOptionValueId: number): number {
  let units = 0;
  for (const entry of entries) {
    if (entry.productId !== product.productId) continue;
    const chosen = chosenOptionValues(product, entry.options);
    if (chosen.some((c) => c.value.productOptionValueId === productOptionValueId)) units += entry.quantity;
  }
  return units;
}

/**
 * The values chosen by `options` that have `subtract` set and fewer units in stock than `entries` use of them
 * (every line of `product` choosing the value counts). Empty when every such value has enough.
 */
export function shortOptionValues(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
  entries: readonly StockEntry[],
): readonly ChosenValue[] {
  return chosenOptionValues(product, options).filter(
    (c) => c.value.subtract && c.value.quantity < valueUnits(product, entries, c.value.productOptionValueId),
  );
}

/** True when the catalog has enough of `product` and of every subtract value `options` chooses for `entries`. */
export function hasEnoughStock(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
  entries: readonly StockEntry[],
): boolean {
  return !productStockShort(product, entries) && shortOptionValues(product, options, entries).length === 0;
}
