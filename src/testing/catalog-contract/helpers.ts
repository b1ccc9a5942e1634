/**
 * Shared pieces of the catalog contract cases.
 * @module
 */
import assert from 'node:assert/strict';
import type { Product, ProductListQuery } from '../../domain/records/catalog.js';
import { unordered } from '../canonical.js';
import type { CatalogFixture } from '../catalog-fixture.js';
import type { SeededCase } from '../seeded-case.js';
import { type CatalogSeed, TODAY } from './seed.js';

/** Registers one case that runs on a catalog over the given seed. */
export type CatalogCase = SeededCase<CatalogFixture, CatalogSeed>;

/** A product-list query: everything on sale today for group 1, sorted by sort order, one page of 100. */
export function listQuery(overrides: Partial<ProductListQuery> = {}): ProductListQuery {
  return {
    manufacturerId: null,
    categoryId: null,
    subCategories: false,
    sort: 'sort_order',
    order: 'ASC',
    start: 0,
    limit: 100,
    customerGroupId: 1,
    today: TODAY,
    ...overrides,
  };
}

/** The ids of listed rows, in list order. */
export const idsOf = (rows: readonly { readonly productId: number }[]): number[] =>
  rows.map((row) => row.productId);

/** The ids in ascending order. */
export const ascending = (ids: readonly number[]): number[] => [...ids].sort((a, b) => a - b);

/** The seeded product with this id. */
export function seeded(seed: CatalogSeed, productId: number): Product {
  const product = seed.products.find((p) => p.productId === productId);
  if (product === undefined) throw new Error(`the seed has no product ${productId}`);
  return product;
}

/**
 * The product with the lists whose order carries no meaning put in one order: categories, and the discounts,
 * specials, rewards and plans the rules choose among by group, quantity, priority and dates. The order is by
 * each entry's value, never by the order of its keys (a store that keeps these lists as JSON may hand the keys
 * back in another order). Options and their values keep their order (it is the order a client shows them in).
 */
function comparable(product: Product): Product {
  return {
    ...product,
    categoryIds: unordered(product.categoryIds),
    discounts: unordered(product.discounts),
    specials: unordered(product.specials),
    rewards: unordered(product.rewards),
    subscriptionPlans: unordered(product.subscriptionPlans),
  };
}

/** Asserts that `got` is the seeded product, field by field (the message names the first field that differs). */
export function expectSeededProduct(
  got: Product | undefined,
  seed: CatalogSeed,
  productId: number,
  when: string,
): void {
  assert.ok(got !== undefined, `${when}: product ${productId} is missing`);
  const expected = comparable(seeded(seed, productId));
  const actual = comparable(got);
  for (const key of Object.keys(expected) as (keyof Product)[]) {
    assert.deepStrictEqual(
      actual[key],
      expected[key],
      `${when}: product ${productId} reads ${key} differently from the seed`,
    );
  }
  assert.deepStrictEqual(actual, expected, `${when}: product ${productId} has fields the seed does not`);
}
