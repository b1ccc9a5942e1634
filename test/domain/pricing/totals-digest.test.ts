/**
 * The totals digest: the same cart and totals always give the same short hash, however the options were
 * written; any change a customer would care about (a product, an option, a quantity, a total, a currency) gives
 * another.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/domain/order/canonical-json.js';
import {
  type DigestLine,
  type DigestTotal,
  totalsDigest,
} from '../../../src/domain/pricing/totals-digest.js';
import { money } from '../../../src/money/index.js';

const lines: DigestLine[] = [
  { productId: 30, options: [[226, '15']], quantity: 2 },
  {
    productId: 42,
    options: [
      [208, 'Test'],
      [218, '5'],
      [223, ['8', '10']],
    ],
    quantity: 1,
  },
];

/** The canonical text the digest is the hash of: each line's options as an object keyed by option id. */
function canonicalText(digested: readonly DigestLine[], shown: readonly DigestTotal[]): string {
  return canonicalJson({
    v: 1,
    lines: digested.map((l) => [
      l.productId,
      Object.fromEntries(l.options.map(([id, value]) => [String(id), value])),
      l.quantity,
    ]),
    totals: shown.map((t) => [t.code, t.value.amount, t.value.currency]),
  });
}

/** 16 hex digits of the SHA-256 of `text`, by node:crypto. */
const sha16 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
const totals: DigestTotal[] = [
  { code: 'sub_total', value: money('301.00', 'EUR') },
  { code: 'shipping', value: money('4.26', 'EUR') },
  { code: 'tax', value: money('61.05', 'EUR') },
  { code: 'total', value: money('366.31', 'EUR') },
];

describe('totalsDigest', () => {
  it('is 16 hex digits of the SHA-256 of the canonical lines and totals', () => {
    const digest = totalsDigest(lines, totals);
    expect(digest).toMatch(/^[0-9a-f]{16}$/);
    expect(digest).toBe(sha16(canonicalText(lines, totals)));
    // The digest a client was shown before options were written out by hand: digests did not change.
    expect(digest).toBe('27ea7a13ab845afd');
  });

  it('is the hash of the canonical text for any lines, options written in any order', () => {
    const option = fc.oneof(fc.string(), fc.array(fc.string(), { minLength: 1, maxLength: 3 }));
    const line = fc.record({
      productId: fc.integer({ min: 1, max: 1e6 }),
      options: fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 1e9 }), option), {
        selector: ([id]) => id,
        maxLength: 6,
      }),
      quantity: fc.integer({ min: 1, max: 1e4 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 4 }), (drawn) => {
        expect(totalsDigest(drawn, totals)).toBe(sha16(canonicalText(drawn, totals)));
      }),
    );
  });

  it('does not depend on the order the options were written in', () => {
    const reordered = [
      lines[0] as DigestLine,
      {
        productId: 42,
        options: [
          [223, ['8', '10']],
          [208, 'Test'],
          [218, '5'],
        ],
        quantity: 1,
      } as DigestLine,
    ];
    expect(totalsDigest(reordered, totals)).toBe(totalsDigest(lines, totals));
  });

  it('changes with a product, an option, a quantity, a total’s code or value, or the currency', () => {
    const base = totalsDigest(lines, totals);
    const changedLines: DigestLine[][] = [
      [{ ...(lines[0] as DigestLine), productId: 31 }, lines[1] as DigestLine],
      [{ ...(lines[0] as DigestLine), options: [[226, '16']] }, lines[1] as DigestLine],
      [{ ...(lines[0] as DigestLine), quantity: 3 }, lines[1] as DigestLine],
      [lines[0] as DigestLine],
    ];
    for (const changed of changedLines) expect(totalsDigest(changed, totals)).not.toBe(base);
    const changedTotals: DigestTotal[][] = [
      totals.map((t) => (t.code === 'shipping' ? { ...t, value: money('4.27', 'EUR') } : t)),
      totals.map((t) => (t.code === 'tax' ? { ...t, code: 'tax2' } : t)),
      totals.map((t) => ({ ...t, value: money(t.value.amount, 'USD') })),
      totals.slice(1),
    ];
    for (const changed of changedTotals) expect(totalsDigest(lines, changed)).not.toBe(base);
  });

  it('reads amounts as values: 4.2600 and 4.26 are the same total', () => {
    const written = totals.map((t) => (t.code === 'shipping' ? { ...t, value: money('4.2600', 'EUR') } : t));
    expect(totalsDigest(lines, written)).toBe(totalsDigest(lines, totals));
  });

  it('is the same for the same input and differs for any one-cent change (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            productId: fc.integer({ min: 1, max: 999 }),
            quantity: fc.integer({ min: 1, max: 99 }),
          }),
          { maxLength: 5 },
        ),
        fc.integer({ min: 0, max: 10_000_000 }),
        (raw, cents) => {
          const cartLines = raw.map((l) => ({ ...l, options: [] }));
          const total = (c: number) => [{ code: 'total', value: money((c / 100).toFixed(2), 'USD') }];
          expect(totalsDigest(cartLines, total(cents))).toBe(totalsDigest(cartLines, total(cents)));
          expect(totalsDigest(cartLines, total(cents + 1))).not.toBe(totalsDigest(cartLines, total(cents)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
