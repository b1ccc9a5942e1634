/**
 * The in-memory catalog.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type {
  Category,
  Manufacturer,
  ManufacturerListQuery,
  Product,
  ProductFilter,
  ProductListEntry,
  ProductListQuery,
} from '../../domain/records/catalog.js';
import type { Catalog } from '../../ports/catalog.js';
import type { Clock } from '../../ports/clock.js';
import { activeSpecial, type PricedProduct, selectProducts, sortProducts } from './product-list.js';
import { compareNumbers, compareText, page, sortWithIdTies } from './sorting.js';
import { releaseDueHolds } from './stock-holds.js';
import type { MemoryStoreData } from './store-data.js';

/** Every product of `ids` that exists, once each, frozen. */
function findProducts(data: MemoryStoreData, ids: readonly number[]): Product[] {
  const found: Product[] = [];
  for (const id of new Set(ids)) {
    const product = data.products.get(id);
    if (product !== undefined) found.push(deepFreeze(product));
  }
  return found;
}

/** The manufacturers in the order the query asks, ties by id. */
function sortManufacturers(data: MemoryStoreData, query: ManufacturerListQuery): Manufacturer[] {
  const compareKey =
    query.sort === 'name'
      ? (a: Manufacturer, b: Manufacturer) => compareText(a.name, b.name)
      : (a: Manufacturer, b: Manufacturer) => compareNumbers(a.sortOrder, b.sortOrder);
  return sortWithIdTies([...data.manufacturers.values()], compareKey, query.order, (m) => m.manufacturerId);
}

/** One row of the product list. */
function toListEntry(data: MemoryStoreData, { product, special }: PricedProduct): ProductListEntry {
  return deepFreeze({
    productId: product.productId,
    name: product.name,
    model: product.model,
    price: product.price,
    special,
    manufacturerId: product.manufacturerId,
    manufacturer: data.manufacturers.get(product.manufacturerId)?.name ?? '',
    image: product.image,
  });
}

/** The products a filter selects on `today`. */
function filtered(data: MemoryStoreData, filter: ProductFilter, today: string): Product[] {
  return selectProducts(data.products.values(), data.categories.values(), filter, today);
}

/** Options of {@link createMemoryCatalog}. */
export interface MemoryCatalogOptions {
  /** The time stock holds are due against; default the system clock. */
  readonly clock?: Clock | undefined;
}

/**
 * A {@link Catalog} over the memory tables. Reads the tables on every call, so stock the order repository
 * writes (and any change the host makes to `data`) is seen at once; there is no cache to outlive a change.
 * Before reading products it releases the stock holds whose time has come (see `OrderPayments`), so units held
 * for a payment nobody completed are back for the next customer. Records are handed out frozen.
 */
export function createMemoryCatalog(data: MemoryStoreData, options: MemoryCatalogOptions = {}): Catalog {
  const now = () => (options.clock === undefined ? new Date() : options.clock.now()).toISOString();
  return {
    async getProducts(productIds: readonly number[]): Promise<readonly Product[]> {
      if (data.stockHolds.size > 0) releaseDueHolds(data, now());
      return findProducts(data, productIds);
    },

    async getManufacturer(manufacturerId: number): Promise<Manufacturer | undefined> {
      const manufacturer = data.manufacturers.get(manufacturerId);
      return manufacturer === undefined ? undefined : deepFreeze(manufacturer);
    },

    async listManufacturers(query: ManufacturerListQuery): Promise<readonly Manufacturer[]> {
      return page(sortManufacturers(data, query), query.start, query.limit).map(deepFreeze);
    },

    async countManufacturers(): Promise<number> {
      return data.manufacturers.size;
    },

    async listProducts(query: ProductListQuery): Promise<readonly ProductListEntry[]> {
      const priced = filtered(data, query, query.today).map((product) => ({
        product,
        special: activeSpecial(product, query.customerGroupId, query.today),
      }));
      const rows = page(sortProducts(priced, query), query.start, query.limit);
      return rows.map((row) => toListEntry(data, row));
    },

    async countProducts(filter: ProductFilter & Pick<ProductListQuery, 'today'>): Promise<number> {
      return filtered(data, filter, filter.today).length;
    },

    async getCategories(): Promise<readonly Category[]> {
      return [...data.categories.values()].map(deepFreeze);
    },
  };
}
