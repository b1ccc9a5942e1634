/**
 * The reference cache: products, categories, geography, tax rules and rates, customer groups, custom fields and
 * API users kept in process memory, and dropped when PostgreSQL says they changed.
 * @module
 */
import { CartwrightInvariantError } from '../../domain/errors.js';
import { deadlineOption } from '../deadline.js';
import { CacheEntries, type CacheKind, droppedBy } from './cache-entries.js';
import { ChangeListener } from './change-listener.js';
import { quoteSchema } from './identifiers.js';
import type { PgListenPoolLike } from './pool.js';

/** Options of {@link createPostgresReferenceCache}. */
export interface PostgresReferenceCacheOptions {
  /**
   * The pool to take the listening connection from (the adapters' `pg.Pool`): one of its connections is held
   * for as long as the cache is open, so call {@link PostgresReferenceCache.close} before `pool.end()`.
   */
  readonly pool: PgListenPoolLike;
  /** The schema of cartwright's tables, as given to the adapters (undefined: the `search_path`'s). */
  readonly schema?: string | undefined;
  /**
   * The longest connecting and `LISTEN`, or one heartbeat, may take, in milliseconds; default 2000. Reads are
   * bounded by the adapters' own deadline.
   */
  readonly deadlineMs?: number | undefined;
  /**
   * How often the listening connection is asked `SELECT 1`, in milliseconds; default 1000. A connection that
   * went silent without closing (a network that drops packets) is found within this plus the deadline, and
   * the cache stops serving from memory then.
   */
  readonly heartbeatMs?: number | undefined;
  /** How long to wait before listening again after the connection was lost, in milliseconds; default 1000. */
  readonly retryMs?: number | undefined;
  /** The most records of one kind kept (the oldest are forgotten first); default 10,000. */
  readonly maxEntries?: number | undefined;
}

/**
 * Reference data kept in memory while a connection listens for change notices (see
 * {@link createPostgresReferenceCache}). Pass it to the adapters as their `cache` option.
 */
export interface PostgresReferenceCache {
  /** The schema it listens for, as given. */
  readonly schema: string | undefined;
  /** True while the listening connection is up: records are served from memory. */
  isServing(): boolean;
  /** Resolves once the connection listens (true), or once the current attempt failed (false). */
  ready(): Promise<boolean>;
  /** Stops listening, closes its connection and forgets every record. Call it before ending the pool. */
  close(): Promise<void>;
}

/** The cache as the adapters use it: a read goes to memory while listening, else to the database. */
export interface ReferenceReads {
  /** The record of `key`: kept, or read by `load` (and kept while listening). */
  read<T>(kind: CacheKind, key: string, load: () => Promise<T>): Promise<T>;
  /** The records of `ids` in that order (undefined: none), those not kept read together by `load`. */
  readMany<T>(
    kind: CacheKind,
    ids: readonly number[],
    load: (missing: readonly number[]) => Promise<ReadonlyMap<number, T>>,
  ): Promise<readonly (T | undefined)[]>;
  /** Forgets the records of `ids` (this process changed them), or the whole kind. */
  forget(kind: CacheKind, ids?: readonly number[]): void;
}

/** No cache: every read goes to the database. */
export const readThrough: ReferenceReads = {
  read: (_kind, _key, load) => load(),
  readMany: async (_kind, ids, load) => {
    const found = await load(ids);
    return ids.map((id) => found.get(id));
  },
  forget: () => undefined,
};

/** The reads behind each cache handed out. */
const readsOf = new WeakMap<PostgresReferenceCache, ReferenceReads>();

/** A positive whole number of milliseconds (or count), else throws naming `name`. */
function positive(value: number | undefined, fallback: number, name: string): number {
  const chosen = value ?? fallback;
  if (!Number.isSafeInteger(chosen) || chosen < 1) {
    throw new CartwrightInvariantError(
      `createPostgresReferenceCache: ${name} must be a positive whole number, got ${String(value)}`,
    );
  }
  return chosen;
}

/** The reads of `cache` (undefined: read through), checked against the adapters' schema. */
export function referenceReads(
  cache: PostgresReferenceCache | undefined,
  schema: string | undefined,
): ReferenceReads {
  if (cache === undefined) return readThrough;
  const reads = readsOf.get(cache);
  if (reads === undefined || cache.schema !== schema) {
    throw new CartwrightInvariantError(
      'postgres: the cache option must come from createPostgresReferenceCache, for the adapters’ own schema',
    );
  }
  return reads;
}

/** The reads over `entries` while `listener` listens, through to the database otherwise. */
function cachedReads(entries: CacheEntries, listener: ChangeListener): ReferenceReads {
  /** True when records may be served and kept; otherwise the listener is asked to start again. */
  const serving = () => {
    if (listener.isListening()) return true;
    void listener.ensure();
    return false;
  };
  return {
    read(kind, key, load) {
      if (!serving()) return load();
      return entries.get(kind, key) ?? entries.set(kind, key, load());
    },
    readMany<T>(
      kind: CacheKind,
      ids: readonly number[],
      load: (missing: readonly number[]) => Promise<ReadonlyMap<number, T>>,
    ) {
      if (!serving()) return readThrough.readMany(kind, ids, load);
      const kept = ids.map((id) => entries.get<T | undefined>(kind, String(id)));
      const missing = ids.filter((_id, index) => kept[index] === undefined);
      const batch = missing.length === 0 ? undefined : load(missing);
      return Promise.all(
        ids.map((id, index) => {
          const record = kept[index];
          if (record !== undefined || batch === undefined) return record;
          return entries.set(
            kind,
            String(id),
            batch.then((found) => found.get(id)),
          );
        }),
      );
    },
    forget(kind, ids) {
      if (ids === undefined) entries.drop({ kind });
      else for (const id of ids) entries.drop({ kind, key: String(id) });
    },
  };
}

/**
 * Keeps reference data in process memory, correct to within the delay of a PostgreSQL notice: products (with
 * their stock), categories, geo zones, countries with their zones, tax rules and rates, customer groups, custom
 * fields and API users. Orders, customers, coupons and ledgers are always read from the database.
 *
 * - One connection of `pool` listens (`LISTEN`) on the schema's channel; the triggers of migration 7 send a
 *   notice when a transaction that changed a reference table commits, and the cache forgets what changed (one
 *   product, or a whole kind) as the notice arrives. Any process, pool or tool writing to the tables is seen
 *   that way; the writes of this process's order repository and stock are forgotten at once too.
 * - Records are kept only while the connection listens. Until it does, after it failed, or when its heartbeat
 *   goes unanswered, every read goes to the database and nothing is kept; listening again starts from empty.
 * - Kept records are deep-frozen and shared: one request gets the very object an earlier one got.
 *
 * Pass the cache to the adapters (`createPostgresAdapters({ pool, schema, cache })`) and close it before
 * ending the pool.
 *
 * @example
 * ```ts
 * const cache = createPostgresReferenceCache({ pool, schema: 'shop' });
 * const ports = createPostgresAdapters({ pool, schema: 'shop', currency: 'GBP', cache });
 * // on shutdown
 * await cache.close();
 * await pool.end();
 * ```
 */
export function createPostgresReferenceCache(options: PostgresReferenceCacheOptions): PostgresReferenceCache {
  const { schema } = options;
  if (schema !== undefined) quoteSchema(schema);
  const entries = new CacheEntries(positive(options.maxEntries, 10_000, 'maxEntries'));
  const forgetAll = () => entries.drop({ kind: 'all' });
  const listener = new ChangeListener({
    pool: options.pool,
    schema,
    deadlineMs: deadlineOption(options.deadlineMs, 'createPostgresReferenceCache'),
    heartbeatMs: positive(options.heartbeatMs, 1_000, 'heartbeatMs'),
    retryMs: positive(options.retryMs, 1_000, 'retryMs'),
    events: {
      listening: forgetAll,
      lost: forgetAll,
      notice: (payload) => entries.drop(droppedBy(payload)),
    },
  });
  void listener.ensure();
  const cache: PostgresReferenceCache = {
    schema,
    isServing: () => listener.isListening(),
    ready: () => listener.ensure(),
    close: async () => {
      await listener.close();
      forgetAll();
    },
  };
  readsOf.set(cache, cachedReads(entries, listener));
  return cache;
}
