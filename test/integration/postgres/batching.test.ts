/**
 * Round-trips: every catalog and directory read is one statement on a client of its own, whatever it reads;
 * every write is one transaction on one checked-out client.
 */
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import {
  createPostgresAdapters,
  loadDemoStore,
  type PgClientLike,
  type PgPoolLike,
} from '../../../src/adapters/postgres/index.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../../../src/testing/index.js';
import { usePostgres } from '../support/postgres.js';

const database = usePostgres('batching');

/** A pool that counts the clients checked out and the statements each of them ran. */
function countingPool(pool: PgPoolLike) {
  const counts = { connects: 0, statements: [] as string[][] };
  const counted: PgPoolLike = {
    async connect(): Promise<PgClientLike> {
      counts.connects += 1;
      const client = await pool.connect();
      const statements: string[] = [];
      counts.statements.push(statements);
      return {
        query(text, values) {
          statements.push(text.trim().split(/[\s;]+/)[0] ?? '');
          return client.query(text, values);
        },
        release: (error) => client.release(error),
        on: (event, listener) => client.on(event, listener),
        removeListener: (event, listener) => client.removeListener(event, listener),
      };
    },
  };
  const reset = () => {
    counts.connects = 0;
    counts.statements.length = 0;
  };
  return { counted, counts, reset };
}

async function openCounted() {
  const { pool, schema } = database();
  await loadDemoStore(pool, demoStore(), { schema });
  const counting = countingPool(pool);
  return { ...counting, ports: createPostgresAdapters({ pool: counting.counted, schema }) };
}

describe('postgres adapters: one round-trip per read', () => {
  it('getProducts reads any number of products, with all their parts, in one statement', async () => {
    const { ports, counts, reset } = await openCounted();
    const all = [...demoStore().data.products.keys()];
    for (const ids of [[40], [42, 30], all, [...all, ...all, 999, 1000]]) {
      reset();
      const products = await ports.catalog.getProducts(ids);
      expect(products.length).toBe(new Set(ids.filter((id) => id < 999)).size);
      expect(counts).toEqual({ connects: 1, statements: [['SELECT']] });
    }
    const [cinema] = await ports.catalog.getProducts([42]);
    expect(cinema?.options).toHaveLength(9);
    expect(cinema?.discounts).toHaveLength(3);
    reset();
    expect(await ports.catalog.getProducts([])).toEqual([]);
    expect(counts.connects).toBe(0);
  });

  it('every other read is one statement', async () => {
    const { ports, counts, reset } = await openCounted();
    const query = {
      manufacturerId: null,
      categoryId: 20,
      subCategories: true,
      sort: 'price',
      order: 'DESC',
      start: 0,
      limit: 5,
      customerGroupId: 1,
      today: '2026-03-01',
    } as const;
    const reads: [string, () => Promise<unknown>][] = [
      ['getManufacturer', () => ports.catalog.getManufacturer(8)],
      [
        'listManufacturers',
        () => ports.catalog.listManufacturers({ sort: 'name', order: 'ASC', start: 0, limit: 3 }),
      ],
      ['countManufacturers', () => ports.catalog.countManufacturers()],
      ['listProducts', () => ports.catalog.listProducts(query)],
      ['countProducts', () => ports.catalog.countProducts(query)],
      ['getCategories', () => ports.catalog.getCategories()],
      ['getCustomer', () => ports.customers.getCustomer(1)],
      ['findCustomerByEmail', () => ports.customers.findCustomerByEmail('JOHN.DOE@example.com')],
      ['getCustomerGroup', () => ports.customers.getCustomerGroup(1)],
      ['getCustomFields', () => ports.customers.getCustomFields(2)],
      ['getRewardBalance', () => ports.customers.getRewardBalance(1)],
      ['getAffiliate', () => ports.customers.getAffiliate(1)],
      ['getCountry', () => ports.geo.getCountry(222)],
      ['getGeoZones', () => ports.geo.getGeoZones()],
      ['getTaxTable', () => ports.taxes.getTaxTable([9, 10])],
      ['getCoupon', () => ports.coupons.getCoupon('2222')],
      ['countUses', () => ports.coupons.countUses(4, 1)],
      ['findByUsername', () => ports.apiUsers.findByUsername('demo')],
      ['getApiUser', () => ports.apiUsers.getApiUser(1)],
      ['orders.get', () => ports.orders.get(1)],
    ];
    for (const [name, read] of reads) {
      reset();
      await read();
      const perClient = counts.statements.map((statements) => statements.length);
      expect({ name, connects: counts.connects, perClient }).toEqual({ name, connects: 1, perClient: [1] });
    }
  });

  it('each write is one transaction on one client, committed or rolled back', async () => {
    const { ports, counts, reset } = await openCounted();
    const take = { productId: 40, productOptionValueId: null, delta: -1, guard: true };
    const created = await ports.orders.create(sampleOrderDraft(), sampleHistoryWrite({ stockMoves: [take] }));
    expect(created.status).toBe('created');
    expect(counts.connects).toBe(1);
    const [statements] = counts.statements;
    expect(statements?.[0]).toBe('BEGIN');
    expect(statements?.at(-1)).toBe('COMMIT');

    reset();
    const tooMany = { ...take, delta: -2_000_000 }; // the demo has a million iPhones
    const refused = await ports.orders.addHistory(1, sampleHistoryWrite({ stockMoves: [tooMany] }), 1);
    expect(refused.status).toBe('insufficient_stock');
    expect(counts.connects).toBe(1);
    expect(counts.statements[0]?.at(-1)).toBe('ROLLBACK');
  });
});
