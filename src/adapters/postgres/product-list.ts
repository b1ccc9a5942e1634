/**
 * The product and manufacturer lists in SQL: the same selection, order and paging as the memory catalog.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import type {
  ManufacturerSort,
  ProductFilter,
  ProductListQuery,
  ProductSort,
  SortOrder,
} from '../../domain/records/catalog.js';
import type { Tables } from './identifiers.js';

/**
 * Name sorts compare the lower-cased names byte by byte (`COLLATE "C"`), as the memory catalog compares
 * lower-cased UTF-16 strings: the same order for every name outside the astral planes, on every server locale.
 */
const productKeys: Readonly<Record<ProductSort, string>> = {
  name: 'lower(l.name) COLLATE "C"',
  sort_order: 'l.sort_order',
  price: 'COALESCE(l.special, l.price)',
};

const manufacturerKeys: Readonly<Record<ManufacturerSort, string>> = {
  name: 'lower(m.name) COLLATE "C"',
  sort_order: 'm.sort_order',
};

const directions: Readonly<Record<SortOrder, string>> = { ASC: 'ASC', DESC: 'DESC' };

/** The columns of a manufacturer record, named as the record's fields. */
export const manufacturerColumns = `m.manufacturer_id AS "manufacturerId", m.name, m.description, m.image,
  m.sort_order AS "sortOrder", m.meta_title AS "metaTitle", m.meta_description AS "metaDescription",
  m.meta_keyword AS "metaKeyword"`;

/** The SQL of a whitelisted sort key or direction; anything else is a bug in the caller. */
function pick<K extends string>(table: Readonly<Record<K, string>>, key: K, what: string): string {
  const sql = Object.hasOwn(table, key) ? table[key] : undefined;
  if (sql === undefined)
    throw new CartwrightInvariantError(`postgres: unknown ${what} ${JSON.stringify(key)}`);
  return sql;
}

/**
 * The filter as SQL over parameters `$1` today, `$2` manufacturer id (or NULL), `$3` category id (or NULL),
 * `$4` whether sub-categories count: the `scope` of categories (cycles end the recursion, as `UNION` drops
 * rows already found) and the products on sale on `$1` that match.
 */
function filtered(t: Tables, columns: string): string {
  return `WITH RECURSIVE scope (category_id) AS (
      SELECT $3::int WHERE $3::int IS NOT NULL
      UNION
      SELECT c.category_id FROM ${t.category} c JOIN scope ON c.parent_id = scope.category_id WHERE $4::boolean
    ), listed AS (
      SELECT ${columns}
      FROM ${t.product} p
      WHERE p.status AND p.date_available <= $1::date
        AND ($2::int IS NULL OR p.manufacturer_id = $2::int)
        AND ($3::int IS NULL OR EXISTS (
          SELECT 1 FROM ${t.product_to_category} pc JOIN scope USING (category_id) WHERE pc.product_id = p.product_id
        ))
    )`;
}

/** The parameters `$1`–`$4` of the filter. */
export function filterParameters(filter: ProductFilter & Pick<ProductListQuery, 'today'>): unknown[] {
  return [filter.today, filter.manufacturerId, filter.categoryId, filter.subCategories];
}

/**
 * One page of the product list: the filter's parameters, then `$5` customer group, `$6` start, `$7` limit.
 * The special is the group's valid on `$1` (from its start date, until its end date), lowest priority then
 * lowest price; the price sort uses it when there is one. Ties go by product id ascending.
 */
export function productListStatement(t: Tables, sort: ProductSort, order: SortOrder): string {
  const special = `(SELECT s.price FROM ${t.product_special} s
      WHERE s.product_id = p.product_id AND s.customer_group_id = $5::int
        AND (s.date_start IS NULL OR s.date_start <= $1::date) AND (s.date_end IS NULL OR $1::date < s.date_end)
      ORDER BY s.priority, s.price, s.position, s.product_special_id LIMIT 1) AS special`;
  const columns = `p.product_id, p.name, p.model, p.price, p.manufacturer_id, p.image, p.sort_order, ${special}`;
  return `${filtered(t, columns)}
    SELECT json_build_object(
      'productId', l.product_id, 'name', l.name, 'model', l.model, 'price', l.price::text,
      'special', l.special::text, 'manufacturerId', l.manufacturer_id, 'manufacturer', COALESCE(m.name, ''),
      'image', l.image
    ) AS record
    FROM listed l LEFT JOIN ${t.manufacturer} m ON m.manufacturer_id = l.manufacturer_id
    ORDER BY ${pick(productKeys, sort, 'product sort')} ${pick(directions, order, 'sort order')}, l.product_id
    OFFSET GREATEST($6::bigint, 0) LIMIT GREATEST($7::bigint, 0)`;
}

/** How many products the filter selects (parameters `$1`–`$4`). */
export function productCountStatement(t: Tables): string {
  return `${filtered(t, 'p.product_id')} SELECT count(*)::int AS count FROM listed`;
}

/** One page of manufacturers (`$1` start, `$2` limit), ties by id ascending. */
export function manufacturerListStatement(t: Tables, sort: ManufacturerSort, order: SortOrder): string {
  return `SELECT ${manufacturerColumns} FROM ${t.manufacturer} m
    ORDER BY ${pick(manufacturerKeys, sort, 'manufacturer sort')} ${pick(directions, order, 'sort order')},
      m.manufacturer_id
    OFFSET GREATEST($1::bigint, 0) LIMIT GREATEST($2::bigint, 0)`;
}
