/**
 * The weight weight-based shipping prices (src/domain/pricing/cart.ts): lines that ship, converted from
 * their product's weight class to the store's, summed exactly. Demo classes: 1 kg (1), 2 g (1000), 3 lb (2.2046).
 */
import { describe, expect, it } from 'vitest';
import { shippingWeight } from '../../../src/domain/pricing/cart.js';
import { data, priceItems, settings } from '../pricing/totals/fixtures.js';

describe('shippingWeight', () => {
  it('converts grams to the store’s kilograms: product 28 (146.4 g) and product 40 (10 kg)', () => {
    // 146.4 g ÷ 1000 = 0.1464 kg; + 10 kg = 10.1464 kg.
    const lines = priceItems([
      [28, 1],
      [40, 1],
    ]);
    expect(shippingWeight(lines, data.products, settings)).toBe('10.1464');
  });

  it('counts every unit of a line: product 28 × 3 is 439.2 g = 0.4392 kg', () => {
    expect(shippingWeight(priceItems([[28, 3]]), data.products, settings)).toBe('0.4392');
  });

  it('leaves out what does not ship: the MacBook (43) weighs nothing here', () => {
    const lines = priceItems([
      [43, 1],
      [40, 2],
    ]);
    expect(shippingWeight(lines, data.products, settings)).toBe('20.0000');
  });

  it('answers in the store’s class: in grams, product 40’s 10 kg is 10,000 g', () => {
    const grams = { ...settings, weightClassId: 2 };
    const lines = priceItems([
      [28, 1],
      [40, 1],
    ]);
    expect(shippingWeight(lines, data.products, grams)).toBe('10146.4000');
  });

  it('converts exactly, with no float: pounds to kilograms', () => {
    // 2.2046 lb = 1 kg exactly at the demo's rate; a float sum would drift.
    const product40 = data.products.get(40);
    if (product40 === undefined) throw new Error('demo product 40 missing');
    const [line] = priceItems([[40, 1]]);
    if (line === undefined) throw new Error('no line');
    const inPounds = new Map([[40, { ...product40, weightClassId: 3 }]]);
    expect(shippingWeight([{ ...line, weight: '2.2046' }], inPounds, settings)).toBe('1.0000');
  });

  it('takes a class the store does not list, or a product it was not given, as the store’s own', () => {
    const [line] = priceItems([[40, 1]]);
    if (line === undefined) throw new Error('no line');
    expect(shippingWeight([line], new Map([[40, { weightClassId: 99 }]]), settings)).toBe('10.0000');
    expect(shippingWeight([line], new Map(), settings)).toBe('10.0000');
  });

  it('is zero for no lines', () => {
    expect(shippingWeight([], data.products, settings)).toBe('0.0000');
  });
});
