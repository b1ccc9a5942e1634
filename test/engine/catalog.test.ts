/**
 * Manufacturer and product-list lookups through the engine (seed's data-access operations):
 * records, sorts and defaults, paging that never overlaps or skips, filters by manufacturer and category, the
 * special of the session customer's group, and a session needed for all of it.
 */
import type { ResultAsync } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { CheckoutError } from '../../src/domain/errors.js';
import { money } from '../../src/money/index.js';
import type { ListRequest, ProductListRequest } from '../../src/operations/requests.js';
import { asRequest, demoCheckout, expectErr, expectOk, guest } from './support/demo-checkout.js';

const usd = (amount: string) => money(amount, 'USD');

async function session() {
  const demo = demoCheckout();
  return { ...demo, id: await demo.open() };
}

const byName = [8, 9, 7, 5, 6, 10]; // Apple, Canon, Hewlett-Packard, HTC, Palm, Sony
/** Every product on sale: all 19 but product 35, which the demo disables. */
const allProducts = [28, 29, 30, 31, 32, 33, 34, 36, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49];
/** The Apple products (manufacturer 8). */
const appleProducts = [32, 34, 36, 40, 41, 42, 43, 44, 45, 48];

/** Gives the Canon EOS 5D (30) a group-1 special of 80.00 (the demo has no specials). */
function canonSpecial(data: ReturnType<typeof demoCheckout>['data']): void {
  const canon = data.products.get(30);
  if (canon === undefined) throw new Error('no product 30');
  const special = { customerGroupId: 1, priority: 1, price: usd('80.00'), dateStart: null, dateEnd: null };
  data.products.set(30, { ...canon, specials: [special] });
}

describe('getManufacturer', () => {
  it('answers the full record', async () => {
    const { checkout, id } = await session();
    // OpenCart 4.1.0.4 keeps no description or meta texts for a manufacturer.
    expect(await expectOk(checkout.getManufacturer(id, { manufacturer_id: 8 }))).toEqual({
      manufacturerId: 8,
      name: 'Apple',
      description: '',
      image: 'catalog/demo/apple_logo.jpg',
      sortOrder: 0,
      metaTitle: '',
      metaDescription: '',
      metaKeyword: '',
    });
    expect((await expectOk(checkout.getManufacturer(id, { manufacturer_id: '9' }))).name).toBe('Canon');
  });

  it('an unknown id is not_found under manufacturer_id', async () => {
    const { checkout, id } = await session();
    expect(await expectErr(checkout.getManufacturer(id, { manufacturer_id: 999 }))).toEqual({
      kind: 'not_found',
      fields: { manufacturer_id: 'Warning: Manufacturer could not be found!' },
    });
  });

  it.each(['abc', '', -1, 0, '1.5', [8]])(
    'a malformed id %j is validation under manufacturer_id',
    async (raw) => {
      const { checkout, id } = await session();
      const error = await expectErr(checkout.getManufacturer(id, asRequest({ manufacturer_id: raw })));
      expect(error.kind).toBe('validation');
      expect(Object.keys(error.fields)).toEqual(['manufacturer_id']);
    },
  );
});

describe('listManufacturers', () => {
  const ids = async (request: ListRequest) => {
    const { checkout, id } = await session();
    const page = await expectOk(checkout.listManufacturers(id, request));
    return page.manufacturers.map((m) => m.manufacturerId);
  };

  it('defaults to name ASC, start 0, limit 20, list entries only, with the total', async () => {
    const { checkout, id } = await session();
    const page = await expectOk(checkout.listManufacturers(id, {}));
    expect(page.total).toBe(6);
    expect(page.manufacturers.map((m) => m.manufacturerId)).toEqual(byName);
    expect(page.manufacturers[0]).toEqual({
      manufacturerId: 8,
      name: 'Apple',
      image: 'catalog/demo/apple_logo.jpg',
      sortOrder: 0,
    });
  });

  it('sorts by name DESC (case-insensitive)', async () => {
    expect(await ids({ sort: 'name', order: 'DESC' })).toEqual([...byName].reverse());
  });

  it('sorts by sort_order with ties by id ascending, in either direction', async () => {
    expect(await ids({ sort: 'sort_order' })).toEqual([5, 6, 7, 8, 9, 10]);
    expect(await ids({ sort: 'sort_order', order: 'DESC' })).toEqual([5, 6, 7, 8, 9, 10]);
  });

  it('treats unknown sorts, orders and bad paging as the defaults', async () => {
    expect(await ids({ sort: 'bogus', order: 'sideways', start: -5, limit: 0 })).toEqual(byName);
    expect(await ids({ start: 'x', limit: 'y' })).toEqual(byName);
  });

  it.each([1, 2, 3, 4, 5, 6, 7])('pages of %i never overlap or skip, in every sort', async (limit) => {
    const { checkout, id } = await session();
    for (const sort of [{ sort: 'name' }, { sort: 'name', order: 'DESC' }, { sort: 'sort_order' }]) {
      const full = await expectOk(checkout.listManufacturers(id, sort));
      const walked: number[] = [];
      for (let start = 0; start < full.total; start += limit) {
        const page = await expectOk(checkout.listManufacturers(id, { ...sort, start, limit }));
        expect(page.manufacturers.length).toBe(Math.min(limit, full.total - start));
        walked.push(...page.manufacturers.map((m) => m.manufacturerId));
      }
      expect(walked).toEqual(full.manufacturers.map((m) => m.manufacturerId));
    }
  });
});

describe('listProducts', () => {
  const productIds = async (request: ProductListRequest) => {
    const { checkout, id } = await session();
    const page = await expectOk(checkout.listProducts(id, request));
    return page.products.map((p) => p.productId).sort((a, b) => a - b);
  };

  it('lists every product on sale by default, with the seed entry fields', async () => {
    const { checkout, id } = await session();
    const page = await expectOk(checkout.listProducts(id, {}));
    expect(page.total).toBe(allProducts.length);
    expect(page.products.map((p) => p.productId).sort((a, b) => a - b)).toEqual(allProducts);
    expect(page.products.find((p) => p.productId === 40)).toEqual({
      productId: 40,
      name: 'iPhone',
      model: 'product 11',
      price: { amount: '101.0000', currency: 'USD' },
      special: null,
      manufacturerId: 8,
      manufacturer: 'Apple',
      image: 'catalog/demo/iphone_1.jpg',
    });
  });

  it('filter_manufacturer_id 8 selects Apple products only', async () => {
    expect(await productIds({ filter_manufacturer_id: 8 })).toEqual(appleProducts);
    expect(await productIds({ filter_manufacturer_id: '8' })).toEqual(appleProducts);
  });

  it('filter_category_id selects the category alone, or with its sub-categories', async () => {
    expect(await productIds({ filter_category_id: 20 })).toEqual([
      28, 29, 30, 33, 40, 42, 43, 44, 46, 47, 48,
    ]);
    // The iMac (41) is in 27 "Mac", under 20.
    expect(await productIds({ filter_category_id: 20, filter_sub_category: true })).toEqual([
      28, 29, 30, 33, 40, 41, 42, 43, 44, 46, 47, 48,
    ]);
    expect(await productIds({ filter_category_id: 28 })).toEqual([33, 42]);
    expect(await productIds({ filter_category_id: 25, filter_sub_category: true })).toEqual([33, 42]);
    expect(await productIds({ filter_category_id: 24, filter_manufacturer_id: 8 })).toEqual([40]);
    expect(await productIds({ filter_category_id: 999 })).toEqual([]);
  });

  it('sorts by price with the special of the default group, in both spellings', async () => {
    const { checkout, data, id } = await session();
    canonSpecial(data);
    // 80.00: the Canon's special and the Nikon D300 (ties by id); the 100.00s; the iPhone's 101.00; 199.99; …
    const expected = [30, 31, 28, 32, 34, 36, 41, 42, 47, 48, 40, 49, 33, 29, 43, 44, 46, 45];
    for (const sort of ['p.price', 'price']) {
      const page = await expectOk(checkout.listProducts(id, { sort }));
      expect(page.products.map((p) => p.productId)).toEqual(expected);
    }
    const desc = await expectOk(checkout.listProducts(id, { sort: 'p.price', order: 'DESC' }));
    expect(desc.products.map((p) => p.productId)).toEqual([
      45, 44, 46, 43, 29, 33, 49, 40, 28, 32, 34, 36, 41, 42, 47, 48, 30, 31,
    ]);
    expect(desc.products.at(-2)?.special).toEqual({ amount: '80.0000', currency: 'USD' });
  });

  it('uses the session customer group for the special: none for wholesale', async () => {
    const { checkout, data, id } = await session();
    canonSpecial(data);
    await expectOk(
      checkout.setCustomer(id, { ...guest, customer_group_id: 3, custom_field: { '29': '1234567' } }),
    );
    const page = await expectOk(checkout.listProducts(id, { sort: 'p.price' }));
    // The Canon at its 100.00, after the Nikon's 80.00 and between the HTC (28) and the iPod Touch (32).
    expect(page.products.map((p) => p.productId)).toEqual([
      31, 28, 30, 32, 34, 36, 41, 42, 47, 48, 40, 49, 33, 29, 43, 44, 46, 45,
    ]);
    expect(page.products.find((p) => p.productId === 30)?.special).toBeNull();
  });

  it('sorts by name in both spellings', async () => {
    const { checkout, id } = await session();
    const names = async (sort: string) =>
      (await expectOk(checkout.listProducts(id, { sort }))).products.map((p) => p.name);
    const expected = [
      'Apple Cinema 30"',
      'Canon EOS 5D',
      'HP LP3065',
      'HTC Touch HD',
      'iMac',
      'iPhone',
      'iPod Classic',
      'iPod Nano',
      'iPod Shuffle',
      'iPod Touch',
      'MacBook',
      'MacBook Air',
      'MacBook Pro',
      'Nikon D300',
      'Palm Treo Pro',
      'Samsung Galaxy Tab 10.1',
      'Samsung SyncMaster 941BW',
      'Sony VAIO',
    ];
    expect(await names('pd.name')).toEqual(expected);
    expect(await names('name')).toEqual(expected);
  });

  it('pages products without overlap or gaps', async () => {
    const { checkout, id } = await session();
    const full = await expectOk(checkout.listProducts(id, { sort: 'p.price' }));
    for (const limit of [1, 2, 4, 7]) {
      const walked: number[] = [];
      for (let start = 0; start < full.total; start += limit) {
        const page = await expectOk(checkout.listProducts(id, { sort: 'p.price', start, limit }));
        walked.push(...page.products.map((p) => p.productId));
      }
      expect(walked).toEqual(full.products.map((p) => p.productId));
    }
  });

  it('answers the total of the filter, ignoring paging', async () => {
    const { checkout, id } = await session();
    expect((await expectOk(checkout.listProducts(id, { filter_manufacturer_id: 8, limit: 1 }))).total).toBe(
      10,
    );
    expect(
      (await expectOk(checkout.listProducts(id, { filter_category_id: 20, filter_sub_category: '1' }))).total,
    ).toBe(12);
  });
});

describe('catalog changes show at once (no cache outlives a change)', () => {
  it('a new manufacturer and a switched-off or not-yet-available product', async () => {
    const { checkout, data, id } = await session();
    await expectOk(checkout.listManufacturers(id, {}));
    const apple = data.manufacturers.get(8);
    if (apple === undefined) throw new Error('no Apple');
    data.manufacturers.set(11, { ...apple, manufacturerId: 11, name: 'Acer' });
    const page = await expectOk(checkout.listManufacturers(id, {}));
    expect(page.total).toBe(7);
    expect(page.manufacturers[0]?.name).toBe('Acer');
    const iphone = data.products.get(40);
    const ipod = data.products.get(48);
    if (iphone === undefined || ipod === undefined) throw new Error('no products');
    data.products.set(40, { ...iphone, status: false });
    data.products.set(48, { ...ipod, dateAvailable: '2026-03-03' });
    const products = await expectOk(checkout.listProducts(id, { filter_manufacturer_id: 8 }));
    expect(products.products.map((p) => p.productId)).toEqual([32, 34, 36, 41, 42, 43, 44, 45]);
    expect(products.total).toBe(8);
  });
});

describe('catalog lookups need a session', () => {
  it('answers unauthorized for an unknown session, for every lookup', async () => {
    const { checkout } = demoCheckout();
    const unauthorized = {
      kind: 'unauthorized',
      fields: { warning: 'Warning: You do not have permission to access the API!' },
    };
    const calls: ResultAsync<unknown, CheckoutError>[] = [
      checkout.getManufacturer('nope', { manufacturer_id: 8 }),
      checkout.listManufacturers('nope', {}),
      checkout.listProducts('nope', {}),
    ];
    for (const call of calls) expect(await expectErr(call)).toEqual(unauthorized);
  });

  it('answers expired for an expired session', async () => {
    const { checkout, clock, open } = demoCheckout();
    const id = await open();
    clock.advanceSeconds(3600);
    expect((await expectErr(checkout.listProducts(id, {}))).kind).toBe('expired');
  });
});

describe('listProducts sorted by sort_order', () => {
  it('sorts by the products’ sort order in both spellings, ties by id ascending in either direction', async () => {
    const { checkout, id, data } = await session();
    for (const [productId, sortOrder] of [
      [43, 1],
      [28, 2],
    ] as const) {
      const product = data.products.get(productId);
      if (product === undefined) throw new Error(`no product ${productId}`);
      data.products.set(productId, { ...product, sortOrder });
    }
    const ids = async (request: ProductListRequest) =>
      (await expectOk(checkout.listProducts(id, request))).products.map((p) => p.productId);
    for (const sort of ['p.sort_order', 'sort_order']) {
      // Sort 0 for all but 43 and the Galaxy Tab (49, installed with sort 1) at 1, and 28 at 2.
      expect(await ids({ sort })).toEqual([
        29, 30, 31, 32, 33, 34, 36, 40, 41, 42, 44, 45, 46, 47, 48, 43, 49, 28,
      ]);
      expect(await ids({ sort, order: 'DESC' })).toEqual([
        28, 43, 49, 29, 30, 31, 32, 33, 34, 36, 40, 41, 42, 44, 45, 46, 47, 48,
      ]);
      expect(await ids({ sort, start: 14, limit: 2 })).toEqual([48, 43]);
    }
  });
});
