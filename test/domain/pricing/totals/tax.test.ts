/**
 * The `tax` step (src/domain/totals/tax.ts): the cart lines' taxes join the taxes other steps added, once, and
 * every rate above zero becomes a line.
 */
import { describe, expect, it } from 'vitest';
import {
  createTaxCalculator,
  lineTaxes,
  taxCalculator,
  taxLines,
} from '../../../../src/domain/pricing/totals/tax.js';
import { sum, zero } from '../../../../src/money/index.js';
import type { TaxAmount, TotalsState } from '../../../../src/ports/total-calculator.js';
import { CINEMA, priceItems, totalsContext, US_ADDRESS, usd } from './fixtures.js';

const empty: TotalsState = { lines: [], taxes: {}, total: zero('USD') };

describe('lineTaxes', () => {
  it('taxes each line: P on price × quantity, F per unit', () => {
    const context = totalsContext(priceItems([[40, 3]]));
    expect(lineTaxes(context).map((t) => [t.taxRateId, t.amount.amount])).toEqual([
      [86, '60.6000'], // 20 % of 3 × 101
      [87, '6.0000'], // 2 per unit
    ]);
  });

  it('taxes lines of one price together, as much as each line taxed on its own', () => {
    // Three lines of product 42 differing only in their text choose the same values: one price, 2 + 1 + 4 units.
    const lines = priceItems([
      [42, 2, { ...CINEMA, '208': 'a' }],
      [40, 1],
      [42, 1, { ...CINEMA, '208': 'b' }],
      [42, 4, { ...CINEMA, '208': 'c' }],
    ]);
    const context = totalsContext(lines);
    const oneByOne = lines.flatMap((line) => context.taxesOn(line.price, line.taxClassId, line.quantity));
    const byRate = (taxes: readonly TaxAmount[]) =>
      Object.fromEntries(
        [86, 87].map((id) => [
          id,
          sum(
            taxes.filter((t) => t.taxRateId === id).map((t) => t.amount),
            'USD',
          ).amount,
        ]),
      );
    expect(lineTaxes(context)).toHaveLength(4); // two rates for each of the two prices
    expect(byRate(lineTaxes(context))).toEqual(byRate(oneByOne));
  });

  it('follows each rule’s basis: a class-10 line to a US address pays only the store-based eco tax', () => {
    // No demo product is in class 10 (OpenCart 4.1 moved the MacBook, 43, to class 9): the line is made so.
    const downloadable = priceItems([[43, 1]]).map((line) => ({ ...line, taxClassId: 10 }));
    const context = totalsContext(downloadable, { address: US_ADDRESS });
    // class 10: VAT on the payment address (US: none), eco on the store address (UK: 2.00).
    expect(lineTaxes(context).map((t) => [t.taxRateId, t.amount.amount])).toEqual([[87, '2.0000']]);
    // In class 9 the MacBook is taxed by the shipping address: nothing to the US.
    expect(lineTaxes(totalsContext(priceItems([[43, 1]]), { address: US_ADDRESS }))).toEqual([]);
  });
});

describe('taxCalculator', () => {
  it('has code tax and sort order 5', () => {
    expect([taxCalculator.code, taxCalculator.sortOrder]).toEqual(['tax', 5]);
  });

  it('adds the lines’ taxes to those already there and charges each rate once', () => {
    const context = totalsContext(priceItems([[40, 1]]));
    const before: TotalsState = {
      lines: [],
      taxes: { '86': { taxRateId: 86, name: 'VAT (20%)', amount: usd('1.00') } },
      total: usd('105.00'),
    };
    const after = createTaxCalculator(7).apply(before, context);
    // VAT: the 1.00 already there + 20 % of 101; eco 2 for the unit; 105 + 21.20 + 2.
    expect(after.lines).toEqual([
      { code: 'tax', title: 'VAT (20%)', value: usd('21.20'), sortOrder: 7 },
      { code: 'tax', title: 'Eco Tax (-2.00)', value: usd('2.00'), sortOrder: 7 },
    ]);
    expect(after.total).toEqual(usd('128.20'));
    expect(after.taxes['86']?.amount).toEqual(usd('21.20'));
  });

  it('shows no line for a rate at zero or below, and does not charge it', () => {
    const context = totalsContext([]);
    const state: TotalsState = {
      ...empty,
      taxes: {
        '86': { taxRateId: 86, name: 'VAT (20%)', amount: usd('-0.50') },
        '87': { taxRateId: 87, name: 'Eco Tax (-2.00)', amount: usd('0.00') },
      },
    };
    const after = taxCalculator.apply(state, context);
    expect(after.lines).toEqual([]);
    expect(after.total).toEqual(zero('USD'));
  });

  it('orders the lines by rate id', () => {
    const taxes = {
      '87': { taxRateId: 87, name: 'B', amount: usd('1') },
      '9': { taxRateId: 9, name: 'A', amount: usd('1') },
    };
    expect(taxLines(taxes, 5).map((l) => l.title)).toEqual(['A', 'B']);
  });
});
