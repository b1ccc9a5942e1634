/**
 * The catalog's behaviour, as test/adapters/memory/catalog.test.ts states it for the memory catalog, run
 * against any adapter: the memory catalog and the PostgreSQL one must answer alike.
 */
import { describe, expect, it } from 'vitest';
import { demoStore, type MemoryStoreData } from '../../../src/adapters/memory/index.js';
import type {
  Product,
  ProductListQuery,
  ProductSort,
  SortOrder,
} from '../../../src/domain/records/catalog.js';
import { money } from '../../../src/money/index.js';
import type { OpenStore } from './stores.js';

const usd = (amount: string) => money(amount, 'USD');
const today = '2026-03-01';

function query(overrides: Partial<ProductListQuery> = {}): ProductListQuery {
  return {
    manufacturerId: null,
    categoryId: null,
    subCategories: false,
    sort: 'sort_order',
    order: 'ASC',
    start: 0,
    limit: 100,
    customerGroupId: 1,
    today,
    ...overrides,
  };
}

/** Adds a copy of product 40 under a new id, with changes. */
function addProduct(data: MemoryStoreData, productId: number, changes: Partial<Product>): void {
  const base = data.products.get(40);
  if (base === undefined) throw new Error('demo product 40 missing');
  data.products.set(productId, { ...base, productId, ...changes });
}

/** The Canon EOS 5D (product 30) with a group-1 special of 80.00 (the demo has no specials). */
function withCanonSpecial(data: MemoryStoreData): MemoryStoreData {
  const canon = data.products.get(30);
  if (canon === undefined) throw new Error('demo product 30 missing');
  const special = { customerGroupId: 1, priority: 1, price: usd('80.00'), dateStart: null, dateEnd: null };
  data.products.set(30, { ...canon, specials: [special] });
  return data;
}

/**
 * Demo data (the Canon with its special) plus products that tie on name, price and sort order, and two that must
 * never be listed.
 */
function storeWithTies(): MemoryStoreData {
  const data = withCanonSpecial(demoStore().data);
  addProduct(data, 100, { name: 'iphone', price: usd('100.00') });
  addProduct(data, 101, { name: 'IPHONE', price: usd('279.99') });
  addProduct(data, 102, { name: 'apple cinema 30"', price: usd('80.00') });
  addProduct(data, 103, { name: 'Disabled thing', status: false });
  addProduct(data, 104, { name: 'Future thing', dateAvailable: '2026-03-02' });
  return data;
}

const ids = (rows: readonly { productId: number }[]) => rows.map((row) => row.productId);

function never(): never {
  throw new Error('missing demo record');
}

/** Registers the catalog behaviour cases for the adapter `open` builds. */
export function describeCatalogBehaviour(name: string, open: OpenStore): void {
  const catalogOf = async (data: MemoryStoreData) => (await open(data)).catalog;

  describe(`catalog behaviour (${name}): getProducts`, () => {
    it('answers one batch: each existing product once, unknown ids left out, disabled ones included', async () => {
      const catalog = await catalogOf(storeWithTies());
      const products = await catalog.getProducts([40, 999, 40, 103, 30]);
      expect(ids(products).sort((a, b) => a - b)).toEqual([30, 40, 103]);
      expect(await catalog.getProducts([])).toEqual([]);
    });
  });

  describe(`catalog behaviour (${name}): product list`, () => {
    it('lists only enabled products available today', async () => {
      const catalog = await catalogOf(storeWithTies());
      const listed = ids(await catalog.listProducts(query()));
      expect(listed).not.toContain(103);
      expect(listed).not.toContain(104);
      expect(ids(await catalog.listProducts(query({ today: '2026-03-02' })))).toContain(104);
      expect(await catalog.countProducts({ ...query(), today })).toBe(listed.length);
    });

    it('sorts names without regard to case, ties by id ascending in both directions', async () => {
      const catalog = await catalogOf(storeWithTies());
      const asc = await catalog.listProducts(query({ sort: 'name', order: 'ASC' }));
      expect(ids(asc)).toEqual([
        42, 102, 30, 47, 28, 41, 40, 100, 101, 48, 36, 34, 32, 43, 44, 45, 31, 29, 49, 33, 46,
      ]);
      const desc = await catalog.listProducts(query({ sort: 'name', order: 'DESC' }));
      expect(ids(desc)).toEqual([
        46, 33, 49, 29, 31, 45, 44, 43, 32, 34, 36, 48, 40, 100, 101, 41, 28, 47, 30, 42, 102,
      ]);
    });

    it('sorts by sort order with every tie broken by id ascending', async () => {
      const catalog = await catalogOf(storeWithTies());
      const asc = ids(await catalog.listProducts(query({ sort: 'sort_order', order: 'ASC' })));
      const desc = ids(await catalog.listProducts(query({ sort: 'sort_order', order: 'DESC' })));
      // Every product sorts 0 but the Galaxy Tab (49), which sorts 1.
      expect(asc).toEqual([
        28, 29, 30, 31, 32, 33, 34, 36, 40, 41, 42, 43, 44, 45, 46, 47, 48, 100, 101, 102, 49,
      ]);
      expect(desc).toEqual([49, ...asc.filter((id) => id !== 49)]);
    });

    it('sorts by price using the special of the query group, ties by id', async () => {
      const catalog = await catalogOf(storeWithTies());
      const group1 = await catalog.listProducts(query({ sort: 'price', order: 'ASC' }));
      // 80.00: the Canon's special, the Nikon D300 and 102; then the 100.00s, the iPhone's 101.00, …
      expect(ids(group1)).toEqual([
        30, 31, 102, 28, 32, 34, 36, 41, 42, 47, 48, 100, 40, 49, 33, 29, 101, 43, 44, 46, 45,
      ]);
      expect(group1.find((row) => row.productId === 30)).toMatchObject({
        price: usd('100.00'),
        special: usd('80.00'),
      });
      expect(group1.find((row) => row.productId === 28)?.special).toBeNull();
      const group2 = await catalog.listProducts(query({ sort: 'price', order: 'ASC', customerGroupId: 2 }));
      expect(ids(group2)).toEqual([
        31, 102, 28, 30, 32, 34, 36, 41, 42, 47, 48, 100, 40, 49, 33, 29, 101, 43, 44, 46, 45,
      ]);
      expect(group2.find((row) => row.productId === 30)?.special).toBeNull();
      const desc = await catalog.listProducts(query({ sort: 'price', order: 'DESC' }));
      expect(ids(desc)).toEqual([
        45, 44, 46, 43, 29, 101, 33, 49, 40, 28, 32, 34, 36, 41, 42, 47, 48, 100, 30, 31, 102,
      ]);
    });

    it('applies a special from its start date and until (not on) its end date', async () => {
      const { data } = demoStore();
      const canon = data.products.get(30) ?? never();
      const special = {
        customerGroupId: 1,
        priority: 1,
        price: usd('50.00'),
        dateStart: '2026-03-01',
        dateEnd: '2026-03-03',
      };
      data.products.set(30, { ...canon, specials: [special] });
      const catalog = await catalogOf(data);
      const specialOn = async (day: string) =>
        (await catalog.listProducts(query({ today: day }))).find((row) => row.productId === 30)?.special ??
        null;
      expect(await specialOn('2026-02-28')).toBeNull();
      expect(await specialOn('2026-03-01')).toEqual(usd('50.00'));
      expect(await specialOn('2026-03-02')).toEqual(usd('50.00'));
      expect(await specialOn('2026-03-03')).toBeNull();
    });

    it('picks the special with the lowest priority, then the lowest price', async () => {
      const { data } = demoStore();
      const canon = data.products.get(30) ?? never();
      const special = (priority: number, price: string) => ({
        customerGroupId: 1,
        priority,
        price: usd(price),
        dateStart: null,
        dateEnd: null,
      });
      data.products.set(30, {
        ...canon,
        specials: [special(2, '10.00'), special(1, '70.00'), special(1, '60.00')],
      });
      const catalog = await catalogOf(data);
      const [row] = await catalog.listProducts(query({ manufacturerId: 9 }));
      expect(row?.special).toEqual(usd('60.00'));
    });

    it('pages never overlap or skip, for every sort, order and page size', async () => {
      const catalog = await catalogOf(storeWithTies());
      const total = await catalog.countProducts({ ...query(), today });
      for (const sort of ['name', 'sort_order', 'price'] as ProductSort[]) {
        for (const order of ['ASC', 'DESC'] as SortOrder[]) {
          const whole = ids(await catalog.listProducts(query({ sort, order })));
          expect(whole).toHaveLength(total);
          for (let limit = 1; limit <= total + 1; limit += 1) {
            const pages: number[] = [];
            for (let start = 0; start < total; start += limit) {
              pages.push(...ids(await catalog.listProducts(query({ sort, order, start, limit }))));
            }
            expect(pages, `${sort} ${order} limit ${limit}`).toEqual(whole);
          }
        }
      }
    });

    it('filters by manufacturer', async () => {
      const catalog = await catalogOf(demoStore().data);
      const apple = await catalog.listProducts(query({ manufacturerId: 8 }));
      expect(ids(apple)).toEqual([32, 34, 36, 40, 41, 42, 43, 44, 45, 48]);
      expect(apple.every((row) => row.manufacturer === 'Apple')).toBe(true);
      expect(await catalog.countProducts({ ...query({ manufacturerId: 8 }), today })).toBe(10);
      // Product 35 has no manufacturer either, but it is disabled.
      const none = await catalog.listProducts(query({ manufacturerId: 0 }));
      expect(none.map((row) => [row.productId, row.manufacturer])).toEqual([
        [31, ''],
        [33, ''],
        [49, ''],
      ]);
    });

    it('filters by category, with and without sub-categories', async () => {
      const catalog = await catalogOf(demoStore().data);
      const direct = ids(await catalog.listProducts(query({ categoryId: 20 })));
      // Product 35 is in 20 too, but disabled.
      expect(direct).toEqual([28, 29, 30, 33, 40, 42, 43, 44, 46, 47, 48]);
      const withSubs = ids(await catalog.listProducts(query({ categoryId: 20, subCategories: true })));
      // The iMac (41) is in 27 "Mac", under 20.
      expect(withSubs).toEqual([28, 29, 30, 33, 40, 41, 42, 43, 44, 46, 47, 48]);
      expect(await catalog.countProducts({ ...query({ categoryId: 20, subCategories: true }), today })).toBe(
        12,
      );
      expect(ids(await catalog.listProducts(query({ categoryId: 28 })))).toEqual([33, 42]);
      expect(ids(await catalog.listProducts(query({ categoryId: 25 })))).toEqual([]);
      expect(ids(await catalog.listProducts(query({ categoryId: 25, subCategories: true })))).toEqual([
        33, 42,
      ]);
      expect(ids(await catalog.listProducts(query({ categoryId: 24, manufacturerId: 8 })))).toEqual([40]);
      expect(await catalog.listProducts(query({ categoryId: 999 }))).toEqual([]);
    });

    it('follows sub-categories to any depth and survives a cycle in the tree', async () => {
      const { data } = demoStore();
      data.categories.set(35, { categoryId: 35, parentId: 28, name: 'test 1', sortOrder: 0 });
      data.categories.set(90, { categoryId: 90, parentId: 35, name: 'deep', sortOrder: 0 });
      data.categories.set(91, { categoryId: 91, parentId: 90, name: 'loop', sortOrder: 0 });
      data.categories.set(28, { categoryId: 28, parentId: 91, name: 'Monitors', sortOrder: 3 });
      addProduct(data, 105, { name: 'Deep product', categoryIds: [90] });
      const catalog = await catalogOf(data);
      expect(ids(await catalog.listProducts(query({ categoryId: 28, subCategories: true })))).toEqual([
        33, 42, 105,
      ]);
      expect(ids(await catalog.listProducts(query({ categoryId: 28 })))).toEqual([33, 42]);
    });

    it('row shape: net price, special, manufacturer name, model and image', async () => {
      const catalog = await catalogOf(withCanonSpecial(demoStore().data));
      const [row] = await catalog.listProducts(query({ manufacturerId: 9 }));
      expect(row).toEqual({
        productId: 30,
        name: 'Canon EOS 5D',
        model: 'Product 3',
        price: usd('100.00'),
        special: usd('80.00'),
        manufacturerId: 9,
        manufacturer: 'Canon',
        image: 'catalog/demo/canon_eos_5d_1.jpg',
      });
    });
  });

  describe(`catalog behaviour (${name}): manufacturer list`, () => {
    it('sorts by name ignoring case, ties by id, and pages without overlap', async () => {
      const { data } = demoStore();
      data.manufacturers.set(11, {
        ...(data.manufacturers.get(8) ?? never()),
        manufacturerId: 11,
        name: 'apple',
      });
      const catalog = await catalogOf(data);
      const asc = await catalog.listManufacturers({ sort: 'name', order: 'ASC', start: 0, limit: 100 });
      expect(asc.map((m) => m.manufacturerId)).toEqual([8, 11, 9, 7, 5, 6, 10]);
      const desc = await catalog.listManufacturers({ sort: 'name', order: 'DESC', start: 0, limit: 100 });
      expect(desc.map((m) => m.manufacturerId)).toEqual([10, 6, 5, 7, 9, 8, 11]);
      const paged: number[] = [];
      for (let start = 0; start < 7; start += 2) {
        const page = await catalog.listManufacturers({ sort: 'name', order: 'DESC', start, limit: 2 });
        paged.push(...page.map((m) => m.manufacturerId));
      }
      expect(paged).toEqual(desc.map((m) => m.manufacturerId));
      expect(await catalog.countManufacturers()).toBe(7);
    });

    it('gets one manufacturer, or undefined', async () => {
      const catalog = await catalogOf(demoStore().data);
      expect(await catalog.getManufacturer(9)).toMatchObject({ name: 'Canon' });
      expect(await catalog.getManufacturer(4)).toBeUndefined();
    });
  });

  describe(`catalog behaviour (${name}): records cannot change the store`, () => {
    it('hands out frozen products, manufacturers, categories and rows', async () => {
      const catalog = await catalogOf(demoStore().data);
      const [product] = await catalog.getProducts([30]);
      const manufacturer = await catalog.getManufacturer(9);
      const [category] = await catalog.getCategories();
      const [row] = await catalog.listProducts(query());
      const value = product?.options[0]?.values[0];
      if (!product || !manufacturer || !category || !row || !value) throw new Error('demo records missing');
      expect(() => {
        (product as { quantity: number }).quantity = 0;
      }).toThrow(TypeError);
      expect(() => {
        (value as { quantity: number }).quantity = 0;
      }).toThrow(TypeError);
      expect(() => {
        (product.categoryIds as number[]).push(1);
      }).toThrow(TypeError);
      expect(() => {
        (manufacturer as { name: string }).name = 'x';
      }).toThrow(TypeError);
      expect(() => {
        (category as { parentId: number }).parentId = 1;
      }).toThrow(TypeError);
      expect(() => {
        (row as { name: string }).name = 'x';
      }).toThrow(TypeError);
      const [again] = await catalog.getProducts([30]);
      expect(again?.quantity).toBe(1_000_000);
      expect(again?.options[0]?.values[0]?.quantity).toBe(1_000_000);
    });
  });
}
