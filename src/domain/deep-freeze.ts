/**
 * The one way cartwright freezes a value all the way down: records a store hands out, sessions a store keeps,
 * offers shared between sessions, order drafts, what the engine's cache keeps. A frozen value can be handed out
 * and kept without a copy, and an attempt to change it throws in strict mode instead of silently changing what
 * somebody else holds.
 * @module
 */

/**
 * Freezes `value` and everything reachable from it, in place, and returns it. An object that is frozen already
 * is taken as frozen all the way down (everything frozen here is, and so is every Money), so parts shared with a
 * value frozen before (the unchanged parts of a new session, a record handed out again) cost one check each, not
 * a walk.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    for (const child of value) deepFreeze(child);
  } else {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return Object.freeze(value);
}
