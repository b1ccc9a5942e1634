/**
 * Round trips: what the loader writes and the PostgreSQL adapters read back is exactly what the memory
 * adapters answer over the same data, record for record; and the same order writes give the same records.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryAdapters, demoStore, type MemoryAdapters } from '../../../src/adapters/memory/index.js';
import {
  createPostgresAdapters,
  loadDemoStore,
  type PostgresAdapters,
} from '../../../src/adapters/postgres/index.js';
import { CartwrightInvariantError } from '../../../src/domain/errors.js';
import type { OrderDraft } from '../../../src/domain/records/order.js';
import { type Money, money, moneyFromJSON } from '../../../src/money/index.js';
import type { HistoryWrite, OrderRepository } from '../../../src/ports/order-repository.js';
import {
  createManualClock,
  sampleHistoryWrite,
  sampleOrderDraft,
  sampleOrderProduct,
} from '../../../src/testing/index.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('records');

/** The memory adapters and the PostgreSQL ones, each over its own fresh copy of the demo store. */
async function bothStores(): Promise<{ memory: MemoryAdapters; postgres: PostgresAdapters }> {
  const { pool, schema } = database();
  await loadDemoStore(pool, demoStore(), { schema });
  const memory = createMemoryAdapters(demoStore().data, { clock: createManualClock('2026-03-01T10:00:00Z') });
  return { memory, postgres: createPostgresAdapters({ pool, schema }) };
}

const byId =
  <T>(id: (record: T) => number) =>
  (a: T, b: T) =>
    id(a) - id(b);

describe('postgres records equal the memory records over the demo store', () => {
  it('catalog: every product, manufacturer and category', async () => {
    const { memory, postgres } = await bothStores();
    const ids = [...demoStore().data.products.keys()];
    const sorted = byId((p: { productId: number }) => p.productId);
    const fromPostgres = [...(await postgres.catalog.getProducts(ids))].sort(sorted);
    expect(fromPostgres).toEqual([...(await memory.catalog.getProducts(ids))].sort(sorted));
    expect(fromPostgres).toHaveLength(ids.length);
    for (const id of [5, 6, 7, 8, 9, 10, 4]) {
      expect(await postgres.catalog.getManufacturer(id)).toEqual(await memory.catalog.getManufacturer(id));
    }
    const categories = byId((c: { categoryId: number }) => c.categoryId);
    expect([...(await postgres.catalog.getCategories())].sort(categories)).toEqual(
      [...(await memory.catalog.getCategories())].sort(categories),
    );
  });

  it('customers, groups, custom fields, balances and affiliates', async () => {
    const { memory, postgres } = await bothStores();
    for (const id of [1, 2, 3, 4]) {
      expect(await postgres.customers.getCustomer(id)).toEqual(await memory.customers.getCustomer(id));
      expect(await postgres.customers.getCustomerGroup(id)).toEqual(
        await memory.customers.getCustomerGroup(id),
      );
      expect(await postgres.customers.getCustomFields(id)).toEqual(
        await memory.customers.getCustomFields(id),
      );
      expect(await postgres.customers.getRewardBalance(id)).toBe(await memory.customers.getRewardBalance(id));
      expect(await postgres.customers.getAffiliate(id)).toEqual(await memory.customers.getAffiliate(id));
    }
  });

  it('countries with zones, geo zones, tax tables, coupons and API users', async () => {
    const { memory, postgres } = await bothStores();
    for (const id of [222, 223, 188, 1]) {
      expect(await postgres.geo.getCountry(id)).toEqual(await memory.geo.getCountry(id));
    }
    expect(await postgres.geo.getGeoZones()).toEqual(await memory.geo.getGeoZones());
    for (const classes of [[9], [10], [10, 9], [9, 10, 11]]) {
      expect(await postgres.taxes.getTaxTable(classes)).toEqual(await memory.taxes.getTaxTable(classes));
    }
    for (const code of ['2222', '3333', '1111', '4444', 'nope']) {
      expect(await postgres.coupons.getCoupon(code)).toEqual(await memory.coupons.getCoupon(code));
    }
    expect(await postgres.apiUsers.findByUsername('demo')).toEqual(
      await memory.apiUsers.findByUsername('demo'),
    );
    expect(await postgres.apiUsers.getApiUser(1)).toEqual(await memory.apiUsers.getApiUser(1));
  });

  it('quantity discounts of both types, fixed prices and percentages, read back as written', async () => {
    const { pool, schema } = database();
    const { data } = demoStore();
    const cinema = data.products.get(42);
    if (cinema === undefined) throw new Error('demo product 42 missing');
    const terms = { customerGroupId: 1, priority: 1, dateStart: null, dateEnd: null };
    data.products.set(42, {
      ...cinema,
      discounts: [
        { ...terms, type: 'P', quantity: 5, percent: '12.5000' },
        { ...terms, type: 'F', quantity: 10, price: usd('88.00') },
        {
          ...terms,
          type: 'P',
          quantity: 20,
          percent: '0.0001',
          dateStart: '2026-01-01',
          dateEnd: '2027-01-01',
        },
      ],
    });
    await loadDemoStore(pool, { data }, { schema });
    const memory = createMemoryAdapters(data, { clock: createManualClock('2026-03-01T10:00:00Z') });
    const [fromPostgres] = await createPostgresAdapters({ pool, schema }).catalog.getProducts([42]);
    expect(fromPostgres?.discounts).toEqual((await memory.catalog.getProducts([42]))[0]?.discounts);
    expect(fromPostgres?.discounts.map((d) => d.type)).toEqual(['P', 'F', 'P']);
    const { rows } = await pool.query(
      `SELECT type, price::text AS price FROM "${schema}".product_discount ORDER BY position`,
    );
    expect(rows).toEqual([
      { type: 'P', price: '12.5000' },
      { type: 'F', price: '88.0000' },
      { type: 'P', price: '0.0001' },
    ]);
  });

  it('ids no row can have (fractions, beyond INTEGER) and NUL characters find nothing', async () => {
    const { postgres } = await bothStores();
    expect(await postgres.catalog.getProducts([1.5, 2 ** 40, Number.NaN])).toEqual([]);
    expect(await postgres.catalog.getManufacturer(2 ** 40)).toBeUndefined();
    expect(await postgres.customers.findCustomerByEmail('john\u0000@example.com')).toBeUndefined();
    expect(await postgres.orders.get(2 ** 40)).toBeUndefined();
    expect(await postgres.coupons.countUses(2 ** 40, 1)).toEqual({ total: 0, customer: 0 });
  });
});

const usd = (amount: string) => money(amount, 'USD');

/** An unrounded amount, as divisions leave them (more than the 8 decimals `money` accepts). */
function exact(amount: string): Money {
  const value = moneyFromJSON({ amount, currency: 'USD' });
  if (value === undefined) throw new Error(`not an amount: ${amount}`);
  return value;
}

/** A draft with everything optional filled in or emptied: options, a subscription, no addresses or methods. */
function unusualDraft(): OrderDraft {
  const subscription = {
    subscriptionPlanId: 2,
    name: 'Monthly',
    trialStatus: true,
    trialPrice: usd('1.00'),
    trialTax: usd('0.2'),
    trialFrequency: 'month' as const,
    trialCycle: 1,
    trialDuration: 1,
    price: usd('10.00'),
    tax: usd('2.00'),
    frequency: 'month' as const,
    cycle: 1,
    duration: 10,
  };
  return sampleOrderDraft({
    paymentAddress: null,
    shippingAddress: null,
    paymentMethod: null,
    shippingMethod: null,
    products: [
      sampleOrderProduct({
        productId: 48,
        name: 'iPod Classic',
        subscription,
        tax: exact('3.3333333333333333333333'),
      }),
      sampleOrderProduct({
        productId: 42,
        quantity: 2,
        price: usd('-0.5'),
        options: [
          {
            productOptionId: 208,
            productOptionValueId: 0,
            optionId: 4,
            optionValueId: 0,
            name: 'Text',
            value: 'Ünïcödé — "quoted" \\ backslash 🔔',
            type: 'text',
            subtract: false,
          },
          {
            productOptionId: 217,
            productOptionValueId: 4,
            optionId: 5,
            optionValueId: 39,
            name: 'Select',
            value: 'Red',
            type: 'select',
            subtract: true,
          },
        ],
      }),
    ],
    totals: [],
    taxes: [],
    customer: { ...sampleOrderDraft().customer, customField: { '1': '123456', '3': ['a', 'b'] } },
    currencyValue: '0.78460002',
    dateAdded: '2024-05-01T10:00:00.123Z',
  });
}

/** The same writes on both repositories; every outcome must be identical. */
async function sameWrites(repository: OrderRepository) {
  const history = (overrides: Partial<HistoryWrite>) => sampleHistoryWrite(overrides);
  const outcomes: unknown[] = [];
  const first = await repository.create(unusualDraft(), history({ comment: 'first', notify: true }));
  outcomes.push(first);
  const second = await repository.create(sampleOrderDraft(), history({}), {
    scope: 'api-1',
    key: 'k',
    fingerprint: 'f',
  });
  outcomes.push(second);
  outcomes.push(
    await repository.update(1, sampleOrderDraft({ comment: 'now plain' }), history({ orderStatusId: 2 }), 1),
  );
  outcomes.push(await repository.update(2, unusualDraft(), history({ orderStatusId: 5 }), 1));
  outcomes.push(await repository.addHistory(1, history({ orderStatusId: 7, comment: 'cancelled' }), 2));
  outcomes.push(await repository.get(1), await repository.get(2), await repository.get(3));
  return outcomes;
}

describe('postgres order records equal the memory ones', () => {
  it('the same creates, updates and history writes give the same outcomes, ids included', async () => {
    const { memory, postgres } = await bothStores();
    const expected = await sameWrites(memory.orders);
    expect(await sameWrites(postgres.orders)).toEqual(expected);
  });

  it('refuses (throws) a draft with an amount not in the store currency, writing nothing', async () => {
    const { postgres } = await bothStores();
    const draft = sampleOrderDraft({ total: money('130.00', 'EUR') });
    await expect(postgres.orders.create(draft, sampleHistoryWrite())).rejects.toBeInstanceOf(
      CartwrightInvariantError,
    );
    expect(await postgres.orders.get(1)).toBeUndefined();
  });
});
