/**
 * Deep freezing for the records the memory adapters hand out.
 * @module
 */

/** Objects already frozen all the way down, so that freezing a record a second time costs one look-up. */
const deeplyFrozen = new WeakSet<object>();

/**
 * Freezes `value` and everything reachable from it, in place, and returns it. The memory tables hold records
 * that callers must not be able to change: a frozen record can be handed out without a copy, and an attempt
 * to change it throws in strict mode instead of silently corrupting the store.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || deeplyFrozen.has(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  Object.freeze(value);
  deeplyFrozen.add(value);
  return value;
}

/**
 * A deep copy of `value`, frozen. Used for what callers pass in (drafts, events): the store must not keep a
 * reference the caller can still change.
 */
export function frozenCopy<T>(value: T): T {
  return deepFreeze(structuredClone(value));
}
