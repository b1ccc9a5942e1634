/**
 * `cartwright/adapters/postgres`: orders and catalog in PostgreSQL. The repository, catalog and migrations
 * arrive with the real-stores issue; this entry point fixes the structural pool type hosts pass in.
 * @module
 */
export type { PgPoolLike, PoolClientLike, QueryResultLike } from './pool.js';
