/**
 * Catalog contract: batch reads of products, single reads, records that cannot change the store, and failures.
 * @module
 */
import assert from 'node:assert/strict';
import { expectEveryCallRejects, failedStore } from '../port-failures.js';
import { tamper } from '../tamper.js';
import { ascending, type CatalogCase, expectSeededProduct, idsOf, listQuery } from './helpers.js';

/** Registers the read cases. */
export function registerReadCases(test: CatalogCase): void {
  test('getProducts answers each existing product asked for once, as seeded, and leaves unknown ids out', async ({
    catalog,
  }, seed) => {
    const products = await catalog.getProducts([104, 999, 101, 104, 0, -1, 106, 101]);
    assert.deepStrictEqual(ascending(idsOf(products)), [101, 104, 106], 'the ids answered');
    for (const id of [101, 104, 106]) {
      expectSeededProduct(
        products.find((p) => p.productId === id),
        seed,
        id,
        'getProducts',
      );
    }
    assert.deepStrictEqual(await catalog.getProducts([]), [], 'getProducts of no ids');
    assert.deepStrictEqual(await catalog.getProducts([404, 405]), [], 'getProducts of unknown ids only');
  });

  test('getProducts answers disabled products and those not yet available too (the rules judge them)', async ({
    catalog,
  }, seed) => {
    const products = await catalog.getProducts([107, 108]);
    assert.deepStrictEqual(ascending(idsOf(products)), [107, 108], 'the ids answered');
    expectSeededProduct(
      products.find((p) => p.productId === 107),
      seed,
      107,
      'the disabled product',
    );
    expectSeededProduct(
      products.find((p) => p.productId === 108),
      seed,
      108,
      'the product available tomorrow',
    );
  });

  test('getProducts reads a batch of hundreds of ids whole, in one answer', async ({ catalog }, seed) => {
    const asked = Array.from({ length: 600 }, (_, i) => 600 - i);
    const products = await catalog.getProducts(asked);
    const every = ascending(seed.products.map((p) => p.productId));
    assert.deepStrictEqual(ascending(idsOf(products)), every, 'the seeded products among 600 ids');
    for (const product of products) expectSeededProduct(product, seed, product.productId, 'a large batch');
  });

  test('stock reads agree: a product and its option values read the same quantity in every batch', async ({
    catalog,
  }) => {
    const stockOf = async (ids: readonly number[]) => {
      const body = (await catalog.getProducts(ids)).find((p) => p.productId === 101);
      assert.ok(body !== undefined, `product 101 is missing from the batch ${ids.join(', ')}`);
      const values = body.options.flatMap((o) => o.values.map((v) => [v.productOptionValueId, v.quantity]));
      return { quantity: body.quantity, values };
    };
    const expected = {
      quantity: 7,
      values: [
        [1001, 5],
        [1002, 0],
      ],
    };
    assert.deepStrictEqual(await stockOf([101]), expected, 'product 101 alone');
    assert.deepStrictEqual(await stockOf([109, 101, 106]), expected, 'product 101 among others');
    const [outOfStock] = await catalog.getProducts([109]);
    assert.equal(outOfStock?.quantity, 0, 'the phone case has none in stock');
  });

  test('getManufacturer answers one manufacturer as seeded, or undefined', async ({ catalog }, seed) => {
    assert.deepStrictEqual(
      await catalog.getManufacturer(9),
      seed.manufacturers.find((m) => m.manufacturerId === 9),
    );
    assert.equal(await catalog.getManufacturer(4), undefined, 'an unknown manufacturer');
    assert.equal(await catalog.getManufacturer(0), undefined, 'manufacturer 0 (none)');
  });

  test('getCategories answers every category as seeded', async ({ catalog }, seed) => {
    const byId = <T extends { readonly categoryId: number }>(rows: readonly T[]) =>
      [...rows].sort((a, b) => a.categoryId - b.categoryId);
    assert.deepStrictEqual(byId(await catalog.getCategories()), byId(seed.categories));
  });

  test('a record handed out cannot change the store: a change is refused or never read back', async ({
    catalog,
  }, seed) => {
    const [body] = await catalog.getProducts([101]);
    tamper(body);
    tamper(await catalog.getManufacturer(5));
    tamper(await catalog.getCategories());
    tamper(await catalog.listProducts(listQuery()));
    tamper(await catalog.listManufacturers({ sort: 'name', order: 'ASC', start: 0, limit: 100 }));
    const [again] = await catalog.getProducts([101]);
    expectSeededProduct(again, seed, 101, 'after changing the records read before');
    assert.deepStrictEqual(
      await catalog.getManufacturer(5),
      seed.manufacturers.find((m) => m.manufacturerId === 5),
      'manufacturer 5 after changing the one read before',
    );
    const byId = <T extends { readonly categoryId: number }>(rows: readonly T[]) =>
      [...rows].sort((a, b) => a.categoryId - b.categoryId);
    assert.deepStrictEqual(byId(await catalog.getCategories()), byId(seed.categories), 'the categories');
    const [row] = await catalog.listProducts(listQuery({ manufacturerId: 5, sort: 'name' }));
    assert.equal(row?.name, 'Camera Body', 'the first list row after changing the rows read before');
  });

  test('when its store has failed, every method rejects with an Error in time (never an empty answer)', async (fixture) => {
    const catalog = await failedStore(fixture);
    await expectEveryCallRejects([
      ['getProducts', () => catalog.getProducts([101])],
      ['getManufacturer', () => catalog.getManufacturer(5)],
      [
        'listManufacturers',
        () => catalog.listManufacturers({ sort: 'name', order: 'ASC', start: 0, limit: 10 }),
      ],
      ['countManufacturers', () => catalog.countManufacturers()],
      ['listProducts', () => catalog.listProducts(listQuery())],
      ['countProducts', () => catalog.countProducts(listQuery())],
      ['getCategories', () => catalog.getCategories()],
    ]);
  });
}
