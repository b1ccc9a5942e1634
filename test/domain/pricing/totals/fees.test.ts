/**
 * The fee steps (handling, low_order_fee) and the opt-in credit step.
 */
import { describe, expect, it } from 'vitest';
import { type CreditHolder, createCreditCalculator } from '../../../../src/domain/pricing/totals/credit.js';
import { createHandlingCalculator } from '../../../../src/domain/pricing/totals/handling.js';
import { createLowOrderFeeCalculator } from '../../../../src/domain/pricing/totals/low-order-fee.js';
import type { FeeTotalConfig } from '../../../../src/domain/settings/extension-config.js';
import { type Money, zero } from '../../../../src/money/index.js';
import type { TotalsState } from '../../../../src/ports/total-calculator.js';
import { demoCalculators, present, priceItems, run, totalsContext, usd } from './fixtures.js';

const fee = (over: Partial<FeeTotalConfig> = {}): FeeTotalConfig => ({
  status: true,
  sortOrder: 6,
  fee: usd('2.00'),
  total: usd('100.00'),
  taxClassId: 9,
  ...over,
});
const running = (total: string): TotalsState => ({ lines: [], taxes: {}, total: usd(total) });
const one40 = priceItems([[40, 1]]); // sub-total 100.00

describe('handling', () => {
  it('is due only above the threshold (strictly) and above zero', () => {
    const state = running('100.00');
    expect(createHandlingCalculator(fee()).apply(state, totalsContext(one40))).toBe(state);
    const due = createHandlingCalculator(fee({ total: usd('99.99') })).apply(state, totalsContext(one40));
    expect(due.lines).toEqual([
      { code: 'handling', title: 'Handling Fee', value: usd('2.00'), sortOrder: 6 },
    ]);
    const empty = running('0.00');
    expect(createHandlingCalculator(fee({ total: usd('-1') })).apply(empty, totalsContext([]))).toBe(empty);
  });

  it('names its tax class, and none for class 0', () => {
    expect(createHandlingCalculator(fee()).taxClassIds).toEqual([9]);
    expect(createHandlingCalculator(fee({ taxClassId: 0 })).taxClassIds).toEqual([]);
  });

  it('before the tax step, adds its taxes for that step to charge', () => {
    // 100 + handling 2 (before tax) → VAT 20 + 0.40, eco 2 + 2; total 100 + 2 + 20.40 + 4 = 126.40.
    const handling = createHandlingCalculator(fee({ sortOrder: 4, total: usd('50.00') }));
    expect(present(run(totalsContext(one40), [...demoCalculators, handling]))).toEqual([
      ['sub_total', 'Sub-Total', '100.0000'],
      ['handling', 'Handling Fee', '2.0000'],
      ['tax', 'VAT (20%)', '20.4000'],
      ['tax', 'Eco Tax (-2.00)', '4.0000'],
      ['total', 'Total', '126.4000'],
    ]);
  });

  it('after the tax step, charges its own tax lines so none is left uncharged', () => {
    const handling = createHandlingCalculator(fee({ total: usd('50.00') }), { afterTax: true });
    const state = run(totalsContext(one40), [...demoCalculators, handling]);
    expect(present(state)).toEqual([
      ['sub_total', 'Sub-Total', '100.0000'],
      ['tax', 'VAT (20%)', '20.0000'],
      ['tax', 'Eco Tax (-2.00)', '2.0000'],
      ['handling', 'Handling Fee', '2.0000'],
      ['tax', 'VAT (20%)', '0.4000'],
      ['tax', 'Eco Tax (-2.00)', '2.0000'],
      ['total', 'Total', '126.4000'],
    ]);
    expect(state.taxes['86']?.amount).toEqual(usd('20.40'));
  });

  it('untaxed (class 0), it adds no tax', () => {
    const after = createHandlingCalculator(fee({ taxClassId: 0, total: usd('0') })).apply(
      running('100.00'),
      totalsContext(one40),
    );
    expect(after.taxes).toEqual({});
    expect(after.total).toEqual(usd('102.00'));
  });
});

describe('low order fee', () => {
  const lowFee = (over: Partial<FeeTotalConfig> = {}) =>
    createLowOrderFeeCalculator(fee({ sortOrder: 8, total: usd('150.00'), ...over }));

  it('is due below the threshold, titled Low Order Fee', () => {
    const after = lowFee().apply(running('100.00'), totalsContext(one40));
    expect(after.lines).toEqual([
      { code: 'low_order_fee', title: 'Low Order Fee', value: usd('2.00'), sortOrder: 8 },
    ]);
    expect(after.total).toEqual(usd('102.00'));
    expect(after.taxes['86']?.amount).toEqual(usd('0.40'));
  });

  it('is not due at or above the threshold, nor on an empty cart', () => {
    const state = running('100.00');
    expect(lowFee({ total: usd('100.00') }).apply(state, totalsContext(one40))).toBe(state);
    const empty = running('0.00');
    expect(lowFee().apply(empty, totalsContext([]))).toBe(empty);
  });

  it('is taxed through the tax step when it sorts before it', () => {
    const low = lowFee({ sortOrder: 4 });
    // 100 + 2, VAT 20 + 0.40, eco 2 + 2 → 126.40, with one line per rate.
    const lines = present(run(totalsContext(one40), [...demoCalculators, low]));
    expect(lines.filter(([code]) => code === 'tax')).toHaveLength(2);
    expect(lines.at(-1)).toEqual(['total', 'Total', '126.4000']);
  });
});

describe('credit (opt-in)', () => {
  const asked: CreditHolder[] = [];
  const credit = (amount: Money | null) =>
    createCreditCalculator(7, (holder) => {
      asked.push(holder);
      return amount;
    });
  /** John (account 1) logged in on session `s-1`. */
  const john = totalsContext(one40, { sessionId: 's-1', loggedInCustomerId: 1 });

  it('takes the chosen credit off the running total, asking for the session’s logged-in customer', () => {
    asked.length = 0;
    const after = credit(usd('30.00')).apply(running('126.00'), john);
    expect(after.lines).toEqual([
      { code: 'credit', title: 'Store Credit', value: usd('-30.00'), sortOrder: 7 },
    ]);
    expect(after.total).toEqual(usd('96.00'));
    expect(asked).toEqual([{ sessionId: 's-1', customerId: 1 }]);
  });

  it('never below zero', () => {
    const after = credit(usd('500.00')).apply(running('126.00'), john);
    expect(after.lines[0]?.value).toEqual(usd('-126.00'));
    expect(after.total).toEqual(zero('USD'));
  });

  it('does nothing when none is chosen or nothing is left to pay', () => {
    const state = running('126.00');
    expect(credit(null).apply(state, john)).toBe(state);
    expect(credit(usd('0')).apply(state, john)).toBe(state);
    const paid = running('0.00');
    expect(credit(usd('10')).apply(paid, john)).toBe(paid);
  });

  it('a guest has no credit: the source is not even asked', () => {
    asked.length = 0;
    const state = running('126.00');
    expect(credit(usd('30.00')).apply(state, totalsContext(one40))).toBe(state);
    expect(asked).toEqual([]);
  });
});
