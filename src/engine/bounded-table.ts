/**
 * A table of values worked out from a key, bounded: once it holds `limit` keys it starts over, so no input can
 * make it grow without end. For pure results that are cheap to work out again and asked for again and again (an
 * e-mail address checked, a key written as JSON, the taxes on a price, how an amount is shown in a currency).
 * @module
 */

/** A bounded table of values by key. */
export interface BoundedTable<K, V> {
  /** The value kept for `key`, or undefined. */
  get(key: K): V | undefined;
  /** Keeps `value` for `key` (starting over first when the table is full); answers `value`. */
  keep(key: K, value: V): V;
}

/** A new, empty {@link BoundedTable} of at most `limit` keys. */
export function boundedTable<K, V>(limit: number): BoundedTable<K, V> {
  const table = new Map<K, V>();
  return {
    get: (key) => table.get(key),
    keep(key, value) {
      if (table.size >= limit) table.clear();
      table.set(key, value);
      return value;
    },
  };
}
