/**
 * Deterministic ids for tests.
 * @module
 */
import { CartwrightInvariantError } from '../domain/errors.js';
import type { IdGenerator, IdKind } from '../ports/id-generator.js';

/** Characters allowed in a prefix: the session-id alphabet. */
const PREFIX_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * An {@link IdGenerator} that counts: `<prefix>-<kind>-1`, `<prefix>-<kind>-2`, … with one counter per kind
 * (`id-session-1`, `id-cart-1`, `id-cart-2`, `id-session-2`). Two generators with the same prefix give the same
 * sequence, so tests can name the ids they expect.
 *
 * The ids use only `[A-Za-z0-9_-]`, like real session ids, but they are guessable: never use this outside tests.
 *
 * @param prefix - Non-empty, made of `[A-Za-z0-9_-]` only; defaults to `"id"`.
 * @throws CartwrightInvariantError for an empty prefix or one with other characters.
 */
export function createSequentialIds(prefix = 'id'): IdGenerator {
  if (typeof prefix !== 'string' || !PREFIX_PATTERN.test(prefix)) {
    throw new CartwrightInvariantError(
      `createSequentialIds: the prefix must be non-empty and use [A-Za-z0-9_-] only, got ${JSON.stringify(prefix)}`,
    );
  }
  const counters = new Map<IdKind, number>();
  return {
    newId(kind: IdKind): string {
      if (typeof kind !== 'string' || !PREFIX_PATTERN.test(kind)) {
        throw new CartwrightInvariantError(`createSequentialIds: unknown id kind ${JSON.stringify(kind)}`);
      }
      const next = (counters.get(kind) ?? 0) + 1;
      counters.set(kind, next);
      return `${prefix}-${kind}-${next}`;
    },
  };
}
