/**
 * The product list of the memory catalog: which products a filter selects and in what order.
 * @module
 */
import { categoriesWithDescendants } from '../../domain/catalog/categories.js';
import type {
  Category,
  Product,
  ProductFilter,
  ProductListQuery,
  ProductSpecial,
} from '../../domain/records/catalog.js';
import { compare, type Money } from '../../money/index.js';
import { compareNumbers, compareText, type KeyComparator, sortWithIdTies } from './sorting.js';

/**
 * The special price of `product` for `customerGroupId` on `today`, or null. A special is valid from
 * `dateStart` (inclusive) until `dateEnd` (exclusive), as OpenCart compares its dates with `NOW()`; of several,
 * the lowest priority number wins, then the lowest price.
 */
export function activeSpecial(product: Product, customerGroupId: number, today: string): Money | null {
  const valid = (special: ProductSpecial) =>
    special.customerGroupId === customerGroupId &&
    (special.dateStart === null || special.dateStart <= today) &&
    (special.dateEnd === null || today < special.dateEnd);
  const [best] = product.specials
    .filter(valid)
    .sort((a, b) => a.priority - b.priority || compare(a.price, b.price));
  return best?.price ?? null;
}

/** `categoryId` and, when asked, every category below it (cycles in a broken tree are cut). */
export function categoryScope(categories: Iterable<Category>, categoryId: number, withDescendants: boolean) {
  return withDescendants
    ? categoriesWithDescendants([categoryId], categories)
    : new Set<number>([categoryId]);
}

/** The products the list shows for `filter` on `today`: enabled, available, matching manufacturer and category. */
export function selectProducts(
  products: Iterable<Product>,
  categories: Iterable<Category>,
  filter: ProductFilter,
  today: string,
): Product[] {
  const scope =
    filter.categoryId === null ? null : categoryScope(categories, filter.categoryId, filter.subCategories);
  const selected: Product[] = [];
  for (const product of products) {
    if (!product.status || product.dateAvailable > today) continue;
    if (filter.manufacturerId !== null && product.manufacturerId !== filter.manufacturerId) continue;
    if (scope !== null && !product.categoryIds.some((id) => scope.has(id))) continue;
    selected.push(product);
  }
  return selected;
}

/** A product with the special that applies to the query, worked out once per list. */
export interface PricedProduct {
  readonly product: Product;
  readonly special: Money | null;
}

/** Orders the priced products as the query asks, ties by id ascending. */
export function sortProducts(items: readonly PricedProduct[], query: ProductListQuery): PricedProduct[] {
  const byKey: Record<ProductListQuery['sort'], KeyComparator<PricedProduct>> = {
    name: (a, b) => compareText(a.product.name, b.product.name),
    sort_order: (a, b) => compareNumbers(a.product.sortOrder, b.product.sortOrder),
    price: (a, b) => compare(a.special ?? a.product.price, b.special ?? b.product.price),
  };
  return sortWithIdTies(items, byKey[query.sort], query.order, (item) => item.product.productId);
}
