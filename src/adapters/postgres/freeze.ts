/**
 * Deep freezing for the records the PostgreSQL adapters hand out, as the memory adapters do: a caller cannot
 * change a record it was given, in either adapter.
 * @module
 */

/** Freezes `value` and everything reachable from it, in place, and returns it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}
