/**
 * The rows of every catalog and directory table for a {@link MemoryStoreData}, as the loader writes them.
 * @module
 */

import type { MemoryStoreData } from '../../demo/store-data.js';
import type { Money } from '../../money/index.js';
import { orderTables, type TableName, tableNames } from './identifiers.js';
import { directoryRows, ledgerRows } from './load-directory-rows.js';
import { productChildren, productRow, subscriptionRows } from './load-product-rows.js';
import type { Row } from './order-rows.js';
import { amountIn } from './values.js';

/** One table's rows; every row has the same keys, the columns written. */
export interface TableRows {
  readonly table: TableName;
  readonly rows: readonly Row[];
}

/** Tables the loader leaves alone: the migrations' own and the orders' (orders are written separately). */
const notLoaded: ReadonlySet<TableName> = new Set<TableName>(['cartwright_migrations', ...orderTables]);

/** Tables in the order they are filled: `tableNames` lists parents before children. */
const loadOrder: readonly TableName[] = tableNames.filter((table) => !notLoaded.has(table));

/**
 * Every catalog, directory and ledger row of `data`, table by table in load order (empty tables left out).
 * Amounts must be in `currency`.
 */
export function storeRows(data: MemoryStoreData, currency: string): TableRows[] {
  const amount = (value: Money) => amountIn(value, currency, 'a stored amount');
  const out = new Map<TableName, Row[]>(loadOrder.map((table) => [table, []]));
  for (const m of data.manufacturers.values()) {
    out.get('manufacturer')?.push({
      manufacturer_id: m.manufacturerId,
      name: m.name,
      description: m.description,
      image: m.image,
      sort_order: m.sortOrder,
      meta_title: m.metaTitle,
      meta_description: m.metaDescription,
      meta_keyword: m.metaKeyword,
    });
  }
  for (const c of data.categories.values()) {
    out
      .get('category')
      ?.push({ category_id: c.categoryId, parent_id: c.parentId, name: c.name, sort_order: c.sortOrder });
  }
  for (const product of data.products.values()) {
    out.get('product')?.push(productRow(product, amount));
    productChildren(product, amount, out);
  }
  subscriptionRows(data.products.values(), amount, out);
  directoryRows(data, amount, out);
  ledgerRows(data, amount, out);
  return loadOrder.flatMap((table) => {
    const rows = out.get(table) ?? [];
    return rows.length === 0 ? [] : [{ table, rows }];
  });
}
