/**
 * The reference cache in the PostgreSQL integration tests: the two modes every contract suite runs in (reading
 * through, and with the cache listening), and caches opened for a test and closed after it.
 */
import { afterEach } from 'vitest';
import {
  createPostgresReferenceCache,
  type PgListenPoolLike,
  type PostgresReferenceCache,
} from '../../../src/adapters/postgres/index.js';

/** The modes a contract suite runs in: its name's suffix, and whether the adapters get a reference cache. */
export const cacheModes = [
  { suffix: '', cached: false },
  { suffix: ', reference cache', cached: true },
] as const;

const open: PostgresReferenceCache[] = [];

/** Closes every cache the test opened (they hold a connection each, which the pool's end would wait for). */
export async function closeCaches(): Promise<void> {
  for (const cache of open.splice(0)) await cache.close();
}

/**
 * Registers an `afterEach` hook closing the caches each test opened, and returns the opener: a listening cache
 * over `pool` and `schema` when `cached`, else undefined (the adapters read through).
 */
export function useCaches(): (
  cached: boolean,
  pool: PgListenPoolLike,
  schema: string,
) => Promise<PostgresReferenceCache | undefined> {
  afterEach(closeCaches);
  return async (cached, pool, schema) => {
    if (!cached) return undefined;
    const cache = createPostgresReferenceCache({ pool, schema });
    open.push(cache);
    if (!(await cache.ready())) throw new Error('the reference cache does not listen');
    return cache;
  };
}
