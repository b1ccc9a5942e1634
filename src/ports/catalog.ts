/**
 * The catalog port.
 * @module
 */
import type {
  Category,
  Manufacturer,
  ManufacturerListQuery,
  Product,
  ProductFilter,
  ProductListEntry,
  ProductListQuery,
} from '../domain/records/catalog.js';

/**
 * Products, manufacturers and categories, read-only.
 *
 * Contract (the `cartwright/testing` suite `describeCatalogContract` checks every point):
 * - `getProducts` answers one batch, whatever the number of ids: every product that exists (enabled or not;
 *   the rules decide what "available" means), each once, in any order; unknown ids are left out.
 * - Stock (`quantity` of products and option values) is read as it was last moved: by the order repository made
 *   over the same store, or by the host's `Stock` port (`CheckoutDeps.stock`); no cache outlives a move.
 * - A record handed out cannot change the store: it is frozen, or a copy.
 * - `listManufacturers` and `listProducts` apply the query as given (it is already normalised): sort, then
 *   ties by id ascending so that pages never overlap or skip; name sorts ignore case. Only enabled products
 *   available on `today` are listed; `price` sorts use the special for the query's group when one applies.
 * - `countManufacturers` / `countProducts` count the same sets without paging.
 * - A method rejects only when the store fails (with an `Error`, within the adapter's deadline), never answering
 *   as if nothing were stored.
 */
export interface Catalog {
  /** Every existing product among `productIds`, in one read. */
  getProducts(productIds: readonly number[]): Promise<readonly Product[]>;
  /** One manufacturer with its full record, or undefined. */
  getManufacturer(manufacturerId: number): Promise<Manufacturer | undefined>;
  /** One page of manufacturers, sorted as the query says, ties by id. */
  listManufacturers(query: ManufacturerListQuery): Promise<readonly Manufacturer[]>;
  /** How many manufacturers the list pages through. */
  countManufacturers(): Promise<number>;
  /** One page of products on sale matching the filter, sorted as the query says, ties by id. */
  listProducts(query: ProductListQuery): Promise<readonly ProductListEntry[]>;
  /** How many products on sale match the filter. */
  countProducts(filter: ProductFilter & Pick<ProductListQuery, 'today'>): Promise<number>;
  /** Every category (a small tree), for category filters and coupon category checks. */
  getCategories(): Promise<readonly Category[]>;
}
