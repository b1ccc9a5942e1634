/**
 * Memory tables holding what a contract suite seeds, and nothing else: the memory adapters over them are the
 * correct adapters the suites run against, and PostgreSQL loads the same tables with `loadDemoStore`.
 */
import {
  createMemoryStoreData,
  demoStore,
  type MemoryStoreData,
} from '../../../src/adapters/memory/index.js';
import type { CatalogSeed } from '../../../src/testing/index.js';

/** Fills a table from records, keyed by `keyOf`. */
function fill<T>(table: Map<number, T>, records: readonly T[], keyOf: (record: T) => number): void {
  for (const record of records) table.set(keyOf(record), record);
}

/** Empty tables with the demo store's settings and extension settings. */
export function emptyStore(): MemoryStoreData {
  const { data } = demoStore();
  return createMemoryStoreData(data.settings, data.extensions);
}

/** Tables holding the catalog seed. */
export function catalogStore(seed: CatalogSeed): MemoryStoreData {
  const data = emptyStore();
  fill(data.products, seed.products, (p) => p.productId);
  fill(data.manufacturers, seed.manufacturers, (m) => m.manufacturerId);
  fill(data.categories, seed.categories, (c) => c.categoryId);
  return data;
}
