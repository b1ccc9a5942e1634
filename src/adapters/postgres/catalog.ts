/**
 * The PostgreSQL catalog.
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
import { type PostgresAdapterOptions, resolveOptions } from './options.js';
import {
  filterParameters,
  manufacturerColumns,
  manufacturerListStatement,
  productCountStatement,
  productListStatement,
} from './product-list.js';
import { productsStatement, type StoredProduct, toProduct } from './product-query.js';
import { dueTime, nextHoldDue, nextHoldDueColumn, releaseDueHolds } from './stock-holds.js';
import { firstValue, isStoredId, jsonColumn, toMoney } from './values.js';

/** How many due holds one read releases at most (a sweep releases the rest). */
const HOLD_RELEASE_BATCH = 100;

/** A product-list row as the statement builds it. */
interface StoredListEntry extends Omit<ProductListEntry, 'price' | 'special'> {
  readonly price: string;
  readonly special: string | null;
}

/**
 * A {@link Catalog} over PostgreSQL. Every method is one statement, one round-trip, whatever it reads:
 * `getProducts` aggregates each product with its options, values, discounts, specials, rewards, plans and
 * categories as JSON. Stock is read as the order repository last committed it. Lists sort, filter and page
 * exactly as the memory catalog does (ties by id, case-insensitive names, the group's special in price sorts,
 * products on sale on `today`). Records are handed out frozen. Before it reads products it releases the stock
 * holds whose time has come (it knows when the next falls due from its last read), so held units nobody paid
 * for are back. With a reference cache, products (stock included)
 * and the category tree come from memory while it listens (see `createPostgresReferenceCache`).
 *
 * @example
 * ```ts
 * const catalog = createPostgresCatalog({ pool, schema: 'shop', currency: settings.currency });
 * const [iphone] = await catalog.getProducts([40]);
 * ```
 */
export function createPostgresCatalog(options: PostgresAdapterOptions): Catalog {
  const { db, tables: t, currency, cache, now } = resolveOptions(options);
  /**
   * When the next stock hold falls due (milliseconds since the epoch), as the last product read from the
   * database saw it: every read of products there also reads the earliest end of the holds still holding, and
   * a hold taken later takes its products' units, which makes their next read go to the database too. A read at
   * or after that time releases the due holds first, so reads cost nothing extra while nothing is due.
   */
  let nextDue = Number.POSITIVE_INFINITY;
  /** Releases the holds due now, when one may be: true when it looked. */
  const releaseDue = async (): Promise<boolean> => {
    const instant = now();
    if (instant.getTime() < nextDue) return false;
    await releaseDueHolds(db, t, cache, instant.toISOString(), HOLD_RELEASE_BATCH);
    nextDue = await nextHoldDue(db, t);
    return true;
  };
  const products = `SELECT q.record, (${nextHoldDueColumn(t)}) AS next_hold_due FROM (${productsStatement(t)}) q`;
  /** The products of `ids` that exist, by id, frozen. */
  const loadProducts = async (ids: readonly number[]): Promise<ReadonlyMap<number, Product>> => {
    const { rows } = await db.query(products, [ids]);
    const found = new Map<number, Product>();
    for (const row of rows) {
      nextDue = dueTime(row.next_hold_due);
      const product = deepFreeze(toProduct(jsonColumn<StoredProduct>(row.record), currency));
      found.set(product.productId, product);
    }
    return found;
  };
  const count = productCountStatement(t);
  /** List statements by sort and order, built on first use (six at most). */
  const lists = new Map<string, string>();
  const cached = (key: string, build: () => string) => {
    const known = lists.get(key);
    if (known !== undefined) return known;
    const statement = build();
    lists.set(key, statement);
    return statement;
  };

  return {
    async getProducts(productIds: readonly number[]): Promise<readonly Product[]> {
      const ids = [...new Set(productIds.filter(isStoredId))];
      if (ids.length === 0) return [];
      let found = (await releaseDue()) ? undefined : await cache.readMany('products', ids, loadProducts);
      // The read itself may be what learnt that a hold is due: release it, and read what it gave back.
      if (found === undefined || (await releaseDue()))
        found = await cache.readMany('products', ids, loadProducts);
      return found.filter((product) => product !== undefined);
    },

    async getManufacturer(manufacturerId: number): Promise<Manufacturer | undefined> {
      if (!isStoredId(manufacturerId)) return undefined;
      const { rows } = await db.query(
        `SELECT ${manufacturerColumns} FROM ${t.manufacturer} m WHERE m.manufacturer_id = $1`,
        [manufacturerId],
      );
      const [row] = rows;
      return row === undefined ? undefined : deepFreeze({ ...row } as unknown as Manufacturer);
    },

    async listManufacturers(query: ManufacturerListQuery): Promise<readonly Manufacturer[]> {
      const statement = cached(`manufacturers:${query.sort}:${query.order}`, () =>
        manufacturerListStatement(t, query.sort, query.order),
      );
      const { rows } = await db.query(statement, [query.start, query.limit]);
      return rows.map((row) => deepFreeze({ ...row } as unknown as Manufacturer));
    },

    async countManufacturers(): Promise<number> {
      const { rows } = await db.query(`SELECT count(*)::int AS count FROM ${t.manufacturer}`);
      return Number(firstValue(rows, 'count'));
    },

    async listProducts(query: ProductListQuery): Promise<readonly ProductListEntry[]> {
      const statement = cached(`products:${query.sort}:${query.order}`, () =>
        productListStatement(t, query.sort, query.order),
      );
      const { rows } = await db.query(statement, [
        ...filterParameters(query),
        query.customerGroupId,
        query.start,
        query.limit,
      ]);
      return rows.map((row) => {
        const entry = jsonColumn<StoredListEntry>(row.record);
        return deepFreeze({
          ...entry,
          price: toMoney(entry.price, currency),
          special: entry.special === null ? null : toMoney(entry.special, currency),
        });
      });
    },

    async countProducts(filter: ProductFilter & Pick<ProductListQuery, 'today'>): Promise<number> {
      const { rows } = await db.query(count, filterParameters(filter));
      return Number(firstValue(rows, 'count'));
    },

    getCategories(): Promise<readonly Category[]> {
      return cache.read('categories', 'all', async () => {
        const { rows } = await db.query(
          `SELECT category_id AS "categoryId", parent_id AS "parentId", name, sort_order AS "sortOrder"
           FROM ${t.category} ORDER BY category_id`,
        );
        return deepFreeze(rows.map((row) => ({ ...row }) as unknown as Category));
      });
    },
  };
}
