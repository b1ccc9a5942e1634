/**
 * OpenCart 4.1.0.4's installed stock, for tests of the stock rules: the demo gives what its checkouts buy a
 * million units and has no HTC Touch HD (28) in stock, so nothing in it runs out; these tests need stock that
 * does (the Canon EOS 5D's 7, of which Red has 2 and Blue 5).
 */
import type { MemoryStoreData } from '../../src/adapters/memory/index.js';

/** Product quantities as installed, for the products the demo changes. */
const productStock: ReadonlyMap<number, number> = new Map([
  [28, 939],
  [30, 7],
  [40, 970],
  [41, 977],
  [42, 990],
  [43, 929],
  [47, 1000],
]);

/** Option value quantities as installed, for the option values the demo changes (products 30 and 42). */
const valueStock: ReadonlyMap<number, number> = new Map([
  [15, 2],
  [16, 5],
  [1, 100],
  [2, 200],
  [3, 300],
  [4, 92],
  [5, 96],
  [6, 146],
  [7, 300],
  [8, 48],
  [9, 194],
  [10, 2696],
  [11, 3998],
]);

/** `data` (changed in place, and returned) with OpenCart's installed stock of products and option values. */
export function withInstalledStock<T extends MemoryStoreData>(data: T): T {
  for (const [productId, quantity] of productStock) {
    const product = data.products.get(productId);
    if (product === undefined) throw new Error(`demo product ${productId} missing`);
    data.products.set(productId, {
      ...product,
      quantity,
      options: product.options.map((option) => ({
        ...option,
        values: option.values.map((value) => ({
          ...value,
          quantity: valueStock.get(value.productOptionValueId) ?? value.quantity,
        })),
      })),
    });
  }
  return data;
}
