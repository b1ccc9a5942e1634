/**
 * The reference cache on the real server: it answers from memory (the same frozen record from one read to the
 * next) while its connection listens; a change written through another pool is seen once its notice arrives;
 * with the listening connection cut or gone silent (through a proxy of the test's own) it reads through, and it
 * listens and serves again once the connection is back; stock this process moves is forgotten at once.
 */
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import {
  createPostgresAdapters,
  createPostgresReferenceCache,
  loadDemoStore,
  migrate,
} from '../../../src/adapters/postgres/index.js';
import { sampleHistoryWrite, sampleOrderDraft } from '../../../src/testing/index.js';
import { type FaultProxy, startFaultProxy } from '../../faults/support/tcp-proxy.js';
import { connectPool, databaseUrl, testSchemaName, usePostgres } from '../support/postgres.js';

const database = usePostgres('reference_cache');

/** What a test opened, closed after it: caches first (each holds a connection of its pool), then the rest. */
const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

/** What a cache is made with in a test. */
interface CacheOptions {
  readonly heartbeatMs?: number;
  readonly retryMs?: number;
  readonly deadlineMs?: number;
}

/**
 * The demo store loaded afresh, then a cache listening over `listening` (the file's pool by default), and the
 * adapters over the file's pool with it. The cache starts after the load, so no notice of the load reaches it.
 */
async function setup(listening?: pg.Pool, options: CacheOptions = {}) {
  const { pool, schema } = database();
  await loadDemoStore(pool, demoStore(), { schema, mode: 'replace' });
  const cache = createPostgresReferenceCache({ pool: listening ?? pool, schema, ...options });
  opened.push(() => cache.close());
  expect(await cache.ready()).toBe(true);
  return { cache, ports: createPostgresAdapters({ pool, schema, cache }) };
}

/** A pool of its own, as another process writing to the tables would have. */
async function otherPool(): Promise<pg.Pool> {
  const pool = await connectPool(2);
  opened.push(() => pool.end());
  return pool;
}

/** A pool whose every connection goes through a proxy of the test's own. */
async function proxiedPool(): Promise<{ pool: pg.Pool; proxy: FaultProxy }> {
  const target = new URL(databaseUrl);
  const proxy = await startFaultProxy({
    host: target.hostname,
    port: target.port === '' ? 5432 : Number(target.port),
  });
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  opened.push(async () => {
    proxy.restore();
    await pool.end();
    await proxy.close();
  });
  return { pool, proxy };
}

/** Waits (up to 10 s) until `check` passes. */
const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 20 });

describe('the PostgreSQL reference cache', () => {
  it('answers the same frozen records from memory while it listens', async () => {
    const { cache, ports } = await setup();
    expect(cache.isServing()).toBe(true);
    const [first] = await ports.catalog.getProducts([40]);
    const [again] = await ports.catalog.getProducts([40, 40]);
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(await ports.geo.getGeoZones()).toBe(await ports.geo.getGeoZones());
    expect(await ports.taxes.getTaxTable([10, 9])).toBe(await ports.taxes.getTaxTable([9, 10]));
    expect(await ports.geo.getCountry(222)).toBe(await ports.geo.getCountry(222));
    expect(await ports.customers.getCustomFields(1)).toBe(await ports.customers.getCustomFields(1));
    expect(await ports.customers.getCustomerGroup(1)).toBe(await ports.customers.getCustomerGroup(1));
    expect(await ports.apiUsers.findByUsername('demo')).toBe(await ports.apiUsers.findByUsername('demo'));
    expect(await ports.catalog.getCategories()).toBe(await ports.catalog.getCategories());
  });

  it('sees a price, a tax rate, a geo zone member and an API user written through another pool once notified', async () => {
    const { cache, ports } = await setup();
    const t = `"${database().schema}"`;
    const other = await otherPool();
    const [iphone] = await ports.catalog.getProducts([40]);
    const classId = iphone?.taxClassId ?? 0;
    const [rate] = (await ports.taxes.getTaxTable([classId])).rates;
    const [zone] = await ports.geo.getGeoZones();
    const demo = await ports.apiUsers.findByUsername('demo');
    expect({ rate: rate !== undefined, zone: zone !== undefined, demo: demo?.status }).toEqual({
      rate: true,
      zone: true,
      demo: true,
    });

    await other.query(`UPDATE ${t}.product SET price = price + 1 WHERE product_id = 40`);
    await other.query(`UPDATE ${t}.tax_rate SET rate = rate + 1 WHERE tax_rate_id = $1`, [rate?.taxRateId]);
    await other.query(
      `INSERT INTO ${t}.zone_to_geo_zone (geo_zone_id, country_id, zone_id) VALUES ($1, 81, 0)`,
      [zone?.geoZoneId],
    );
    await other.query(`UPDATE ${t}.api SET status = false WHERE username = 'demo'`);

    await eventually(async () => {
      const [changed] = await ports.catalog.getProducts([40]);
      expect(changed?.price.amount).not.toEqual(iphone?.price.amount);
      const [newRate] = (await ports.taxes.getTaxTable([classId])).rates;
      expect(newRate?.rate).not.toEqual(rate?.rate);
      const zones = await ports.geo.getGeoZones();
      const members = zones.find((found) => found.geoZoneId === zone?.geoZoneId)?.members;
      expect(members).toContainEqual({ countryId: 81, zoneId: 0 });
      expect((await ports.apiUsers.findByUsername('demo'))?.status).toBe(false);
    });
    // The other products were kept: one product's notice drops that product alone.
    expect(cache.isServing()).toBe(true);
  });

  it('reads through while its listening connection is cut, and listens and serves again once it is back', async () => {
    const { pool: listening, proxy } = await proxiedPool();
    const { cache, ports } = await setup(listening, { retryMs: 50 });
    const t = `"${database().schema}"`;
    const other = await otherPool();
    const [before] = await ports.catalog.getProducts([40]);

    proxy.down();
    await eventually(async () => expect(cache.isServing()).toBe(false));
    // Written while nobody listens: the notice is lost, and the cache must not answer what it had.
    await other.query(`UPDATE ${t}.product SET price = price + 5 WHERE product_id = 40`);
    const [during] = await ports.catalog.getProducts([40]);
    expect(during?.price.amount).not.toEqual(before?.price.amount);
    expect(cache.isServing()).toBe(false);

    proxy.restore();
    await eventually(async () => {
      await ports.catalog.getProducts([40]);
      expect(cache.isServing()).toBe(true);
    });
    const [kept] = await ports.catalog.getProducts([40]);
    expect(await ports.catalog.getProducts([40])).toEqual([kept]);
    expect((await ports.catalog.getProducts([40]))[0]).toBe(kept);
    expect(kept?.price.amount).toEqual(during?.price.amount);
    await other.query(`UPDATE ${t}.product SET price = price + 5 WHERE product_id = 40`);
    await eventually(async () => {
      expect((await ports.catalog.getProducts([40]))[0]?.price.amount).not.toEqual(kept?.price.amount);
    });
  });

  it('stops answering from memory when its listening connection goes silent, and serves again once it answers', async () => {
    const { pool: listening, proxy } = await proxiedPool();
    const { cache, ports } = await setup(listening, { heartbeatMs: 50, deadlineMs: 300, retryMs: 50 });
    const t = `"${database().schema}"`;
    const other = await otherPool();
    const [before] = await ports.catalog.getProducts([40]);

    proxy.stall();
    await other.query(`UPDATE ${t}.product SET price = price + 7 WHERE product_id = 40`);
    await eventually(async () => expect(cache.isServing()).toBe(false));
    const [during] = await ports.catalog.getProducts([40]);
    expect(during?.price.amount).not.toEqual(before?.price.amount);

    proxy.restore();
    await eventually(async () => {
      await ports.catalog.getProducts([40]);
      expect(cache.isServing()).toBe(true);
    });
    const [kept] = await ports.catalog.getProducts([40]);
    expect((await ports.catalog.getProducts([40]))[0]).toBe(kept);
  });

  it('forgets the stock its own order repository moves at once, without waiting for the notice', async () => {
    // The listening connection is held silent, so the notice cannot be what drops the product.
    const { pool: listening, proxy } = await proxiedPool();
    const { cache, ports } = await setup(listening, { heartbeatMs: 60_000 });
    const [before] = await ports.catalog.getProducts([40]);
    proxy.stall();
    const take = { productId: 40, productOptionValueId: null, delta: -3, guard: true };
    const created = await ports.orders.create(sampleOrderDraft(), sampleHistoryWrite({ stockMoves: [take] }));
    expect(created.status).toBe('created');
    const [after] = await ports.catalog.getProducts([40]);
    expect(after?.quantity).toBe((before?.quantity ?? 0) - 3);
    expect(cache.isServing()).toBe(true);
  });

  it('never listens on a schema without the change notices, and reads through', async () => {
    const { pool } = database();
    const schema = testSchemaName('no_notices');
    opened.push(async () => {
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    });
    await migrate(pool, { schema });
    await pool.query(`DROP FUNCTION "${schema}".cartwright_notify_product_change() CASCADE`);
    await loadDemoStore(pool, demoStore(), { schema });
    const cache = createPostgresReferenceCache({ pool, schema, retryMs: 10 });
    opened.push(() => cache.close());
    expect(await cache.ready()).toBe(false);
    const ports = createPostgresAdapters({ pool, schema, cache });
    const [first] = await ports.catalog.getProducts([40]);
    const [again] = await ports.catalog.getProducts([40]);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect(cache.isServing()).toBe(false);
  });

  it('is refused by adapters of another schema', async () => {
    const { pool } = database();
    const { cache } = await setup();
    expect(() => createPostgresAdapters({ pool, schema: 'somewhere_else', cache })).toThrow(/schema/);
  });
});
