/**
 * The built-in calculators made from the total settings (src/domain/totals/builtins.ts), and running a fixed
 * calculator at another sort order (src/domain/totals/sort-order.ts).
 */
import { describe, expect, it } from 'vitest';
import { createTotalCalculators } from '../../../../src/domain/pricing/totals/builtins.js';
import { runsBefore, withSortOrder } from '../../../../src/domain/pricing/totals/sort-order.js';
import { subTotalCalculator } from '../../../../src/domain/pricing/totals/sub-total.js';
import type { TotalExtensionsConfig } from '../../../../src/domain/settings/extension-config.js';
import { zero } from '../../../../src/money/index.js';
import { data, present, priceItems, run, totalsContext, usd } from './fixtures.js';

const demo = data.extensions.totals;
const summary = (config: TotalExtensionsConfig, options = {}) =>
  createTotalCalculators(config, options).map((c) => [c.code, c.sortOrder]);

describe('createTotalCalculators', () => {
  it('makes the demo’s enabled steps in sort order; credit needs a source', () => {
    expect(summary(demo)).toEqual([
      ['sub_total', 1],
      ['reward', 2],
      ['shipping', 3],
      ['coupon', 4],
      ['tax', 5],
      ['total', 9],
    ]);
    expect(summary(demo, { credit: () => null })).toContainEqual(['credit', 7]);
  });

  it('leaves out what is disabled and adds the enabled fees', () => {
    const config: TotalExtensionsConfig = {
      ...demo,
      reward: { ...demo.reward, status: false },
      handling: { ...demo.handling, status: true },
      low_order_fee: { ...demo.low_order_fee, status: true },
    };
    expect(summary(config).map(([code]) => code)).toEqual([
      'sub_total',
      'shipping',
      'coupon',
      'tax',
      'handling',
      'low_order_fee',
      'total',
    ]);
  });

  it('runs the fixed steps at their configured sort orders, lines included', () => {
    const config: TotalExtensionsConfig = { ...demo, sub_total: { status: true, sortOrder: 0 } };
    const state = run(totalsContext(priceItems([[40, 1]])), createTotalCalculators(config));
    expect(state.lines.map((l) => [l.code, l.sortOrder])).toEqual([
      ['sub_total', 0],
      ['tax', 5],
      ['tax', 5],
      ['total', 9],
    ]);
  });

  it('makes a fee sorted after tax charge its own tax, so the total counts it', () => {
    const config: TotalExtensionsConfig = {
      ...demo,
      low_order_fee: { status: true, sortOrder: 8, fee: usd('2.00'), total: usd('500.00'), taxClassId: 9 },
    };
    const lines = present(run(totalsContext(priceItems([[40, 1]])), createTotalCalculators(config)));
    // 101 + VAT 20.20 + eco 2 + fee 2 + its VAT 0.40 + its eco 2 = 127.60
    expect(lines.at(-1)).toEqual(['total', 'Total', '127.6000']);
  });
});

describe('withSortOrder', () => {
  it('is the calculator itself at its own sort order', () => {
    expect(withSortOrder(subTotalCalculator, 1)).toBe(subTotalCalculator);
  });

  it('relabels only the lines the step adds', () => {
    const moved = withSortOrder(subTotalCalculator, 6);
    const earlier = { code: 'x', title: 'X', value: usd('1'), sortOrder: 0 };
    const after = moved.apply(
      { lines: [earlier], taxes: {}, total: zero('USD') },
      totalsContext(priceItems([[40, 1]])),
    );
    expect(after.lines.map((l) => [l.code, l.sortOrder])).toEqual([
      ['x', 0],
      ['sub_total', 6],
    ]);
    expect([moved.code, moved.sortOrder]).toEqual(['sub_total', 6]);
  });
});

describe('runsBefore', () => {
  it('orders by sort order, then code', () => {
    expect(runsBefore({ code: 'tax', sortOrder: 5 }, { code: 'handling', sortOrder: 6 })).toBe(true);
    expect(runsBefore({ code: 'tax', sortOrder: 5 }, { code: 'handling', sortOrder: 5 })).toBe(false);
    expect(runsBefore({ code: 'handling', sortOrder: 5 }, { code: 'tax', sortOrder: 5 })).toBe(true);
  });
});
