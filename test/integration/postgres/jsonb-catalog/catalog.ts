/**
 * The catalog over the JSONB tables: each product's lists come back as PostgreSQL stored them (keys in its own
 * order), the product list selects, prices and sorts in SQL, reading the specials out of their JSONB column.
 */
import type pg from 'pg';
import type {
  Category,
  Manufacturer,
  ManufacturerSort,
  Product,
  ProductFilter,
  ProductListEntry,
  ProductListQuery,
  ProductSort,
  SortOrder,
} from '../../../../src/domain/records/catalog.js';
import { money } from '../../../../src/money/index.js';
import type { Catalog } from '../../../../src/ports/catalog.js';
import { type JsonbTables, tablesOf } from './tables.js';

/** The columns of a product, named as the record's fields; the lists are the JSONB values as stored. */
export const productColumns = `product_id AS "productId", master_id AS "masterId", name, model, description,
  image, manufacturer_id AS "manufacturerId", price::text AS price, currency, quantity, minimum, maximum,
  subtract, shipping, points, tax_class_id AS "taxClassId", weight, weight_class_id AS "weightClassId", length,
  width, height, length_class_id AS "lengthClassId", status,
  to_char(date_available, 'YYYY-MM-DD') AS "dateAvailable", sort_order AS "sortOrder",
  category_ids AS "categoryIds", options, discounts, specials, rewards, subscription_plans AS "subscriptionPlans"`;

/** A product row as {@link productColumns} reads it. */
type ProductRow = Omit<Product, 'price'> & { readonly price: string; readonly currency: string };

/** The product of a row: its price as Money, every other field as read. */
function productOf({ price, currency, ...row }: ProductRow): Product {
  return { ...row, price: money(price, currency) };
}

const manufacturerColumns = `manufacturer_id AS "manufacturerId", name, description, image,
  sort_order AS "sortOrder", meta_title AS "metaTitle", meta_description AS "metaDescription",
  meta_keyword AS "metaKeyword"`;

/** Lower-cased names compared byte by byte, as the suites expect on every server locale. */
const productKeys: Readonly<Record<ProductSort, string>> = {
  name: 'lower(l.name) COLLATE "C"',
  sort_order: 'l.sort_order',
  price: 'COALESCE(l.special, l.price)',
};
const manufacturerKeys: Readonly<Record<ManufacturerSort, string>> = {
  name: 'lower(name) COLLATE "C"',
  sort_order: 'sort_order',
};
const directions: Readonly<Record<SortOrder, string>> = { ASC: 'ASC', DESC: 'DESC' };

/**
 * The products on sale on `$1` matching manufacturer `$2` and category `$3` (with its descendants when `$4`),
 * as `listed`, with `columns`.
 */
function filtered(t: JsonbTables, columns: string): string {
  return `WITH RECURSIVE scope (category_id) AS (
      SELECT $3::int WHERE $3::int IS NOT NULL
      UNION
      SELECT c.category_id FROM ${t.category} c JOIN scope ON c.parent_id = scope.category_id WHERE $4::boolean
    ), listed AS (
      SELECT ${columns} FROM ${t.product} p
      WHERE p.status AND p.date_available <= $1::date
        AND ($2::int IS NULL OR p.manufacturer_id = $2::int)
        AND ($3::int IS NULL OR EXISTS (
          SELECT 1 FROM jsonb_array_elements_text(p.category_ids) AS pc (id)
          JOIN scope ON scope.category_id = pc.id::int))
    )`;
}

/** The group `$5`'s special valid on `$1`, read from the JSONB list: lowest priority, then lowest price. */
const specialColumn = `(SELECT (s.entry -> 'price' ->> 'amount')::numeric
    FROM jsonb_array_elements(p.specials) AS s (entry)
    WHERE (s.entry ->> 'customerGroupId')::int = $5::int
      AND (s.entry ->> 'dateStart' IS NULL OR (s.entry ->> 'dateStart')::date <= $1::date)
      AND (s.entry ->> 'dateEnd' IS NULL OR $1::date < (s.entry ->> 'dateEnd')::date)
    ORDER BY (s.entry ->> 'priority')::int, (s.entry -> 'price' ->> 'amount')::numeric LIMIT 1) AS special`;

/** The filter's parameters `$1`–`$4`. */
function filterParameters(filter: ProductFilter & Pick<ProductListQuery, 'today'>): unknown[] {
  return [filter.today, filter.manufacturerId, filter.categoryId, filter.subCategories];
}

/** A list row as the product-list statement reads it. */
interface ListRow {
  readonly productId: number;
  readonly name: string;
  readonly model: string;
  readonly price: string;
  readonly special: string | null;
  readonly currency: string;
  readonly manufacturerId: number;
  readonly manufacturer: string;
  readonly image: string;
}

/** The catalog over the JSONB tables of `schema`. */
export function createJsonbCatalog(pool: pg.Pool, schema: string): Catalog {
  const t = tablesOf(schema);
  return {
    async getProducts(productIds) {
      if (productIds.length === 0) return [];
      const { rows } = await pool.query<ProductRow>(
        `SELECT ${productColumns} FROM ${t.product} WHERE product_id = ANY($1::int[])`,
        [[...new Set(productIds)]],
      );
      return rows.map(productOf);
    },
    async getManufacturer(manufacturerId) {
      const { rows } = await pool.query<Manufacturer>(
        `SELECT ${manufacturerColumns} FROM ${t.manufacturer} WHERE manufacturer_id = $1`,
        [manufacturerId],
      );
      return rows[0];
    },
    async listManufacturers({ sort, order, start, limit }) {
      const { rows } = await pool.query<Manufacturer>(
        `SELECT ${manufacturerColumns} FROM ${t.manufacturer}
         ORDER BY ${manufacturerKeys[sort]} ${directions[order]}, manufacturer_id
         OFFSET GREATEST($1::bigint, 0) LIMIT GREATEST($2::bigint, 0)`,
        [start, limit],
      );
      return rows;
    },
    async countManufacturers() {
      const { rows } = await pool.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${t.manufacturer}`,
      );
      return rows[0]?.count ?? 0;
    },
    async listProducts(query) {
      const columns = `p.product_id, p.name, p.model, p.price, p.currency, p.manufacturer_id, p.image,
        p.sort_order, ${specialColumn}`;
      const { rows } = await pool.query<ListRow>(
        `${filtered(t, columns)}
         SELECT l.product_id AS "productId", l.name, l.model, l.price::text AS price,
           l.special::text AS special, l.currency, l.manufacturer_id AS "manufacturerId",
           COALESCE(m.name, '') AS manufacturer, l.image
         FROM listed l LEFT JOIN ${t.manufacturer} m ON m.manufacturer_id = l.manufacturer_id
         ORDER BY ${productKeys[query.sort]} ${directions[query.order]}, l.product_id
         OFFSET GREATEST($6::bigint, 0) LIMIT GREATEST($7::bigint, 0)`,
        [...filterParameters(query), query.customerGroupId, query.start, query.limit],
      );
      return rows.map(
        ({ price, special, currency, ...row }): ProductListEntry => ({
          ...row,
          price: money(price, currency),
          special: special === null ? null : money(special, currency),
        }),
      );
    },
    async countProducts(filter) {
      const { rows } = await pool.query<{ count: number }>(
        `${filtered(t, 'p.product_id')} SELECT count(*)::int AS count FROM listed`,
        filterParameters(filter),
      );
      return rows[0]?.count ?? 0;
    },
    async getCategories() {
      const { rows } = await pool.query<Category>(
        `SELECT category_id AS "categoryId", parent_id AS "parentId", name, sort_order AS "sortOrder"
         FROM ${t.category}`,
      );
      return rows;
    },
  };
}
