/**
 * The category tree: a category and everything below it, for product-list filters and coupon categories.
 * @module
 */
import type { Category } from '../records/catalog.js';

/** `roots` and every category below them; a cycle in a broken tree is cut. */
export function categoriesWithDescendants(
  roots: Iterable<number>,
  categories: Iterable<Category>,
): ReadonlySet<number> {
  const children = new Map<number, number[]>();
  for (const { categoryId, parentId } of categories) {
    children.set(parentId, [...(children.get(parentId) ?? []), categoryId]);
  }
  const scope = new Set(roots);
  const pending = [...scope];
  for (let parent = pending.pop(); parent !== undefined; parent = pending.pop()) {
    for (const child of children.get(parent) ?? []) {
      if (scope.has(child)) continue;
      scope.add(child);
      pending.push(child);
    }
  }
  return scope;
}
