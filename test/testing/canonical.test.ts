/**
 * The suites compare records as values: the same records with their keys in another order (as JSONB, or a row
 * mapper, hands them back) come out of `unordered` in the same order and compare equal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, unordered } from '../../src/testing/canonical.js';

/** `value` with every object's keys reversed, recursively. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversedKeys(v)]),
  );
}

describe('canonical comparison', () => {
  it('writes records equal as values the same, whatever their key order; lists keep their order', () => {
    const special = { customerGroupId: 1, priority: 2, price: { amount: '100.0000', currency: 'USD' } };
    expect(canonicalJson(reversedKeys(special))).toBe(canonicalJson(special));
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });

  it('puts the same records in the same order however their keys are ordered', () => {
    fc.assert(
      fc.property(fc.array(fc.object({ maxDepth: 2 }), { maxLength: 8 }), (records) => {
        const reordered = records.map(reversedKeys).reverse();
        expect(unordered(reordered)).toEqual(unordered(records));
        expect(unordered(reordered).map(canonicalJson)).toEqual(unordered(records).map(canonicalJson));
      }),
    );
  });
});
