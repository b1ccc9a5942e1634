/**
 * `migrate`: versioned, recorded, idempotent, safe when several processes run it at once, and strict about
 * schema names. Also: a missing server fails loudly.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import {
  createPostgresAdapters,
  loadDemoStore,
  migrate,
  type PgPoolLike,
} from '../../../src/adapters/postgres/index.js';
import { CartwrightInvariantError } from '../../../src/domain/errors.js';
import { connectPool, databaseUrl, testSchemaName, usePool } from '../support/postgres.js';

const schemas: string[] = [];
const connected = usePool(8, async (pool) => {
  for (const schema of schemas) await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
});

/** A schema name that the file drops afterwards. */
function freshSchema(): string {
  const schema = testSchemaName('migrate');
  schemas.push(schema);
  return schema;
}

async function tablesIn(schema: string): Promise<string[]> {
  const { rows } = await connected().query(
    'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
    [schema],
  );
  return rows.map((row) => String(row.table_name));
}

describe('migrate', () => {
  it('creates the schema and every table, records each version, and a second run is a no-op', async () => {
    const pool = connected();
    const schema = freshSchema();
    expect(await migrate(pool, { schema })).toEqual({
      applied: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      version: 11,
    });
    const tables = await tablesIn(schema);
    expect(tables).toEqual(
      expect.arrayContaining([
        'cartwright_migrations',
        'product',
        'orders',
        'order_idempotency',
        'api',
        'api_signing',
      ]),
    );
    const { rows } = await pool.query(
      `SELECT version, name FROM "${schema}".cartwright_migrations ORDER BY 1`,
    );
    expect(rows).toEqual([
      { version: 1, name: 'catalog' },
      { version: 2, name: 'directories' },
      { version: 3, name: 'orders' },
      { version: 4, name: 'order login' },
      { version: 5, name: 'discount type' },
      { version: 6, name: 'api signing' },
      { version: 7, name: 'change notices' },
      { version: 8, name: 'outbox' },
      { version: 9, name: 'order payments' },
      { version: 10, name: 'outbox mark' },
      { version: 11, name: 'write events' },
    ]);
    expect(await migrate(pool, { schema })).toEqual({ applied: [], version: 11 });
    expect(await tablesIn(schema)).toEqual(tables);
  });

  it('lets concurrent runs take turns: exactly one applies each version', async () => {
    const pool = connected();
    const schema = freshSchema();
    const results = await Promise.all(Array.from({ length: 4 }, () => migrate(pool, { schema })));
    expect(results.flatMap((result) => result.applied).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    expect(results.every((result) => result.version === 11)).toBe(true);
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM "${schema}".cartwright_migrations`);
    expect(rows[0]?.n).toBe(11);
  });

  it("without a schema, uses the connections' search_path, for migrations, loading and reading", async () => {
    const pool = connected();
    const schema = freshSchema();
    await pool.query(`CREATE SCHEMA "${schema}"`);
    const scoped = new pg.Pool({
      connectionString: databaseUrl,
      max: 2,
      options: `-c search_path=${schema}`,
    });
    try {
      expect(await migrate(scoped)).toEqual({ applied: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], version: 11 });
      expect(await tablesIn(schema)).toContain('orders');
      await loadDemoStore(scoped);
      const [iphone] = await createPostgresAdapters({ pool: scoped }).catalog.getProducts([40]);
      expect(iphone).toEqual(demoStore().data.products.get(40));
      expect(await migrate(scoped)).toEqual({ applied: [], version: 11 });
    } finally {
      await scoped.end();
    }
  });

  it('migration 5 reads the discount rows written before it as fixed prices', async () => {
    const pool = connected();
    const schema = freshSchema();
    await migrate(pool, { schema });
    await loadDemoStore(pool, demoStore(), { schema });
    // As a database of the release before migration 5: no type column, version 5 not recorded.
    await pool.query(
      `ALTER TABLE "${schema}".product_discount DROP COLUMN type;
       DELETE FROM "${schema}".cartwright_migrations WHERE version = 5`,
    );
    await pool.query(
      `INSERT INTO "${schema}".product_discount (product_id, customer_group_id, quantity, price)
       VALUES (40, 1, 3, 95)`,
    );
    expect(await migrate(pool, { schema })).toEqual({ applied: [5], version: 11 });
    const [iphone] = await createPostgresAdapters({ pool, schema }).catalog.getProducts([40]);
    expect(iphone?.discounts).toEqual([
      {
        type: 'F',
        customerGroupId: 1,
        quantity: 3,
        priority: 1,
        price: { amount: '95.0000', currency: 'USD' },
        dateStart: null,
        dateEnd: null,
      },
    ]);
  });

  it('migration 10 marks each sink that has deliveries at its first event without one', async () => {
    const pool = connected();
    const schema = freshSchema();
    await migrate(pool, { schema });
    // As a database of the release before migration 10: events 1–3, delivered to `a` up to 2, to `b` none but 1.
    await pool.query(
      `DROP TABLE "${schema}".outbox_mark; DROP INDEX "${schema}".outbox_delivery_pending;
       ALTER TABLE "${schema}".outbox_event DROP COLUMN tx;
       DELETE FROM "${schema}".cartwright_migrations WHERE version = 10`,
    );
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    await pool.query(
      `INSERT INTO "${schema}".outbox_event (id, type, order_id, sequence, occurred_at, schema_version, data)
       SELECT id, 'order.placed', n, 1, now(), 1, '{}' FROM unnest($1::uuid[]) WITH ORDINALITY AS x (id, n)`,
      [ids],
    );
    await pool.query(
      `INSERT INTO "${schema}".outbox_delivery (event_id, sink, status, next_attempt_at)
       VALUES ($1, 'a', 'delivered', now()), ($2, 'a', 'delivered', now()), ($1, 'b', 'dead', now())`,
      ids.slice(0, 2),
    );
    expect(await migrate(pool, { schema })).toEqual({ applied: [10], version: 11 });
    const { rows } = await pool.query(
      `SELECT m.sink, m.position - (SELECT min(position) FROM "${schema}".outbox_event) AS offset
       FROM "${schema}".outbox_mark m ORDER BY m.sink`,
    );
    expect(rows).toEqual([
      { sink: 'a', offset: '2' },
      { sink: 'b', offset: '1' },
    ]);
  });

  it('reports the failed migration, not the ROLLBACK or unlock that failed after it, and frees the lock', async () => {
    const pool = connected();
    const schema = freshSchema();
    // A table in the way makes migration 1 fail on the real server.
    await pool.query(`CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".manufacturer (x int)`);
    const lost = new Error('Connection terminated unexpectedly');
    let destroyed: Error | undefined;
    // The real pool, except that ROLLBACK and the unlock fail as on a connection that has just died.
    const dying: PgPoolLike = {
      async connect() {
        const client = await pool.connect();
        return {
          query: (text, values) =>
            text === 'ROLLBACK' || text.includes('pg_advisory_unlock')
              ? Promise.reject(lost)
              : client.query(text, values ? [...values] : undefined),
          release: (error) => {
            destroyed = error;
            client.release(error);
          },
          on: (event, listener) => client.on(event, listener),
          removeListener: (event, listener) => client.removeListener(event, listener),
        };
      },
    };
    const failure = await migrate(dying, { schema }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(pg.DatabaseError);
    expect((failure as Error).message).toMatch(/"manufacturer" already exists/);
    expect(destroyed).toBe(failure);
    // The destroyed connection took its advisory lock with it: the next run gets the lock and migrates.
    await pool.query(`DROP TABLE "${schema}".manufacturer`);
    expect((await migrate(pool, { schema })).applied.length).toBeGreaterThan(0);
  });

  it('refuses schema names that are not plain identifiers, before touching the database', async () => {
    const pool = connected();
    for (const schema of ['Shop', 'shop; DROP TABLE x', 'a"b', '', 'pg_shop', '1shop', 'x'.repeat(64)]) {
      await expect(migrate(pool, { schema }), schema).rejects.toBeInstanceOf(CartwrightInvariantError);
    }
  });
});

describe('the test database', () => {
  it('fails with a clear message, never skips, when the server is not there', async () => {
    await expect(connectPool(1, 'postgres://postgres:secret@127.0.0.1:1/test')).rejects.toThrow(
      /PostgreSQL is not reachable at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/test: .*set DATABASE_URL/,
    );
  });
});
