/**
 * Freezing what the engine hands over for keeps: offers shared between sessions, an order draft a repository
 * stores. A frozen value can be kept as it is, where an unfrozen one must be copied first.
 * @module
 */

/**
 * `value` and everything in it, frozen, in place. An object that is frozen already is taken as frozen all the
 * way down (everything the engine freezes is, and so is every Money), so parts shared with something frozen
 * before are not walked again.
 */
export function freezeAll<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) freezeAll((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
