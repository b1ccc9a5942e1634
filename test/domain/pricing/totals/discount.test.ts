/**
 * Spreading an amount exactly (src/domain/totals/spread.ts) and the percentage taxes a discount removes
 * (src/domain/totals/discount.ts).
 */
import { describe, expect, it } from 'vitest';
import { applyDiscount, percentTaxesOn } from '../../../../src/domain/pricing/totals/discount.js';
import { decimalPlacesOf, spread } from '../../../../src/domain/pricing/totals/spread.js';
import { money } from '../../../../src/money/index.js';
import { totalsContext, US_ADDRESS, usd } from './fixtures.js';

const amounts = (list: readonly { amount: string }[]) => list.map((m) => m.amount);

describe('spread', () => {
  it('splits at the finest places in play, so the parts add up exactly', () => {
    expect(amounts(spread(usd('10'), [usd('1'), usd('1'), usd('1')]))).toEqual([
      '3.3334',
      '3.3333',
      '3.3333',
    ]);
    expect(amounts(spread(usd('0.00001'), [usd('1'), usd('1')]))).toEqual(['0.00001', '0.0000']);
  });

  it('gives nothing to a zero or negative weight', () => {
    expect(amounts(spread(usd('10'), [usd('0'), usd('-5'), usd('2')]))).toEqual([
      '0.0000',
      '0.0000',
      '10.0000',
    ]);
  });

  it('gives no part without weights', () => {
    expect(spread(usd('10'), [])).toEqual([]);
  });

  it('counts decimal places', () => {
    expect(decimalPlacesOf(usd('1'))).toBe(4);
    expect(decimalPlacesOf(money('0.00666', 'USD'))).toBe(5);
  });
});

describe('percentTaxesOn', () => {
  it('keeps the percentage rates and leaves the fixed ones out', () => {
    const taxes = percentTaxesOn(totalsContext([]), usd('10'), 9);
    expect(taxes.map((t) => [t.taxRateId, t.amount.amount])).toEqual([[86, '2.0000']]);
  });

  it('is empty where no rate applies', () => {
    expect(percentTaxesOn(totalsContext([], { address: US_ADDRESS }), usd('10'), 9)).toEqual([]);
  });
});

describe('applyDiscount', () => {
  const line = { code: 'd', title: 'D', sortOrder: 4 };
  const state = { lines: [], taxes: {}, total: usd('50') };

  it('ignores parts that are not positive', () => {
    const after = applyDiscount(state, totalsContext([]), line, [
      { amount: usd('-5'), taxClassId: 9 },
      { amount: usd('5'), taxClassId: 0 },
    ]);
    expect(after.lines).toEqual([{ ...line, value: usd('-5') }]);
    expect(after.taxes).toEqual({});
  });

  it('adds nothing for an empty discount', () => {
    expect(applyDiscount(state, totalsContext([]), line, [])).toBe(state);
  });
});
