/**
 * A connection that fails in the same breath as the pool hands it over. When a backend is terminated just as it
 * finishes starting up, its first "ready" and the server's FATAL message can arrive in one TCP chunk: `pg.Pool`
 * hands the new client over on the first, stops listening for the client's failure, and reports the FATAL on the
 * client before the code that asked for it runs again. With nobody listening, that `'error'` ends the process
 * (a terminate-every-half-second fault test caught `npm start` dying so).
 *
 * Here the pool is a real `pg.Pool` on the tests' server, wrapped to fail the client the way `pg` does when that
 * FATAL arrives (its client's own error handling: the connection becomes unusable and `'error'` is emitted)
 * right after handing it over. The adapters' check-out must survive it: the call fails like any connection
 * failure, the failed client is closed, and the next call works.
 */
import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withClient } from '../../../src/adapters/postgres/checkout.js';
import { inTransaction } from '../../../src/adapters/postgres/transaction.js';
import { connectPool } from '../support/postgres.js';

/** What `pg` makes of a FATAL message that arrives while no query runs (its client's own handler). */
interface FailingClient {
  _handleErrorEvent(error: Error): void;
}

type Handed = (error: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void;

let real: pg.Pool;

// A pool of its own for each case: its first client is a new connection, handed over from the socket's data
// handler as in the race, not from a pool of idle ones.
beforeEach(async () => {
  real = await connectPool(2);
});

afterEach(async () => {
  await real.end();
});

/**
 * `real`, except that its next client fails as soon as the pool has handed it over, inside the pool's own
 * callback (as `pg` goes on to read the rest of the chunk), in the callback form and the promise form alike.
 */
function failingNextClient(): pg.Pool {
  let failNext = true;
  const fail = (client: pg.PoolClient | undefined) => {
    if (client === undefined || !failNext) return;
    failNext = false;
    const fatal = new Error('terminating connection due to administrator command');
    (client as unknown as FailingClient)._handleErrorEvent(fatal);
  };
  const connect = (callback?: Handed) => {
    let settle: { resolve(client: pg.PoolClient): void; reject(error: Error): void } | undefined;
    const promised =
      callback === undefined
        ? new Promise<pg.PoolClient>((resolve, reject) => {
            settle = { resolve, reject };
          })
        : undefined;
    real.connect((error, client, done) => {
      if (callback !== undefined) callback(error, client, done);
      else if (error !== undefined || client === undefined) settle?.reject(error ?? new Error('no client'));
      else settle?.resolve(client);
      fail(client);
    });
    return promised;
  };
  return { connect } as unknown as pg.Pool;
}

describe('a client that fails as the pool hands it over', () => {
  it('fails the call, not the process, and the next call works', async () => {
    const pool = failingNextClient();
    await expect(
      withClient(pool, 2_000, 'race', (client) => client.query('SELECT 1 AS one')),
    ).rejects.toThrow(/not queryable|terminating/);
    const next = await withClient(pool, 2_000, 'race', (client) => client.query('SELECT 1 AS one'));
    expect(next.rows).toEqual([{ one: 1 }]);
  });

  it('fails a transaction, not the process, and the next transaction commits', async () => {
    const pool = failingNextClient();
    const body = async (client: { query(text: string): Promise<{ rows: readonly unknown[] }> }) => ({
      commit: true,
      value: (await client.query('SELECT 2 AS two')).rows,
    });
    await expect(inTransaction(pool, 2_000, 'race', body)).rejects.toThrow(/not queryable|terminating/);
    expect(await inTransaction(pool, 2_000, 'race', body)).toEqual([{ two: 2 }]);
  });
});
