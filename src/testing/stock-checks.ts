/**
 * Stock moves and stock read back through the catalog, shared by the order-repository and stock contract cases.
 * @module
 */
import assert from 'node:assert/strict';
import type { StockMove } from '../domain/order/write.js';
import type { Catalog } from '../ports/catalog.js';

/** A guarded move taking `units` out of a product's stock (or an option value's). */
export function take(
  productId: number,
  units: number,
  productOptionValueId: number | null = null,
): StockMove {
  return { productId, productOptionValueId, delta: -units, guard: true };
}

/** An unguarded move putting `units` back into a product's stock (or an option value's). */
export function putBack(
  productId: number,
  units: number,
  productOptionValueId: number | null = null,
): StockMove {
  return { productId, productOptionValueId, delta: units, guard: false };
}

/** The stock of a product, or of one of its option values, as the catalog reads it now. */
export async function stockOf(
  catalog: Catalog,
  productId: number,
  productOptionValueId: number | null = null,
): Promise<number> {
  const product = (await catalog.getProducts([productId])).find((p) => p.productId === productId);
  assert.ok(product !== undefined, `the catalog has no product ${productId}: the fixture must hold the seed`);
  if (productOptionValueId === null) return product.quantity;
  for (const option of product.options) {
    const value = option.values.find((v) => v.productOptionValueId === productOptionValueId);
    if (value !== undefined) return value.quantity;
  }
  return assert.fail(`product ${productId} has no option value ${productOptionValueId}`);
}

/** Asserts the stock of a product (or of an option value) as the catalog reads it. */
export async function expectStock(
  catalog: Catalog,
  productId: number,
  expected: number,
  when: string,
  productOptionValueId: number | null = null,
): Promise<void> {
  const actual = await stockOf(catalog, productId, productOptionValueId);
  const what =
    productOptionValueId === null ? `product ${productId}` : `option value ${productOptionValueId}`;
  assert.equal(
    actual,
    expected,
    `${when}: the catalog reads the stock of ${what} as ${actual}, not ${expected}`,
  );
}
