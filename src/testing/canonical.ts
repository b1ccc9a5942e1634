/**
 * Comparing records as values, whatever the order of their keys. A store may hand back the same record with its
 * keys in another order (PostgreSQL's JSONB keeps keys sorted by length, then bytes; a row mapper writes them in
 * its own order); that is the same record, so nothing the suites compare may depend on key order.
 * @module
 */

/** `value` with every object's keys in code-point order, recursively; lists keep their order. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value !== 'object' || value === null) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    sorted[key] = sortedKeys((value as Record<string, unknown>)[key]);
  return sorted;
}

/** The JSON text of `value` with every object's keys sorted: equal for records equal as values. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedKeys(value)) ?? 'undefined';
}

/**
 * `items` in one canonical order, for lists whose order carries no meaning: by their canonical JSON, so two lists
 * of the same records come out in the same order however each record's keys are ordered.
 */
export function unordered<T>(items: readonly T[]): T[] {
  const keyed = items.map((item) => ({ item, key: canonicalJson(item) }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ item }) => item);
}
