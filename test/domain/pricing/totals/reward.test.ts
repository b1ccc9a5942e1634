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
} from '../../../../src/domain/pricing/totals/reward.js';
import { divide, negate, percent, round, subtract } from '../../../../src/money/index.js';
import type { TotalsState } from '../../../../src/ports/total-calculator.js';
import { present, priceItems, totalsContext, usd, withPoints } from './fixtures.js';

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
    expect(pointLines([withPoints(line28, 200), line40]).map((l) => l.productId)).toEqual([28]);
  });

  it('applies at most the lines’ points', () => {
    const lines = [withPoints(line28, 200)];
    expect(pointsApplied(150, lines)).toBe(150);
    expect(pointsApplied(500, lines)).toBe(200);
    expect(pointsApplied(10, [])).toBe(0);
  });
});

describe('rewardDiscount', () => {
  it('is the lines’ total × applied ÷ their points', () => {
    expect(rewardDiscount(100, [withPoints(line28, 200)], 'USD')).toEqual(usd('50.00'));
    expect(rewardDiscount(200, [withPoints(line28, 200)], 'USD')).toEqual(usd('100.00'));
  });

  it('stays exact when the points do not divide evenly: rounding is the presentation’s', () => {
    // 100 × 100 ÷ 300 = 33.333…, kept to the money module's 40 significant digits, not cut to 33.33.
    const third = divide(usd('100.00'), 3);
    expect(third.amount).toBe(`33.${'3'.repeat(38)}`);
    expect(rewardDiscount(100, [withPoints(line28, 300)], 'USD')).toEqual(third);
  });

  it('is the sum of OpenCart’s per-line shares, line total × applied ÷ all points', () => {
    // 28: 100 × 150 ÷ 400 = 37.50; 40: 101 × 150 ÷ 400 = 37.875.
    const lines = [withPoints(line28, 200), withPoints(line40, 200)];
    expect(rewardDiscount(150, lines, 'USD')).toEqual(usd('75.375'));
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

  it('discounts only the lines with points, removing their VAT share, exact until presented', () => {
    const context = totalsContext([withPoints(line28, 300), withPoints(line40, 0)], { reward: 100 });
    const after = createRewardCalculator(3).apply(running('200.00'), context);
    // 100 × 100 ÷ 300 = 33.333…; the running total and the VAT removed (20 % of it) follow the exact share.
    // The share is carried at 20 places, the finest `spread` allocates at.
    const third = round(divide(usd('100.00'), 3), 20);
    expect(third.amount).toBe(`33.${'3'.repeat(20)}`);
    expect(after.lines).toEqual([
      { code: 'reward', title: 'Reward Points (100)', value: negate(third), sortOrder: 3 },
    ]);
    expect(after.total).toEqual(subtract(usd('200.00'), third));
    expect(after.taxes['86']?.amount).toEqual(negate(percent(third, 20)));
    expect(after.taxes['87']).toBeUndefined();
    // Shown, the line is −33.33 (one rounding, at presentation).
    expect(present(after).map(([code, , amount]) => [code, amount])).toEqual([['reward', '-33.3300']]);
  });

  it('titles the points it applied when more were asked than the lines cost', () => {
    const context = totalsContext([withPoints(line28, 200)], { reward: 1000 });
    const after = rewardCalculator.apply(running('100.00'), context);
    expect(after.lines[0]?.title).toBe('Reward Points (200)');
    expect(after.lines[0]?.value).toEqual(usd('-100.00'));
  });
});
