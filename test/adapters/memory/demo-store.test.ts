import { describe, expect, it } from 'vitest';
import {
  createMemoryAdapters,
  createMemoryCatalog,
  createMemoryCouponDirectory,
  createMemoryCustomerDirectory,
  createMemoryGeoDirectory,
  createMemoryTaxRates,
  demoStore,
} from '../../../src/adapters/memory/index.js';
import { verifyApiKey } from '../../../src/adapters/system/index.js';
import type { Product } from '../../../src/domain/records/catalog.js';
import { testClock, usd } from './helpers.js';

async function product(id: number): Promise<Product> {
  const [found] = await createMemoryCatalog(demoStore().data).getProducts([id]);
  if (found === undefined) throw new Error(`no product ${id}`);
  return found;
}

describe('demoStore catalog (DEMO-STORE.md table)', () => {
  const rows: [number, string, string, number, boolean, number, number, number][] = [
    [28, 'HTC Touch HD', '100.0000', 939, true, 9, 5, 1],
    [29, 'Palm Treo Pro', '279.9900', 999, true, 9, 6, 1],
    [30, 'Canon EOS 5D', '100.0000', 7, true, 9, 9, 1],
    [40, 'iPhone', '100.0000', 970, true, 9, 8, 1],
    [42, 'Apple Cinema 30"', '100.0000', 990, true, 9, 8, 2],
    [43, 'MacBook', '500.0000', 929, false, 10, 8, 1],
    [47, 'HP LP3065', '100.0000', 1000, true, 9, 7, 1],
    [48, 'iPod Classic', '100.0000', 995, true, 9, 8, 1],
    [49, 'Samsung Galaxy Tab 10.1', '199.9900', 0, true, 9, 0, 1],
  ];

  it.each(rows)(
    'product %i is %s at %s',
    async (id, name, price, quantity, ships, taxClass, maker, minimum) => {
      const p = await product(id);
      expect(p).toMatchObject({
        productId: id,
        name,
        price: { amount: price, currency: 'USD' },
        quantity,
        shipping: ships,
        taxClassId: taxClass,
        manufacturerId: maker,
        minimum,
        status: true,
      });
    },
  );

  it('holds exactly those nine products', () => {
    expect([...demoStore().data.products.keys()].sort((a, b) => a - b)).toEqual(rows.map(([id]) => id));
  });

  it('28 earns 400 points for group 1, costs 200 points and weighs 146.4 g', async () => {
    const p = await product(28);
    expect(p.rewards).toEqual([{ customerGroupId: 1, points: 400 }]);
    expect(p.points).toBe(200);
    expect(p.weight).toBe('146.40000000');
    const grams = demoStore().settings.weightClasses.find((w) => w.id === p.weightClassId);
    expect(grams).toMatchObject({ id: 2, unit: 'g', value: '1000.00000000' });
  });

  it('30 has option 226 Select (Red 2, Blue 5, both subtract) and a group-1 special of 80.00', async () => {
    const p = await product(30);
    expect(p.options).toHaveLength(1);
    expect(p.options[0]).toMatchObject({
      productOptionId: 226,
      name: 'Select',
      type: 'select',
      required: true,
    });
    expect(p.options[0]?.values.map((v) => [v.productOptionValueId, v.name, v.quantity, v.subtract])).toEqual(
      [
        [15, 'Red', 2, true],
        [16, 'Blue', 5, true],
      ],
    );
    expect(p.specials).toEqual([
      { customerGroupId: 1, priority: 1, price: usd('80.00'), dateStart: null, dateEnd: null },
    ]);
  });

  it('40 weighs 10 kg', async () => {
    const p = await product(40);
    expect([p.weight, p.weightClassId]).toEqual(['10.00000000', 1]);
  });

  it('42 has every option type, all required, with the listed values and prices', async () => {
    const p = await product(42);
    const byId = new Map(p.options.map((o) => [o.productOptionId, o]));
    const values = (id: number) => byId.get(id)?.values.map((v) => [v.productOptionValueId, v.price.amount]);
    expect(p.options.every((o) => o.required)).toBe(true);
    expect(new Set(p.options.map((o) => o.type))).toEqual(
      new Set(['select', 'radio', 'checkbox', 'text', 'textarea', 'file', 'date', 'time', 'datetime']),
    );
    expect(byId.get(218)?.type).toBe('radio');
    expect(values(218)).toEqual([
      [5, '10.0000'],
      [6, '20.0000'],
      [7, '30.0000'],
    ]);
    expect(byId.get(223)?.type).toBe('checkbox');
    expect(values(223)).toEqual([
      [8, '10.0000'],
      [9, '20.0000'],
      [10, '30.0000'],
      [11, '40.0000'],
    ]);
    expect(byId.get(217)?.type).toBe('select');
    expect(values(217)).toEqual([
      [1, '1.0000'],
      [2, '2.0000'],
      [3, '3.0000'],
      [4, '4.0000'],
    ]);
    expect(byId.get(208)).toMatchObject({ type: 'text', value: 'test' });
    for (const [id, type] of [
      [209, 'textarea'],
      [222, 'file'],
      [219, 'date'],
      [221, 'time'],
      [220, 'datetime'],
    ] as const) {
      expect(byId.get(id)?.type).toBe(type);
    }
  });

  it('42 has the group-1 quantity discounts, a 100-point reward and minimum 2', async () => {
    const p = await product(42);
    expect(p.discounts.map((d) => [d.customerGroupId, d.quantity, d.type === 'F' && d.price.amount])).toEqual(
      [
        [1, 10, '88.0000'],
        [1, 20, '77.0000'],
        [1, 30, '66.0000'],
      ],
    );
    expect(p.rewards).toEqual([{ customerGroupId: 1, points: 100 }]);
    expect(p.minimum).toBe(2);
  });

  it('47 has the required date option 225 "Delivery Date" and does not subtract stock', async () => {
    const p = await product(47);
    expect(p.options).toEqual([
      expect.objectContaining({ productOptionId: 225, name: 'Delivery Date', type: 'date' }),
    ]);
    expect(p.options[0]?.required).toBe(true);
    expect(p.subtract).toBe(false);
  });

  it('48 requires subscription plan 2: monthly, 10 payments of 10.00, one trial month at 1.00', async () => {
    const p = await product(48);
    const plan = p.subscriptionPlans.find((s) => s.customerGroupId === 1);
    expect(plan).toMatchObject({
      subscriptionPlanId: 2,
      status: true,
      price: usd('10.00'),
      frequency: 'month',
      cycle: 1,
      duration: 10,
      trialStatus: true,
      trialPrice: usd('1.00'),
      trialFrequency: 'month',
      trialCycle: 1,
      trialDuration: 1,
    });
  });

  it('has exactly the six manufacturers 5-10 with their fields filled', async () => {
    const { data } = demoStore();
    const catalog = createMemoryCatalog(data);
    expect(await catalog.countManufacturers()).toBe(6);
    const all = await catalog.listManufacturers({ sort: 'sort_order', order: 'ASC', start: 0, limit: 100 });
    expect(all.map((m) => [m.manufacturerId, m.name])).toEqual([
      [5, 'HTC'],
      [6, 'Palm'],
      [7, 'Hewlett-Packard'],
      [8, 'Apple'],
      [9, 'Canon'],
      [10, 'Sony'],
    ]);
    for (const m of all) {
      expect(m.sortOrder).toBe(0);
      for (const field of [m.description, m.image, m.metaTitle, m.metaDescription, m.metaKeyword]) {
        expect(field).not.toBe('');
      }
    }
  });

  it('has category 28 Monitors under 20 Desktops, 42 in 28 and 40 in 20 and 24', async () => {
    const { data } = demoStore();
    const categories = await createMemoryCatalog(data).getCategories();
    expect(categories.find((c) => c.categoryId === 28)).toMatchObject({ name: 'Monitors', parentId: 20 });
    expect(categories.find((c) => c.categoryId === 20)).toMatchObject({ name: 'Desktops', parentId: 0 });
    expect((await product(42)).categoryIds).toContain(28);
    expect((await product(40)).categoryIds).toEqual(expect.arrayContaining([20, 24]));
  });
});

describe('demoStore customers, geography and taxes', () => {
  it('has groups 1 and 2, custom field 1 required for group 2 only, field 2 optional', async () => {
    const customers = createMemoryCustomerDirectory(demoStore().data);
    expect((await customers.getCustomerGroup(1))?.name).toBe('Default');
    expect((await customers.getCustomerGroup(2))?.name).toBe('Wholesale');
    const group1 = await customers.getCustomFields(1);
    const group2 = await customers.getCustomFields(2);
    expect(group1.map((f) => [f.customFieldId, f.required])).toEqual([
      [1, false],
      [2, false],
    ]);
    expect(group2.map((f) => [f.customFieldId, f.required])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(group2[0]).toMatchObject({
      name: 'Company ID',
      location: 'account',
      type: 'text',
      validation: '/^[0-9]{6,8}$/',
    });
    expect(group2[1]).toMatchObject({ name: 'Delivery notes', location: 'address', type: 'textarea' });
  });

  it('has John Doe with 1000 points, the wholesale buyer and a disabled account', async () => {
    const customers = createMemoryCustomerDirectory(demoStore().data);
    expect(await customers.getCustomer(1)).toMatchObject({
      firstname: 'John',
      lastname: 'Doe',
      email: 'john.doe@example.com',
      customerGroupId: 1,
      status: true,
    });
    expect(await customers.getRewardBalance(1)).toBe(1000);
    expect(await customers.getCustomer(2)).toMatchObject({
      email: 'buyer@example.com',
      customerGroupId: 2,
      status: true,
    });
    expect(await customers.findCustomerByEmail('disabled@example.com')).toMatchObject({
      customerId: 3,
      status: false,
    });
    expect(await customers.getAffiliate(1)).toMatchObject({ status: true, commission: '5.00' });
  });

  it('has the UK (postcode required), the US and Singapore with the listed zones', async () => {
    const geo = createMemoryGeoDirectory(demoStore().data);
    const uk = await geo.getCountry(222);
    expect(uk).toMatchObject({
      name: 'United Kingdom',
      isoCode2: 'GB',
      isoCode3: 'GBR',
      postcodeRequired: true,
    });
    const ukZones = new Map(uk?.zones.map((z) => [z.zoneId, z.name]));
    expect([ukZones.get(3513), ukZones.get(3563), ukZones.get(3553)]).toEqual([
      'Aberdeen',
      'Lancashire',
      'Greater London',
    ]);
    const us = await geo.getCountry(223);
    expect(us).toMatchObject({ isoCode2: 'US', isoCode3: 'USA', postcodeRequired: false });
    const usZones = new Map(us?.zones.map((z) => [z.zoneId, z.name]));
    expect([usZones.get(3616), usZones.get(3624), usZones.get(3655)]).toEqual([
      'Arizona',
      'California',
      'New York',
    ]);
    expect(await geo.getCountry(188)).toMatchObject({
      name: 'Singapore',
      postcodeRequired: false,
      zones: [],
    });
  });

  it('has geo zone 3 covering every UK zone and geo zone 4 covering all of the UK', async () => {
    const { data } = demoStore();
    const geoZones = await createMemoryGeoDirectory(data).getGeoZones();
    const ukZoneIds = data.countries.get(222)?.zones.map((z) => z.zoneId) ?? [];
    const vat = geoZones.find((g) => g.geoZoneId === 3);
    expect(vat?.name).toBe('UK VAT Zone');
    expect(vat?.members.map((m) => m.zoneId).sort()).toEqual([...ukZoneIds].sort());
    expect(vat?.members.every((m) => m.countryId === 222)).toBe(true);
    expect(geoZones.find((g) => g.geoZoneId === 4)).toEqual({
      geoZoneId: 4,
      name: 'UK Shipping',
      members: [{ countryId: 222, zoneId: 0 }],
    });
  });

  it('has tax classes 9 and 10 with the listed rules and rates', async () => {
    const { data } = demoStore();
    const table = await createMemoryTaxRates(data).getTaxTable([9, 10]);
    expect(table.rules).toEqual([
      { taxClassId: 9, taxRateId: 86, based: 'shipping', priority: 1 },
      { taxClassId: 9, taxRateId: 87, based: 'shipping', priority: 2 },
      { taxClassId: 10, taxRateId: 87, based: 'store', priority: 0 },
      { taxClassId: 10, taxRateId: 86, based: 'payment', priority: 1 },
    ]);
    expect(table.rates).toEqual([
      {
        taxRateId: 86,
        name: 'VAT (20%)',
        rate: '20.0000',
        type: 'P',
        geoZoneId: 3,
        customerGroupIds: [1, 2],
      },
      {
        taxRateId: 87,
        name: 'Eco Tax (-2.00)',
        rate: '2.0000',
        type: 'F',
        geoZoneId: 3,
        customerGroupIds: [1, 2],
      },
    ]);
    expect([data.taxClasses.get(9)?.title, data.taxClasses.get(10)?.title]).toEqual([
      'Taxable Goods',
      'Downloadable Products',
    ]);
  });
});

describe('demoStore coupons, settings, extensions and API user', () => {
  it('has the four coupons, enabled and without an end date', async () => {
    const coupons = createMemoryCouponDirectory(demoStore().data);
    const c2222 = await coupons.getCoupon('2222');
    const c3333 = await coupons.getCoupon('3333');
    const c1111 = await coupons.getCoupon('1111');
    const c4444 = await coupons.getCoupon('4444');
    expect(c2222).toMatchObject({ name: '-10% Discount', type: 'P', discount: '10.0000', shipping: false });
    expect(c3333).toMatchObject({ name: 'Free Shipping', shipping: true, total: usd('100.00') });
    expect(c1111).toMatchObject({
      name: '-10.00 Discount',
      type: 'F',
      discount: '10.0000',
      total: usd('10.00'),
    });
    expect(c4444).toMatchObject({ type: 'P', discount: '15.0000', categoryIds: [28], productIds: [] });
    for (const c of [c2222, c3333, c1111, c4444]) expect(c).toMatchObject({ status: true, dateEnd: null });
    expect(await coupons.getCoupon('9999')).toBeUndefined();
  });

  it('has the three currencies exactly as listed', () => {
    expect(demoStore().settings.currencies).toEqual([
      {
        code: 'USD',
        title: 'US Dollar',
        symbolLeft: '$',
        symbolRight: '',
        decimalPlaces: 2,
        value: '1.00000000',
      },
      {
        code: 'GBP',
        title: 'Pound Sterling',
        symbolLeft: '£',
        symbolRight: '',
        decimalPlaces: 2,
        value: '0.61250001',
      },
      { code: 'EUR', title: 'Euro', symbolLeft: '', symbolRight: '€', decimalPlaces: 2, value: '0.78460002' },
    ]);
  });

  it('has the listed settings and order statuses', () => {
    const { settings, data } = demoStore();
    expect(data.settings).toBe(settings);
    expect(settings).toMatchObject({
      storeId: 0,
      storeName: 'Your Store',
      language: 'en-gb',
      currency: 'USD',
      customerGroupId: 1,
      telephoneRequired: false,
      stockCheckout: false,
      checkoutPaymentAddress: true,
      orderStatusId: 1,
      processingStatusIds: [5, 1, 2, 12, 3],
      completeStatusIds: [5, 3],
      fraudStatusId: 8,
      voidStatusId: 16,
      tax: true,
      taxDefault: 'shipping',
      storeAddress: { countryId: 222, zoneId: 3563 },
      invoicePrefix: 'INV-2026-00',
      weightClassId: 1,
      lengthClassId: 1,
      roundingMode: 'half-away-from-zero',
    });
    expect(settings.orderStatuses.map((s) => s.orderStatusId)).toEqual([
      1, 2, 3, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    ]);
    expect(settings.weightClasses.find((w) => w.id === 1)).toMatchObject({ unit: 'kg', value: '1.00000000' });
    expect(settings.lengthClasses.find((l) => l.id === 1)).toMatchObject({ unit: 'cm', value: '1.00000000' });
  });

  it('describes the shipping methods, payment methods and totals as listed', () => {
    const { shipping, payment, totals } = demoStore().data.extensions;
    expect(shipping.flat).toMatchObject({ cost: usd('5.00'), taxClassId: 9, sortOrder: 1, geoZoneId: 0 });
    expect(shipping.free).toMatchObject({ total: usd('500.00'), geoZoneId: 4, sortOrder: 2 });
    expect(shipping.item).toMatchObject({ cost: usd('2.00'), taxClassId: 9, sortOrder: 3 });
    expect(shipping.weight).toMatchObject({ taxClassId: 9, sortOrder: 4 });
    expect(shipping.weight.zones).toEqual([
      {
        geoZoneId: 4,
        status: true,
        rates: [
          { weight: '1', cost: usd('5.00') },
          { weight: '5', cost: usd('10.00') },
          { weight: '10', cost: usd('20.00') },
          { weight: '100', cost: usd('40.00') },
        ],
      },
    ]);
    expect(shipping.pickup.sortOrder).toBe(5);
    expect([
      payment.free_checkout.sortOrder,
      payment.bank_transfer.sortOrder,
      payment.cheque.sortOrder,
      payment.cod.sortOrder,
    ]).toEqual([1, 2, 3, 5]);
    const enabled = Object.entries(totals)
      .filter(([, total]) => total.status)
      .map(([code, total]) => [code, total.sortOrder]);
    expect(enabled).toEqual([
      ['sub_total', 1],
      ['reward', 2],
      ['shipping', 3],
      ['coupon', 4],
      ['tax', 5],
      ['credit', 7],
      ['total', 9],
    ]);
  });

  it('has API user 1 "demo" on the loopback addresses, whose key hash matches the given key', async () => {
    const { data } = demoStore({ apiKey: 'let-me-in' });
    const { apiUsers } = createMemoryAdapters(data, { clock: testClock() });
    const user = await apiUsers.findByUsername('demo');
    expect(user).toMatchObject({ apiId: 1, status: true, ips: ['127.0.0.1', '::1'] });
    expect(await verifyApiKey('let-me-in', user?.keyHash ?? '')).toBe(true);
    expect(await verifyApiKey('wrong', user?.keyHash ?? '')).toBe(false);
  });

  it('without a key, the demo user exists but no guessable key opens it', async () => {
    for (const options of [undefined, {}, { apiKey: undefined }, { apiKey: '' }]) {
      const user = demoStore(options).data.apiUsers.get(1);
      expect(user?.keyHash).toMatch(/^scrypt\$/);
      for (const guess of ['', 'demo', 'undefined'])
        expect(await verifyApiKey(guess, user?.keyHash ?? '')).toBe(false);
    }
  });

  it('returns fresh independent data on every call', async () => {
    const first = demoStore();
    const second = demoStore();
    expect(first.data).not.toBe(second.data);
    first.data.products.delete(40);
    first.data.rewardPoints.push({
      customerRewardId: 99,
      customerId: 1,
      orderId: 0,
      description: 'extra',
      points: 5,
      dateAdded: '2026-01-02T00:00:00.000Z',
    });
    expect(await createMemoryCustomerDirectory(first.data).getRewardBalance(1)).toBe(1005);
    expect(second.data.products.has(40)).toBe(true);
    expect(await createMemoryCustomerDirectory(second.data).getRewardBalance(1)).toBe(1000);
  });
});
