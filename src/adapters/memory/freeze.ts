/**
 * Frozen copies of what callers hand the memory adapters (drafts, events), so that the store never keeps a
 * reference the caller can still change; and list comparison for the adapters' read caches.
 * @module
 */
import { deepFreeze } from '../../domain/deep-freeze.js';

/**
 * A deep copy of `value`, frozen. Used for what callers pass in (drafts, events): the store must not keep a
 * reference the caller can still change. A value frozen already is kept as it is (see `deepFreeze`): the
 * engine hands over its order drafts frozen, and nobody can change them.
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value === 'object' && value !== null && Object.isFrozen(value)) return value;
  return deepFreeze(plainCopy(value, 0));
}

/** How deep {@link plainCopy} copies by itself; deeper data (or a cycle) is left to `structuredClone`. */
const MAX_PLAIN_DEPTH = 32;

/**
 * A deep copy of `value`. Plain objects and arrays (what drafts and events are made of) are copied here, and what
 * is frozen in them is kept as it is (nobody can change it: a Money, a record the store handed out); anything else,
 * or data nested deeper than a draft ever is, is copied by `structuredClone`, which costs far more.
 */
function plainCopy<T>(value: T, depth: number): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (depth > MAX_PLAIN_DEPTH) return structuredClone(value);
  if (Array.isArray(value)) return value.map((item: unknown) => plainCopy(item, depth + 1)) as T;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  for (const key of Object.keys(value))
    copy[key] = plainCopy((value as Record<string, unknown>)[key], depth + 1);
  return copy as T;
}

/**
 * `previous` when `next` holds the same records in the same order, else `next`: an answer that says what the last
 * one said is the same (frozen) object, so a caller may remember what it worked out from it.
 */
export function sameList<T>(previous: readonly T[] | undefined, next: readonly T[]): readonly T[] {
  if (previous === undefined || previous.length !== next.length) return next;
  for (let i = 0; i < next.length; i += 1) if (previous[i] !== next[i]) return next;
  return previous;
}
