/**
 * Property tests for src/domain/pricing: the unit price is a function of the line's options as a set (not of key
 * or checkbox order), the quantity-discount tier never raises the price as the quantity grows, and both discount
 * types price as they say: a fixed price plus the options, or a percentage off the price with its options.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../src/adapters/memory/index.js';
import type { CartOptionValue } from '../../src/domain/machine/session.js';
import { optionSurcharge, unitPrice } from '../../src/domain/pricing/unit-price.js';
import type { Product, ProductDiscount } from '../../src/domain/records/catalog.js';
import { compare, type Money, money, percent, subtract, zero } from '../../src/money/index.js';

const RUNS = { numRuns: 1000 };
const today = '2026-06-01';
const usd = (amount: string) => money(amount, 'USD');

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

/** A decimal string with four places from a whole number of ten-thousandths, e.g. 125000 → `"12.5000"`. */
const fourPlaces = (units: number) =>
  `${Math.trunc(units / 10_000)}.${String(units % 10_000).padStart(4, '0')}`;

/** A percentage from 0 to 100, four decimal places. */
const percentUnits = fc.integer({ min: 0, max: 1_000_000 });
const percentArb = percentUnits.map(fourPlaces);
/** A fixed price from 0.00 to 999.99. */
const fixedPriceArb = fc.integer({ min: 0, max: 99_999 }).map((cents) => usd(fourPlaces(cents * 100)));

const terms = { customerGroupId: 1, quantity: 1, priority: 1, dateStart: null, dateEnd: null };
const fixed = (price: Money): ProductDiscount => ({ ...terms, type: 'F', price });
const percentage = (percent: string): ProductDiscount => ({ ...terms, type: 'P', percent });
/** Product 42 with exactly `discounts`, from one unit on. */
const with42 = (discounts: readonly ProductDiscount[]): Product => ({ ...p42, discounts, specials: [] });

describe('discount type properties', () => {
  const priceOf = (product: Product, options: Record<string, CartOptionValue>) =>
    unitPrice({ product, options, subscriptionPlanId: 0, customerGroupId: 1, productQuantity: 1, today })
      .price;

  it('P takes exactly that percentage off the price with options: 0 ≤ discounted ≤ undiscounted', () => {
    fc.assert(
      fc.property(optionEntries, percentArb, (entries, pct) => {
        const options = Object.fromEntries(entries) as Record<string, CartOptionValue>;
        const list = priceOf(with42([]), options);
        const price = priceOf(with42([percentage(pct)]), options);
        expect(price).toEqual(subtract(list, percent(list, pct)));
        expect(compare(price, zero('USD'))).toBeGreaterThanOrEqual(0);
        expect(compare(price, list)).toBeLessThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('a larger percentage never gives a higher price', () => {
    fc.assert(
      fc.property(optionEntries, percentUnits, percentUnits, (entries, a, b) => {
        const options = Object.fromEntries(entries) as Record<string, CartOptionValue>;
        const [low, high] = [fourPlaces(Math.min(a, b)), fourPlaces(Math.max(a, b))];
        const cheaper = priceOf(with42([percentage(high)]), options);
        const dearer = priceOf(with42([percentage(low)]), options);
        expect(compare(cheaper, dearer)).toBeLessThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('F replaces the product price and keeps the options: price − options = the fixed price', () => {
    fc.assert(
      fc.property(optionEntries, fixedPriceArb, (entries, price) => {
        const options = Object.fromEntries(entries) as Record<string, CartOptionValue>;
        const surcharge = optionSurcharge(p42, options).price;
        expect(subtract(priceOf(with42([fixed(price)]), options), surcharge)).toEqual(price);
      }),
      RUNS,
    );
  });

  it('among rows of one quantity and priority, the line gets the lowest price any one of them gives', () => {
    const row = fc.oneof(fixedPriceArb.map(fixed), percentArb.map(percentage));
    fc.assert(
      fc.property(optionEntries, fc.array(row, { minLength: 1, maxLength: 5 }), (entries, rows) => {
        const options = Object.fromEntries(entries) as Record<string, CartOptionValue>;
        const alone = rows.map((r) => priceOf(with42([r]), options));
        const lowest = alone.reduce((a, b) => (compare(a, b) <= 0 ? a : b));
        expect(priceOf(with42(rows), options)).toEqual(lowest);
      }),
      RUNS,
    );
  });
});
