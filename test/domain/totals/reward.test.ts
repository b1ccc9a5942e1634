/**
 * The `reward` step (src/domain/totals/reward.ts): points spent on the lines that can be bought with points.
 */
import { describe, expect, it } from 'vitest';
import {
  createRewardCalculator,
  linePointsOf,
  pointLines,
  pointsApplied,
  rewardCalculator,
  rewardDiscount,
} from '../../../src/domain/totals/reward.js';
import type { TotalsState } from '../../../src/ports/total-calculator.js';
import { priceItems, totalsContext, usd, withPoints } from './fixtures.js';

const [line28, line40] = priceItems([
  [28, 1],
  [40, 1],
]);
if (line28 === undefined || line40 === undefined) throw new Error('demo lines missing');
const running = (total: string): TotalsState => ({ lines: [], taxes: {}, total: usd(total) });

describe('points of the lines', () => {
  it('reads a line’s points, 0 when it has none', () => {
    expect(linePointsOf(withPoints(line28, 200))).toBe(200);
    expect(linePointsOf(line40)).toBe(0);
  });

  it('only lines with points take part', () => {
    expect(pointLines([withPoints(line28, 200), line40]).map((l) => l.product_id)).toEqual([28]);
  });

  it('applies at most the lines’ points', () => {
    const lines = [withPoints(line28, 200)];
    expect(pointsApplied(150, lines)).toBe(150);
    expect(pointsApplied(500, lines)).toBe(200);
    expect(pointsApplied(10, [])).toBe(0);
  });
});

describe('rewardDiscount', () => {
  const context = totalsContext([]);

  it('is the lines’ total × applied ÷ their points', () => {
    expect(rewardDiscount(100, [withPoints(line28, 200)], context)).toEqual(usd('50.00'));
    expect(rewardDiscount(200, [withPoints(line28, 200)], context)).toEqual(usd('100.00'));
  });

  it('is rounded to the default currency’s places when the points do not divide evenly', () => {
    // 100 × 100 ÷ 300 = 33.333… → 33.33
    expect(rewardDiscount(100, [withPoints(line28, 300)], context)).toEqual(usd('33.33'));
  });
});

describe('rewardCalculator', () => {
  it('has code reward and sort order 2', () => {
    expect([rewardCalculator.code, rewardCalculator.sortOrder]).toEqual(['reward', 2]);
  });

  it('does nothing without points or without lines bought with points', () => {
    const state = running('200.00');
    expect(rewardCalculator.apply(state, totalsContext([withPoints(line28, 200)]))).toBe(state);
    expect(
      rewardCalculator.apply(
        state,
        totalsContext([withPoints(line28, 0), withPoints(line40, 0)], { reward: 100 }),
      ),
    ).toBe(state);
  });

  it('discounts only the lines with points, removing their VAT share', () => {
    const context = totalsContext([withPoints(line28, 300), withPoints(line40, 0)], { reward: 100 });
    const after = createRewardCalculator(3).apply(running('200.00'), context);
    expect(after.lines).toEqual([
      { code: 'reward', title: 'Reward Points (100)', value: usd('-33.33'), sortOrder: 3 },
    ]);
    expect(after.total).toEqual(usd('166.67'));
    expect(after.taxes['86']?.amount.amount).toBe('-6.6660');
    expect(after.taxes['87']).toBeUndefined();
  });

  it('titles the points it applied when more were asked than the lines cost', () => {
    const context = totalsContext([withPoints(line28, 200)], { reward: 1000 });
    const after = rewardCalculator.apply(running('100.00'), context);
    expect(after.lines[0]?.title).toBe('Reward Points (200)');
    expect(after.lines[0]?.value).toEqual(usd('-100.00'));
  });
});
