/**
 * Property tests for src/domain/pricing: the unit price is a function of the line's options as a set (not of key
 * or checkbox order), and the quantity-discount tier never raises the price as the quantity grows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import type { CartOptionValue } from '../../src/domain/machine/session.js';
import { optionSurcharge, unitPrice } from '../../src/domain/pricing/unit-price.js';
import type { Product } from '../../src/domain/records/catalog.js';
import { compare } from '../../src/money/index.js';

const RUNS = { numRuns: 1000 };
const today = '2026-06-01';

const p42: Product = (() => {
  const p = demoStore().data.products.get(42);
  if (p === undefined) throw new Error('demo product 42 missing');
  return p;
})();

/** Every value id of product 42 (all options), plus ids on no option, as strings. */
const anyValueId = fc.oneof(
  fc.constantFrom(...p42.options.flatMap((o) => o.values.map((v) => String(v.productOptionValueId)))),
  fc.integer({ min: 0, max: 60 }).map(String),
);

/** An option value for any option key: a scalar id or text, or a list of ids. */
const optionValue: fc.Arbitrary<CartOptionValue> = fc.oneof(
  anyValueId,
  fc.string({ maxLength: 5 }),
  fc.array(anyValueId, { maxLength: 6 }),
);

/** Options of product 42 (and a few keys not on it), as entries in generation order. */
const optionEntries = fc.uniqueArray(
  fc.tuple(
    fc.oneof(
      fc.constantFrom(...p42.options.map((o) => String(o.productOptionId))),
      fc.integer({ min: 1, max: 300 }).map(String),
    ),
    optionValue,
  ),
  { selector: ([key]) => key, maxLength: 12 },
);

/** The same entries, reordered, with every checkbox list (any array value) reordered too. */
function reorder(entries: readonly (readonly [string, CartOptionValue])[]) {
  return fc
    .tuple(
      fc.shuffledSubarray([...entries], { minLength: entries.length, maxLength: entries.length }),
      fc.array(fc.nat(), { minLength: 1, maxLength: 32 }),
    )
    .map(
      ([shuffled, seeds]) =>
        Object.fromEntries(
          shuffled.map(([key, value], i) => {
            if (typeof value === 'string') return [key, value];
            // rotate and reverse deterministically from a seed: a different order of the same list
            const list = [...value];
            const seed = seeds[i % seeds.length] ?? 0;
            const k = list.length === 0 ? 0 : seed % list.length;
            const rotated = [...list.slice(k), ...list.slice(0, k)];
            return [key, seed % 2 === 0 ? rotated : rotated.reverse()];
          }),
        ) as Record<string, CartOptionValue>,
    );
}

describe('pricing properties', () => {
  it('the unit price does not depend on the order of option keys nor of checkbox values', () => {
    fc.assert(
      fc.property(
        optionEntries.chain((entries) => fc.tuple(fc.constant(entries), reorder(entries))),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(1, 2),
        ([entries, reordered], productQuantity, customerGroupId) => {
          const original = Object.fromEntries(entries) as Record<string, CartOptionValue>;
          const common = { product: p42, subscriptionPlanId: 0, customerGroupId, productQuantity, today };
          const a = unitPrice({ ...common, options: original });
          const b = unitPrice({ ...common, options: reordered });
          expect(b).toEqual(a);
          expect(optionSurcharge(p42, reordered)).toEqual(optionSurcharge(p42, original));
        },
      ),
      RUNS,
    );
  });

  it('a larger productQuantity never gives a higher unit price for product 42 with fixed options', () => {
    fc.assert(
      fc.property(
        optionEntries,
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(1, 2),
        (entries, q, extra, customerGroupId) => {
          const options = Object.fromEntries(entries) as Record<string, CartOptionValue>;
          const common = { product: p42, options, subscriptionPlanId: 0, customerGroupId, today };
          const small = unitPrice({ ...common, productQuantity: q });
          const large = unitPrice({ ...common, productQuantity: q + extra });
          expect(compare(large.price, small.price)).toBeLessThanOrEqual(0);
        },
      ),
      RUNS,
    );
  });
});
