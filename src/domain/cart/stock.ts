/**
 * Stock counting for the cart: how many units of a product, and
 * of one option value, a set of lines holds, and whether the catalog has that many. The add and update rules use
 * it to refuse a change; pricing uses it to set a line's `stock` flag.
 *
 * Counts always run over every line of the product, whatever its options, because stock belongs to the product
 * (and to the option value), not to a line: two lines of 4 units each need 8 in stock. The product's own
 * `subtract` flag is not consulted for product stock, as in OpenCart; an option value's stock counts only when the
 * value has `subtract`.
 * @module
 */

import type { CartOptionValue } from '../machine/session.js';
import { chosenValues } from '../pricing/unit-price.js';
import type { Product, ProductOption, ProductOptionValue } from '../records/catalog.js';

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

/**
 * Units of each product, and of each option value, across a set of entries, counted in one pass so that checking
 * every line of a cart against the whole cart stays linear in its lines. Option values are counted per product
 * lazily, the first time a product is asked about.
 */
export interface StockCount {
  /** Units of `productId`, whatever their options. */
  productUnits(productId: number): number;
  /** Units of `product` whose options choose the value `productOptionValueId`. */
  valueUnits(product: Product, productOptionValueId: number): number;
}

/** Counts `entries` once (see {@link StockCount}). */
export function countStock(entries: readonly StockEntry[]): StockCount {
  const byProduct = new Map<number, StockEntry[]>();
  for (const entry of entries) {
    const group = byProduct.get(entry.productId);
    if (group === undefined) byProduct.set(entry.productId, [entry]);
    else group.push(entry);
  }
  const valueCounts = new Map<number, Map<number, number>>();
  const valuesOf = (product: Product): Map<number, number> => {
    const known = valueCounts.get(product.productId);
    if (known !== undefined) return known;
    const counts = new Map<number, number>();
    for (const entry of byProduct.get(product.productId) ?? []) {
      // A value chosen twice in one line (a checkbox listing it twice) still counts the line's units once.
      const ids = new Set(
        chosenOptionValues(product, entry.options).map((c) => c.value.productOptionValueId),
      );
      for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + entry.quantity);
    }
    valueCounts.set(product.productId, counts);
    return counts;
  };
  return {
    productUnits: (productId) => (byProduct.get(productId) ?? []).reduce((units, e) => units + e.quantity, 0),
    valueUnits: (product, productOptionValueId) => valuesOf(product).get(productOptionValueId) ?? 0,
  };
}

/** `entries`, counted; a count passes through. */
function counted(entries: readonly StockEntry[] | StockCount): StockCount {
  return 'productUnits' in entries ? entries : countStock(entries);
}

/** Units of `productId` across `entries`, whatever their options. */
export function productUnits(entries: readonly StockEntry[] | StockCount, productId: number): number {
  return counted(entries).productUnits(productId);
}

/**
 * True when `product` has fewer units than `entries` hold of it (or none at all): OpenCart's "stock is 0 or
 * stock < product total".
 */
export function productStockShort(product: Product, entries: readonly StockEntry[] | StockCount): boolean {
  return product.quantity <= 0 || product.quantity < productUnits(entries, product.productId);
}

/**
 * The values chosen by `options` that have `subtract` set and fewer units in stock than `entries` use of them
 * (every line of `product` choosing the value counts). Empty when every such value has enough.
 */
export function shortOptionValues(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
  entries: readonly StockEntry[] | StockCount,
): readonly ChosenValue[] {
  const count = counted(entries);
  return chosenOptionValues(product, options).filter(
    (c) => c.value.subtract && c.value.quantity < count.valueUnits(product, c.value.productOptionValueId),
  );
}

/** True when the catalog has enough of `product` and of every subtract value `options` chooses for `entries`. */
export function hasEnoughStock(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
  entries: readonly StockEntry[] | StockCount,
): boolean {
  const count = counted(entries);
  return !productStockShort(product, count) && shortOptionValues(product, options, count).length === 0;
}
