/**
 * Broken catalogs and stocks: a correct memory adapter wrapped with one defect each, to prove that the catalog
 * and stock contract suites catch each one.
 */
import type {
  Manufacturer,
  ManufacturerListQuery,
  Product,
  ProductListEntry,
  ProductListQuery,
} from '../../../src/domain/records/catalog.js';
import { compare } from '../../../src/money/index.js';
import type { Catalog } from '../../../src/ports/catalog.js';
import type { StockMove } from '../../../src/ports/order-repository.js';
import type { MoveStockOutcome, Stock } from '../../../src/ports/stock.js';

/** Defects a catalog can have. */
export type CatalogDefect =
  | 'repeatsProducts'
  | 'capsBatches'
  | 'hidesDisabled'
  | 'caseSensitiveNames'
  | 'tiesByIdDescending'
  | 'pagesOverlap'
  | 'pricesWithoutSpecials'
  | 'noSpecialsInRows'
  | 'ignoresSubCategories'
  | 'countsEverything';

/** A comparator of list rows, given each row's product. */
type RowOrder = (a: ProductListEntry, b: ProductListEntry, products: ReadonlyMap<number, Product>) => number;

/** Every row the query selects, re-sorted by `order` (ties by id descending when asked) and paged again. */
async function relist(
  catalog: Catalog,
  query: ProductListQuery,
  order: RowOrder,
  descendingTies = false,
): Promise<readonly ProductListEntry[]> {
  const rows = await catalog.listProducts({ ...query, start: 0, limit: 10_000 });
  const products = new Map(
    (await catalog.getProducts(rows.map((r) => r.productId))).map((p) => [p.productId, p]),
  );
  const direction = query.order === 'DESC' ? -1 : 1;
  const tie = (a: ProductListEntry, b: ProductListEntry) =>
    (descendingTies ? -1 : 1) * (a.productId - b.productId);
  const sorted = [...rows].sort((a, b) => direction * order(a, b, products) || tie(a, b));
  return sorted.slice(query.start, query.start + query.limit);
}

/** The correct keys of each sort, and the defective ones. */
const inOrder = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const byName: RowOrder = (a, b) => inOrder(a.name.toLowerCase(), b.name.toLowerCase());
const caseSensitive: RowOrder = (a, b) => inOrder(a.name, b.name);
const bySortOrder: RowOrder = (a, b, products) =>
  (products.get(a.productId)?.sortOrder ?? 0) - (products.get(b.productId)?.sortOrder ?? 0);
const byPrice: RowOrder = (a, b) => compare(a.special ?? a.price, b.special ?? b.price);
const byNetPrice: RowOrder = (a, b) => compare(a.price, b.price);
const keys = { name: byName, sort_order: bySortOrder, price: byPrice } as const;

/** The product list with a defect. */
function brokenList(catalog: Catalog, defect: CatalogDefect) {
  return async (query: ProductListQuery): Promise<readonly ProductListEntry[]> => {
    switch (defect) {
      case 'caseSensitiveNames':
        return query.sort === 'name' ? relist(catalog, query, caseSensitive) : catalog.listProducts(query);
      case 'tiesByIdDescending':
        return relist(catalog, query, keys[query.sort], true);
      case 'pricesWithoutSpecials':
        return query.sort === 'price' ? relist(catalog, query, byNetPrice) : catalog.listProducts(query);
      case 'pagesOverlap':
        return catalog.listProducts({ ...query, start: Math.max(0, query.start - 1) });
      case 'noSpecialsInRows':
        return (await catalog.listProducts(query)).map((row) => ({ ...row, special: null }));
      case 'ignoresSubCategories':
        return catalog.listProducts({ ...query, subCategories: false });
      default:
        return catalog.listProducts(query);
    }
  };
}

/** The manufacturer list with a defect (names sorted with regard to case). */
function brokenManufacturers(catalog: Catalog, defect: CatalogDefect) {
  return async (query: ManufacturerListQuery): Promise<readonly Manufacturer[]> => {
    if (defect !== 'caseSensitiveNames' || query.sort !== 'name') return catalog.listManufacturers(query);
    const all = await catalog.listManufacturers({ ...query, start: 0, limit: 10_000 });
    const direction = query.order === 'DESC' ? -1 : 1;
    const sorted = [...all].sort(
      (a, b) => direction * inOrder(a.name, b.name) || a.manufacturerId - b.manufacturerId,
    );
    return sorted.slice(query.start, query.start + query.limit);
  };
}

/** `catalog` with `defect`. */
export function brokenCatalog(catalog: Catalog, defect: CatalogDefect): Catalog {
  return {
    ...catalog,
    async getProducts(ids) {
      if (defect === 'capsBatches') return catalog.getProducts(ids.slice(0, 100));
      const products = await catalog.getProducts(ids);
      if (defect === 'hidesDisabled') return products.filter((p) => p.status);
      if (defect !== 'repeatsProducts') return products;
      return ids.flatMap((id) => products.filter((p) => p.productId === id));
    },
    listProducts: brokenList(catalog, defect),
    listManufacturers: brokenManufacturers(catalog, defect),
    countProducts: (filter) =>
      catalog.countProducts(
        defect === 'countsEverything' ? { ...filter, manufacturerId: null, categoryId: null } : filter,
      ),
  };
}

/** A catalog that reads each product once and keeps it: stock moved later is never seen. */
export function cachingCatalog(catalog: Catalog): Catalog {
  const kept = new Map<number, Product>();
  return {
    ...catalog,
    async getProducts(ids) {
      const missing = ids.filter((id) => !kept.has(id));
      for (const product of await catalog.getProducts(missing)) kept.set(product.productId, product);
      return [...new Set(ids)].flatMap((id) => {
        const product = kept.get(id);
        return product === undefined ? [] : [product];
      });
    },
  };
}

/** Defects a stock can have. */
export type StockDefect = 'oneByOne' | 'ignoresGuards' | 'checkThenAct' | 'shortagePerMove' | 'skipsUnknown';

/** The stock a move's target holds by the catalog, or undefined when it does not exist. */
async function stockOf(catalog: Catalog, move: StockMove): Promise<number | undefined> {
  const [product] = await catalog.getProducts([move.productId]);
  if (product === undefined || move.productOptionValueId === null) return product?.quantity;
  const values = product.options.flatMap((o) => o.values);
  return values.find((v) => v.productOptionValueId === move.productOptionValueId)?.quantity;
}

/** `stock` with `defect`; `catalog` reads what it holds. */
export function brokenStock(stock: Stock, catalog: Catalog, defect: StockDefect): Stock {
  const unguarded = (moves: readonly StockMove[]) => moves.map((move) => ({ ...move, guard: false }));
  return {
    async move(moves): Promise<MoveStockOutcome> {
      switch (defect) {
        case 'oneByOne':
          for (const move of moves) {
            const outcome = await stock.move([move]);
            if (outcome.status !== 'moved') return outcome;
          }
          return { status: 'moved' };
        case 'ignoresGuards':
          return stock.move(unguarded(moves));
        case 'checkThenAct': {
          // Each guarded move checked alone against a read made before anything is written: racing calls all read
          // the same stock, and all write.
          for (const move of moves) {
            const held = await stockOf(catalog, move);
            if (move.guard && (held ?? 0) + move.delta < 0) return stock.move(moves);
          }
          return stock.move(unguarded(moves));
        }
        case 'shortagePerMove': {
          const outcome = await stock.move(moves);
          if (outcome.status === 'moved') return outcome;
          const refused = (move: StockMove) =>
            outcome.shortages.find(
              (s) => s.productId === move.productId && s.productOptionValueId === move.productOptionValueId,
            );
          const shortages = moves.flatMap((move) => {
            const shortage = refused(move);
            return shortage === undefined || !move.guard ? [] : [{ ...shortage, requested: -move.delta }];
          });
          return { status: 'insufficient_stock', shortages };
        }
        case 'skipsUnknown': {
          const known = [];
          for (const move of moves) if ((await stockOf(catalog, move)) !== undefined) known.push(move);
          return stock.move(known);
        }
      }
    },
  };
}
