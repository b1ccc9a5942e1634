/**
 * The canonical JSON that confirm fingerprints are written in: keys sorted at every level, the keys that are array
 * indices first in numeric order. Fingerprints already stored (on sessions, on idempotency claims) were written
 * by a `JSON.stringify` whose replacer sorted every object's entries, so the text must stay byte for byte what
 * that gives: a repeated confirm is recognised by it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/domain/order/canonical-json.js';
import { money } from '../../../src/money/index.js';
import { sampleSession } from '../../../src/testing/index.js';

/** The way fingerprints were first written. */
function stringifiedSorted(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** Keys biased towards the ones whose order differs between numeric and code-unit sorting. */
const key = fc.oneof(
  fc.constantFrom('9', '10', '208', '007', '-1', '4294967294', '4294967295', 'b', 'a', 'A', '', 'é', '1e3'),
  fc.string(),
  fc.string({ unit: 'binary' }),
);

const value = fc.letrec((tie) => ({
  leaf: fc.oneof(
    fc.string(),
    fc.string({ unit: 'binary' }),
    fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u007f', '\ud800', 'a\udc00', '😀', '\u2028'),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
  ),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 5 }),
    fc.dictionary(key, tie('node'), { maxKeys: 6 }),
  ),
})).node;

describe('canonicalJson', () => {
  it('writes exactly what JSON.stringify with sorted entries writes', () => {
    fc.assert(
      fc.property(value, (input) => {
        expect(canonicalJson(input)).toBe(stringifiedSorted(input));
      }),
      { numRuns: 3000 },
    );
  });

  it('sorts objects of one shape alike every time, and objects of the same size but other keys by their own', () => {
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(canonicalJson({ b: 3, a: 4 })).toBe('{"a":4,"b":3}');
    expect(canonicalJson({ a: 5, b: 6 })).toBe('{"a":5,"b":6}');
    expect(canonicalJson({ d: 7, c: 8 })).toBe('{"c":8,"d":7}');
    expect(canonicalJson({ '10': 1, '9': 2 })).toBe('{"9":2,"10":1}');
    for (let n = 0; n < 20; n += 1) {
      expect(canonicalJson({ [`k${n}`]: n, z: 0 })).toBe(`{"k${n}":${n},"z":0}`);
    }
    expect(canonicalJson({ b: 9, a: 10 })).toBe('{"a":10,"b":9}');
  });

  it('writes a session, Money, sparse lists and dates as before', () => {
    const session = sampleSession({
      id: 's1',
      now: '2026-03-02T10:00:00.000Z',
      expiresAt: '2026-03-02T11:00:00.000Z',
    });
    // biome-ignore lint/suspicious/noSparseArray: a hole is written as null, as JSON.stringify writes it.
    const odd = { session, price: money('19.99', 'USD'), holes: [1, , 3], when: new Date(0), f: () => 1 };
    expect(canonicalJson(odd)).toBe(stringifiedSorted(odd));
  });
});
