/**
 * Catalog contract: the product and manufacturer lists, their sorts, filters, pages and counts.
 * @module
 */
import assert from 'node:assert/strict';
import type { ProductSort, SortOrder } from '../../domain/records/catalog.js';
import { money } from '../../money/index.js';
import { ascending, type CatalogCase, idsOf, listQuery } from './helpers.js';
import { TODAY } from './seed.js';

const usd = (amount: string) => money(amount, 'USD');

/** Every product on sale on the seed's day: all but 107 (disabled) and 108 (available tomorrow). */
const ON_SALE = [101, 102, 103, 104, 105, 106, 109, 110, 111];

/** Registers the product-list cases. */
export function registerProductListCases(test: CatalogCase): void {
  test('lists only enabled products available on the query day, and counts the same set', async ({
    catalog,
  }) => {
    assert.deepStrictEqual(
      ascending(idsOf(await catalog.listProducts(listQuery()))),
      ON_SALE,
      'listed today',
    );
    assert.equal(await catalog.countProducts(listQuery()), ON_SALE.length, 'counted today');
    const tomorrow = listQuery({ today: '2026-03-02' });
    assert.deepStrictEqual(
      ascending(idsOf(await catalog.listProducts(tomorrow))),
      ascending([...ON_SALE, 108]),
      'listed on the day product 108 becomes available',
    );
    assert.equal(await catalog.countProducts(tomorrow), ON_SALE.length + 1, 'counted tomorrow');
  });

  test('name sorts ignore case, ties by id ascending in both directions', async ({ catalog }) => {
    const asc = idsOf(await catalog.listProducts(listQuery({ sort: 'name', order: 'ASC' })));
    assert.deepStrictEqual(asc, [103, 101, 102, 106, 109, 104, 110, 111, 105], 'name ASC');
    const desc = idsOf(await catalog.listProducts(listQuery({ sort: 'name', order: 'DESC' })));
    assert.deepStrictEqual(desc, [105, 110, 111, 104, 109, 106, 102, 101, 103], 'name DESC');
  });

  test('sort-order sorts, ties by id ascending in both directions', async ({ catalog }) => {
    const asc = idsOf(await catalog.listProducts(listQuery({ sort: 'sort_order', order: 'ASC' })));
    assert.deepStrictEqual(asc, [104, 105, 106, 109, 102, 103, 110, 101, 111], 'sort_order ASC');
    const desc = idsOf(await catalog.listProducts(listQuery({ sort: 'sort_order', order: 'DESC' })));
    assert.deepStrictEqual(desc, [111, 101, 102, 103, 110, 104, 105, 106, 109], 'sort_order DESC');
  });

  test("price sorts use the special of the query's group, ties by id ascending", async ({ catalog }) => {
    const group1 = idsOf(await catalog.listProducts(listQuery({ sort: 'price', order: 'ASC' })));
    assert.deepStrictEqual(group1, [109, 102, 103, 110, 111, 105, 104, 106, 101], 'price ASC, group 1');
    const desc = idsOf(await catalog.listProducts(listQuery({ sort: 'price', order: 'DESC' })));
    assert.deepStrictEqual(desc, [101, 104, 106, 105, 111, 102, 103, 110, 109], 'price DESC, group 1');
    const group2 = idsOf(
      await catalog.listProducts(listQuery({ sort: 'price', order: 'ASC', customerGroupId: 2 })),
    );
    assert.deepStrictEqual(group2, [109, 102, 103, 110, 111, 104, 105, 106, 101], 'price ASC, group 2');
  });

  test('a special applies from its start day until (not on) its end day; the lowest priority, then price, wins', async ({
    catalog,
  }) => {
    const specialOn = async (productId: number, today: string, customerGroupId = 1) => {
      const rows = await catalog.listProducts(listQuery({ today, customerGroupId, manufacturerId: 9 }));
      const row = rows.find((r) => r.productId === productId);
      assert.ok(row !== undefined, `product ${productId} is not listed on ${today}`);
      return row.special;
    };
    assert.equal(await specialOn(105, '2026-02-28'), null, 'the day before the special starts');
    assert.deepStrictEqual(await specialOn(105, '2026-03-01'), usd('200.00'), 'the day it starts');
    assert.deepStrictEqual(await specialOn(105, '2026-03-02'), usd('200.00'), 'the day before it ends');
    assert.equal(await specialOn(105, '2026-03-03'), null, 'the day it ends');
    assert.deepStrictEqual(await specialOn(104, TODAY), usd('250.00'), 'priority 1 at its lowest price');
    assert.deepStrictEqual(await specialOn(104, TODAY, 2), usd('90.00'), "group 2's own special");
    assert.equal(await specialOn(105, TODAY, 2), null, 'no special for group 2');
  });

  test('pages never overlap or skip, for every sort, order and page size', async ({ catalog }) => {
    for (const sort of ['name', 'sort_order', 'price'] as ProductSort[]) {
      for (const order of ['ASC', 'DESC'] as SortOrder[]) {
        const whole = idsOf(await catalog.listProducts(listQuery({ sort, order })));
        for (let limit = 1; limit <= whole.length + 1; limit += 1) {
          const pages: number[] = [];
          for (let start = 0; start < whole.length; start += limit) {
            pages.push(...idsOf(await catalog.listProducts(listQuery({ sort, order, start, limit }))));
          }
          assert.deepStrictEqual(pages, whole, `${sort} ${order} in pages of ${limit}`);
        }
        const beyond = await catalog.listProducts(listQuery({ sort, order, start: whole.length, limit: 5 }));
        assert.deepStrictEqual(beyond, [], `${sort} ${order}: the page after the last`);
      }
    }
  });

  test('filters by manufacturer (0: none), by category, and by category with its sub-categories to any depth', async ({
    catalog,
  }) => {
    const listed = async (filter: Parameters<typeof listQuery>[0], what: string, expected: number[]) => {
      const query = listQuery(filter);
      assert.deepStrictEqual(ascending(idsOf(await catalog.listProducts(query))), expected, what);
      assert.equal(await catalog.countProducts(query), expected.length, `${what}: the count`);
    };
    await listed({ manufacturerId: 5 }, 'manufacturer 5', [101, 102]);
    await listed({ manufacturerId: 3 }, 'manufacturer 3 (its others disabled or not yet available)', [106]);
    await listed({ manufacturerId: 0 }, 'no manufacturer', [103]);
    await listed({ manufacturerId: 4 }, 'an unknown manufacturer', []);
    await listed({ categoryId: 10 }, 'category 10', [101, 102, 103, 106]);
    await listed(
      { categoryId: 10, subCategories: true },
      'category 10 and below',
      [101, 102, 103, 104, 105, 106],
    );
    await listed({ categoryId: 11 }, 'category 11', [105]);
    await listed({ categoryId: 11, subCategories: true }, 'category 11 and below', [104, 105]);
    await listed({ categoryId: 20 }, 'category 20', [106, 109]);
    await listed({ categoryId: 30, subCategories: true }, 'an empty category', []);
    await listed({ categoryId: 999, subCategories: true }, 'an unknown category', []);
    await listed(
      { categoryId: 10, subCategories: true, manufacturerId: 9 },
      'category 10 and below, manufacturer 9',
      [104, 105],
    );
  });

  test('a list row carries the net price, the special, the manufacturer name (empty for none), model and image', async ({
    catalog,
  }) => {
    const rows = await catalog.listProducts(listQuery({ categoryId: 10 }));
    assert.deepStrictEqual(
      rows.find((row) => row.productId === 101),
      {
        productId: 101,
        name: 'Camera Body',
        model: 'M-101',
        price: usd('500.00'),
        special: usd('450.00'),
        manufacturerId: 5,
        manufacturer: 'Canon',
        image: 'catalog/101.jpg',
      },
      'the row of product 101',
    );
    assert.deepStrictEqual(
      rows.find((row) => row.productId === 103),
      {
        productId: 103,
        name: 'CAMERA BAG',
        model: 'M-103',
        price: usd('20.00'),
        special: null,
        manufacturerId: 0,
        manufacturer: '',
        image: 'catalog/103.jpg',
      },
      'the row of product 103',
    );
  });
}

/** Registers the manufacturer-list cases. */
export function registerManufacturerListCases(test: CatalogCase): void {
  test('manufacturers sort by name ignoring case or by sort order, ties by id, and page without overlap', async ({
    catalog,
  }) => {
    const ids = async (sort: 'name' | 'sort_order', order: SortOrder, start = 0, limit = 100) =>
      (await catalog.listManufacturers({ sort, order, start, limit })).map((m) => m.manufacturerId);
    assert.deepStrictEqual(await ids('name', 'ASC'), [3, 11, 5, 7, 9], 'name ASC');
    assert.deepStrictEqual(await ids('name', 'DESC'), [9, 7, 5, 3, 11], 'name DESC');
    assert.deepStrictEqual(await ids('sort_order', 'ASC'), [9, 3, 7, 5, 11], 'sort_order ASC');
    assert.deepStrictEqual(await ids('sort_order', 'DESC'), [5, 11, 3, 7, 9], 'sort_order DESC');
    for (const limit of [1, 2, 3]) {
      const pages: number[] = [];
      for (let start = 0; start < 5; start += limit) pages.push(...(await ids('name', 'DESC', start, limit)));
      assert.deepStrictEqual(pages, [9, 7, 5, 3, 11], `name DESC in pages of ${limit}`);
    }
    assert.equal(await catalog.countManufacturers(), 5, 'countManufacturers');
  });

  test('a listed manufacturer carries its whole record', async ({ catalog }, seed) => {
    const listed = await catalog.listManufacturers({ sort: 'name', order: 'ASC', start: 0, limit: 100 });
    for (const manufacturer of seed.manufacturers) {
      assert.deepStrictEqual(
        listed.find((m) => m.manufacturerId === manufacturer.manufacturerId),
        manufacturer,
        `manufacturer ${manufacturer.manufacturerId} as listed`,
      );
    }
  });
}
