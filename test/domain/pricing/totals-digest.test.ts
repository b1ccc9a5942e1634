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
  { productId: 30, options: { '226': '15' }, quantity: 2 },
  { productId: 42, options: { '218': '5', '223': ['8', '10'], '208': 'Test' }, quantity: 1 },
];
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
    const text = canonicalJson({
      v: 1,
      lines: lines.map((l) => [l.productId, l.options, l.quantity]),
      totals: totals.map((t) => [t.code, t.value.amount, t.value.currency]),
    });
    expect(digest).toBe(createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16));
  });

  it('is the hash of the canonical text for any lines, options written in any order', () => {
    const option = fc.oneof(fc.string(), fc.array(fc.string(), { minLength: 1, maxLength: 3 }));
    const line = fc.record({
      productId: fc.integer({ min: 1, max: 1e6 }),
      options: fc.dictionary(fc.integer({ min: 1, max: 1e9 }).map(String), option, { maxKeys: 6 }),
      quantity: fc.integer({ min: 1, max: 1e4 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 4 }), (drawn) => {
        const text = canonicalJson({
          v: 1,
          lines: drawn.map((l) => [l.productId, l.options, l.quantity]),
          totals: totals.map((t) => [t.code, t.value.amount, t.value.currency]),
        });
        const expected = createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);
        expect(totalsDigest(drawn, totals)).toBe(expected);
      }),
    );
  });

  it('does not depend on the order the options were written in', () => {
    const reordered = [
      lines[0] as DigestLine,
      { productId: 42, options: { '208': 'Test', '223': ['8', '10'], '218': '5' }, quantity: 1 },
    ];
    expect(totalsDigest(reordered, totals)).toBe(totalsDigest(lines, totals));
  });

  it('changes with a product, an option, a quantity, a total’s code or value, or the currency', () => {
    const base = totalsDigest(lines, totals);
    const changedLines: DigestLine[][] = [
      [{ ...(lines[0] as DigestLine), productId: 31 }, lines[1] as DigestLine],
      [{ ...(lines[0] as DigestLine), options: { '226': '16' } }, lines[1] as DigestLine],
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
          const cartLines = raw.map((l) => ({ ...l, options: {} }));
          const total = (c: number) => [{ code: 'total', value: money((c / 100).toFixed(2), 'USD') }];
          expect(totalsDigest(cartLines, total(cents))).toBe(totalsDigest(cartLines, total(cents)));
          expect(totalsDigest(cartLines, total(cents + 1))).not.toBe(totalsDigest(cartLines, total(cents)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
