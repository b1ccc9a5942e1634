/**
 * A table of values worked out from a text key, bounded: once it holds `limit` keys it starts over, so no input
 * can make it grow without end. For pure results that are cheap to work out again and asked for again and
 * again (how an amount is shown in a currency).
 * @module
 */

/** A bounded table of values by text key. */
export interface BoundedTable<T> {
  /** The value kept for `key`, or undefined. */
  get(key: string): T | undefined;
  /** Keeps `value` for `key` (starting over first when the table is full); answers `value`. */
  keep(key: string, value: T): T;
}

/** A new, empty {@link BoundedTable} of at most `limit` keys. */
export function boundedTable<T>(limit: number): BoundedTable<T> {
  const table = new Map<string, T>();
  return {
    get: (key) => table.get(key),
    keep(key, value) {
      if (table.size >= limit) table.clear();
      table.set(key, value);
      return value;
    },
  };
}
