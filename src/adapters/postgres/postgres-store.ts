/**
 * `postgresStore({ pool })`: catalog, directories, API users and orders in PostgreSQL; sessions, failed logins
 * and accepted signatures in this process's memory until an overlay (`redisSessions`) takes them.
 * @module
 */

import type { CheckoutStore } from '../../ports/store.js';
import { inProcessSessions } from '../in-process-sessions.js';
import { defineStore, describeValue, everyRequiredPort, wiringError } from '../store.js';
import { createPostgresAdapters } from './create-postgres-adapters.js';
import type { PostgresAdapterOptions } from './options.js';

/** Options of {@link postgresStore}: the adapters' options, the currency taken from the checkout's settings. */
export type PostgresStoreOptions = Omit<PostgresAdapterOptions, 'currency'>;

/**
 * A store in PostgreSQL over the host's pool, in the tables `migrate` made (fill them with `loadSnapshot`, or
 * with your own rows). The database holds no store settings: pass `settings` to `createCheckout`. Sessions,
 * the login throttle and the replay guard are per process; mount `redisSessions({ client })` when several
 * processes share the traffic.
 *
 * @example
 * ```ts
 * const store = postgresStore({ pool, schema: 'shop' }).mount(redisSessions({ client: redis }));
 * const checkout = createCheckout({ store, settings });
 * ```
 */
export function postgresStore(options: PostgresStoreOptions): CheckoutStore {
  const pool = (options as Partial<PostgresStoreOptions> | undefined)?.pool;
  if (typeof pool !== 'object' || pool === null || typeof pool.connect !== 'function') {
    wiringError(`postgresStore needs { pool } (a pg.Pool), got ${describeValue(pool)}`);
  }
  return defineStore({
    base: {
      name: 'postgresStore',
      provides: [...everyRequiredPort, 'outbox'],
      open: ({ clock, settings }) => ({
        ...createPostgresAdapters({ ...options, currency: settings.currency }),
        ...inProcessSessions(clock),
      }),
    },
  });
}
