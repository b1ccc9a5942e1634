/**
 * `memoryStore(snapshot)`: every port in this process's memory, over one store snapshot (the demo's from
 * `cartwright/demo`, or one of the host's own made with `createMemoryStoreData`).
 * @module
 */

import type { MemoryStoreData } from '../../demo/store-data.js';
import type { CheckoutStore } from '../../ports/store.js';
import { defineStore, describeValue, everyRequiredPort, wiringError } from '../store.js';
import { createMemoryAdapters } from './create-memory-adapters.js';

/**
 * A store's tables and settings as plain data: what `memoryStore` serves and `loadSnapshot` (PostgreSQL)
 * writes. `demoSnapshot()` of `cartwright/demo` is OpenCart's demo; `createMemoryStoreData(settings,
 * extensions)` starts an empty one to fill.
 */
export type StoreSnapshot = MemoryStoreData;

/** Options of {@link memoryStore}. */
export interface MemoryStoreOptions {
  /** See `MemorySessionStoreOptions.retentionSeconds`. */
  readonly sessionRetentionSeconds?: number | undefined;
  /** See `LoginThrottleLimits.maxFailures`. */
  readonly maxLoginFailures?: number | undefined;
  /** See `LoginThrottleLimits.maxFailuresPerIp`. */
  readonly maxLoginFailuresPerIp?: number | undefined;
  /** See `LoginThrottleLimits.windowSeconds`. */
  readonly loginWindowSeconds?: number | undefined;
}

/** Whether `value` has the tables of a snapshot. */
function isSnapshot(value: unknown): value is StoreSnapshot {
  const candidate = value as Partial<StoreSnapshot> | null | undefined;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    candidate.products instanceof Map &&
    candidate.apiUsers instanceof Map &&
    typeof candidate.settings === 'object'
  );
}

/**
 * Every port in memory over `snapshot`: catalog, directories and orders read and write its tables (orders
 * placed and stock moved change them, so give each store a snapshot of its own); sessions, failed logins and
 * accepted signatures live beside it, per process. The snapshot's settings and extension settings are the
 * checkout's defaults. Mount `redisSessions({ client })` to share sessions between processes.
 *
 * @example
 * ```ts
 * const checkout = createCheckout({ store: memoryStore(demoSnapshot({ apiKey })) });
 * ```
 */
export function memoryStore(snapshot: StoreSnapshot, options: MemoryStoreOptions = {}): CheckoutStore {
  if (!isSnapshot(snapshot)) {
    wiringError(
      `memoryStore takes a store snapshot (demoSnapshot() or createMemoryStoreData()), got ${describeValue(snapshot)}`,
    );
  }
  return defineStore({
    settings: snapshot.settings,
    extensions: snapshot.extensions,
    base: {
      name: 'memoryStore',
      provides: [...everyRequiredPort, 'outbox'],
      // No notifier: the memory one records every event, which a long-running process must not do.
      open: ({ clock }) => createMemoryAdapters(snapshot, { clock, ...options }),
    },
  });
}
