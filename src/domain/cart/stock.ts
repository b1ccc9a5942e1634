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
import { type ChosenValue, type LineChoice, lineChoice } from '../pricing/line-choice.js';
import type { Product } from '../records/catalog.js';

export type { ChosenValue } from '../pricing/line-choice.js';

/** What stock counting needs of a line: stored lines and items not yet added both fit. */
export interface StockEntry {
  readonly productId: number;
  readonly quantity: number;
  /** Canonical options (see `checkOptions`). */
  readonly options: Readonly<Record<string, CartOptionValue>>;
}

/**
 * The select, radio and checkbox values `options` chooses on `product`, in the product's option order. Matching
 * is pricing's (`lineChoice`), so what is counted for stock is exactly what is charged.
 */
export function chosenOptionValues(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
): readonly ChosenValue[] {
  return lineChoice(product, options).values;
}

/** How the options of an entry are read: `lineChoice`, or a caller's memo of it. */
export type ChoiceOf = (product: Product, options: Readonly<Record<string, CartOptionValue>>) => LineChoice;

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

/** Counts `entries` once (see {@link StockCount}); `choiceOf` reads each entry's options. */
export function countStock(entries: readonly StockEntry[], choiceOf: ChoiceOf = lineChoice): StockCount {
  const byProduct = new Map<number, StockEntry[]>();
  const units = new Map<number, number>();
  for (const entry of entries) {
    const group = byProduct.get(entry.productId);
    if (group === undefined) byProduct.set(entry.productId, [entry]);
    else group.push(entry);
    units.set(entry.productId, (units.get(entry.productId) ?? 0) + entry.quantity);
  }
  const valueCounts = new Map<number, Map<number, number>>();
  const valuesOf = (product: Product): Map<number, number> => {
    const known = valueCounts.get(product.productId);
    if (known !== undefined) return known;
    const counts = new Map<number, number>();
    for (const entry of byProduct.get(product.productId) ?? []) {
      // A value chosen twice in one line (a checkbox listing it twice) still counts the line's units once.
      const ids = new Set(choiceOf(product, entry.options).values.map((c) => c.value.productOptionValueId));
      for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + entry.quantity);
    }
    valueCounts.set(product.productId, counts);
    return counts;
  };
  return {
    productUnits: (productId) => units.get(productId) ?? 0,
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
  return shortValuesOf(product, lineChoice(product, options).values, counted(entries));
}

/** The chosen values with `subtract` set that `count` uses more of than the catalog has. */
function shortValuesOf(
  product: Product,
  chosen: readonly ChosenValue[],
  count: StockCount,
): readonly ChosenValue[] {
  return chosen.filter(
    (c) => c.value.subtract && c.value.quantity < count.valueUnits(product, c.value.productOptionValueId),
  );
}

/** True when the catalog has enough of `product` and of every subtract value `options` chooses for `entries`. */
export function hasEnoughStock(
  product: Product,
  options: Readonly<Record<string, CartOptionValue>>,
  entries: readonly StockEntry[] | StockCount,
): boolean {
  return enoughStockFor(product, lineChoice(product, options), counted(entries));
}

/** {@link hasEnoughStock} for a line whose choice is worked out already. */
export function enoughStockFor(product: Product, choice: LineChoice, count: StockCount): boolean {
  return !productStockShort(product, count) && shortValuesOf(product, choice.values, count).length === 0;
}
