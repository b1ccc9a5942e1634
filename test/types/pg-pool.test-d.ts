import pg from 'pg';
import { describe, expectTypeOf, it } from 'vitest';
import type { PgClientLike, PgPoolLike } from '../../src/adapters/postgres/index.js';

describe('PgPoolLike', () => {
  it('is satisfied by a pg.Pool and its clients without a cast', () => {
    expectTypeOf<pg.Pool>().toExtend<PgPoolLike>();
    expectTypeOf<pg.PoolClient>().toExtend<PgClientLike>();
    const pool = new pg.Pool();
    const asPort: PgPoolLike = pool;
    expectTypeOf(asPort.connect()).resolves.toExtend<PgClientLike>();
  });

  it('is not satisfied by an object without connect', () => {
    const queryOnly = { query: async () => ({ rows: [], rowCount: 0 }) };
    expectTypeOf(queryOnly).not.toExtend<PgPoolLike>();
  });
});
