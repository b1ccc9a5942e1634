/**
 * The manufacturer and product list queries, normalised: both spellings of OpenCart's sort
 * tokens, defaults for anything else, paging bounds. What comes out is what the {@link Catalog} port is given.
 * @module
 */
import type {
  ManufacturerListQuery,
  ManufacturerSort,
  ProductListQuery,
  ProductSort,
  SortOrder,
} from '../records/catalog.js';

/** A query value as a query string or JSON body carries it. */
export type QueryValue = string | number | boolean | null | undefined;

/** The paging of a list query, as asked for (OpenCart's `sort`, `order`, `start`, `limit`). */
export interface RawPaging {
  readonly sort?: QueryValue;
  readonly order?: QueryValue;
  readonly start?: QueryValue;
  readonly limit?: QueryValue;
}

/**
 * The product filters plus paging, as asked for (OpenCart's `filter_manufacturer_id`, `filter_category_id` and
 * `filter_sub_category`, which the operation's form reads).
 */
export interface RawProductListQuery extends RawPaging {
  readonly manufacturerId?: QueryValue;
  readonly categoryId?: QueryValue;
  readonly subCategories?: QueryValue;
}

/** Page size when none (or one below 1) is asked for, as OpenCart. */
export const defaultPageSize = 20;
/** The largest page served; a larger limit is cut to this. */
export const maxPageSize = 100;

const manufacturerSorts: Readonly<Record<string, ManufacturerSort>> = {
  name: 'name',
  sort_order: 'sort_order',
};
const productSorts: Readonly<Record<string, ProductSort>> = {
  name: 'name',
  'pd.name': 'name',
  sort_order: 'sort_order',
  'p.sort_order': 'sort_order',
  price: 'price',
  'p.price': 'price',
};

/** A whole number from a number or a string of digits (with an optional minus); anything else is undefined. */
function wholeNumber(value: QueryValue): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/** An id filter: a positive whole number, or null for "no filter" (0, blank, malformed). */
function idFilter(value: QueryValue): number | null {
  const id = wholeNumber(value);
  return id !== undefined && id > 0 ? id : null;
}

/** A flag the way forms send it: `1`, `true`, `on`, `yes` are true; anything else is false. */
export function parseFlag(value: QueryValue): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  return typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
}

/** `DESC` in any case is descending; anything else ascending (OpenCart's own pages send `desc`). */
function sortOrder(value: QueryValue): SortOrder {
  return typeof value === 'string' && value.trim().toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
}

/** start < 0 or malformed → 0; limit < 1 or malformed → 20; limit above 100 → 100. */
function paging(raw: RawPaging): { start: number; limit: number } {
  const start = wholeNumber(raw.start);
  const limit = wholeNumber(raw.limit);
  return {
    start: start !== undefined && start > 0 ? start : 0,
    limit: limit === undefined || limit < 1 ? defaultPageSize : Math.min(limit, maxPageSize),
  };
}

/** A sort token looked up in `table` by its own spelling only (never through the prototype chain). */
function sortKey<T>(table: Readonly<Record<string, T>>, value: QueryValue, fallback: T): T {
  return typeof value === 'string' && Object.hasOwn(table, value) ? (table[value] ?? fallback) : fallback;
}

/** The manufacturer list query: sort `name` (default) or `sort_order`, ASC by default, paging bounded. */
export function normaliseManufacturerQuery(raw: RawPaging): ManufacturerListQuery {
  return { sort: sortKey(manufacturerSorts, raw.sort, 'name'), order: sortOrder(raw.order), ...paging(raw) };
}

/**
 * The product list query: filters, sort (`sort_order` by default, as OpenCart), paging bounded. The customer
 * group and day decide which special the catalog sorts by and shows.
 */
export function normaliseProductQuery(
  raw: RawProductListQuery,
  context: { readonly customerGroupId: number; readonly today: string },
): ProductListQuery {
  return {
    manufacturerId: idFilter(raw.manufacturerId),
    categoryId: idFilter(raw.categoryId),
    subCategories: parseFlag(raw.subCategories),
    sort: sortKey(productSorts, raw.sort, 'sort_order'),
    order: sortOrder(raw.order),
    ...paging(raw),
    customerGroupId: context.customerGroupId,
    today: context.today,
  };
}
