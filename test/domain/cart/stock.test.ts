/**
 * Stock counting (src/domain/cart/stock): product and option-value units across every line of a cart, counted
 * once, and the same answers as counting line by line (a property over random carts of the demo's product 42).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoStore } from '../../../src/adapters/memory/index.js';
import {
  chosenOptionValues,
  countStock,
  hasEnoughStock,
  productUnits,
  type StockEntry,
  shortOptionValues,
} from '../../../src/domain/cart/stock.js';
import type { Product } from '../../../src/domain/records/catalog.js';
import { withInstalledStock } from '../../support/installed-stock.js';

/** The demo catalog with OpenCart's installed stock (the demo itself gives product 30 a million units). */
const data = withInstalledStock(demoStore().data);

function product(id: number): Product {
  const p = data.products.get(id);
  if (p === undefined) throw new Error(`demo product ${id} missing`);
  return p;
}

/** Product 30's option 226 (select): value 15 Red has 2 in stock, 16 Blue 5, both with subtract. */
const red = (quantity: number): StockEntry => ({ productId: 30, quantity, options: { '226': '15' } });
const blue = (quantity: number): StockEntry => ({ productId: 30, quantity, options: { '226': '16' } });

describe('stock across the lines of a cart', () => {
  it('counts a product over every line, whatever the options', () => {
    const entries = [red(1), blue(3), { productId: 40, quantity: 7, options: {} }];
    expect(productUnits(entries, 30)).toBe(4);
    expect(countStock(entries).productUnits(40)).toBe(7);
    expect(countStock(entries).productUnits(28)).toBe(0);
  });

  it('an option value is short when the lines choosing it together exceed its stock', () => {
    const canon = product(30);
    expect(hasEnoughStock(canon, red(1).options, [red(1), red(1)])).toBe(true); // 2 of 2 Red
    const short = shortOptionValues(canon, red(1).options, [red(1), red(2)]); // 3 of 2 Red
    expect(short.map((c) => c.value.productOptionValueId)).toEqual([15]);
    // Blue has its own stock: 3 Red lines do not make Blue short.
    expect(shortOptionValues(canon, blue(1).options, [red(3), blue(1)])).toEqual([]);
  });

  it('a checkbox value listed twice in one line counts that line once', () => {
    const cinema = product(42);
    const line: StockEntry = { productId: 42, quantity: 3, options: { '223': ['8', '8'] } };
    expect(countStock([line]).valueUnits(cinema, 8)).toBe(3);
  });

  it('one count answers as counting line by line does (property)', () => {
    const cinema = product(42);
    const valueIds = [5, 6, 7, 8, 9, 10, 11, 1, 2, 3, 4];
    const entry = fc.record({
      productId: fc.constantFrom(42, 40),
      quantity: fc.integer({ min: 1, max: 50 }),
      options: fc.record({
        '218': fc.constantFrom('5', '6', '7'),
        '223': fc.uniqueArray(fc.constantFrom('8', '9', '10', '11'), { maxLength: 4 }),
        '217': fc.constantFrom('1', '2', '3', '4'),
      }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        const count = countStock(entries);
        for (const id of valueIds) {
          const naive = entries
            .filter((e) => e.productId === 42)
            .filter((e) =>
              chosenOptionValues(cinema, e.options).some((c) => c.value.productOptionValueId === id),
            )
            .reduce((units, e) => units + e.quantity, 0);
          expect(count.valueUnits(cinema, id)).toBe(naive);
        }
        expect(count.productUnits(42)).toBe(
          entries.filter((e) => e.productId === 42).reduce((units, e) => units + e.quantity, 0),
        );
      }),
      { numRuns: 1_000 },
    );
  });
});
