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
const one40 = priceItems([[40, 1]]); // sub-total 101.00

describe('handling', () => {
  it('is due only above the threshold (strictly) and above zero', () => {
    const state = running('101.00');
    const at = createHandlingCalculator(fee({ total: usd('101.00') }));
    expect(at.apply(state, totalsContext(one40))).toBe(state);
    const due = createHandlingCalculator(fee({ total: usd('100.99') })).apply(state, totalsContext(one40));
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
    // 101 + handling 2 (before tax) → VAT 20.20 + 0.40, eco 2 + 2; total 101 + 2 + 20.60 + 4 = 127.60.
    const handling = createHandlingCalculator(fee({ sortOrder: 4, total: usd('50.00') }));
    expect(present(run(totalsContext(one40), [...demoCalculators, handling]))).toEqual([
      ['sub_total', 'Sub-Total', '101.0000'],
      ['handling', 'Handling Fee', '2.0000'],
      ['tax', 'VAT (20%)', '20.6000'],
      ['tax', 'Eco Tax (-2.00)', '4.0000'],
      ['total', 'Total', '127.6000'],
    ]);
  });

  it('after the tax step, charges its own tax lines so none is left uncharged', () => {
    const handling = createHandlingCalculator(fee({ total: usd('50.00') }), { afterTax: true });
    const state = run(totalsContext(one40), [...demoCalculators, handling]);
    // 101, VAT 20.20 and eco 2 on it; then handling 2 with its own VAT 0.40 and eco 2: 127.60.
    expect(present(state)).toEqual([
      ['sub_total', 'Sub-Total', '101.0000'],
      ['tax', 'VAT (20%)', '20.2000'],
      ['tax', 'Eco Tax (-2.00)', '2.0000'],
      ['handling', 'Handling Fee', '2.0000'],
      ['tax', 'VAT (20%)', '0.4000'],
      ['tax', 'Eco Tax (-2.00)', '2.0000'],
      ['total', 'Total', '127.6000'],
    ]);
    expect(state.taxes['86']?.amount).toEqual(usd('20.60'));
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
    const state = running('101.00');
    expect(lowFee({ total: usd('101.00') }).apply(state, totalsContext(one40))).toBe(state);
    expect(lowFee({ total: usd('100.00') }).apply(state, totalsContext(one40))).toBe(state);
    const empty = running('0.00');
    expect(lowFee().apply(empty, totalsContext([]))).toBe(empty);
  });

  it('is taxed through the tax step when it sorts before it', () => {
    const low = lowFee({ sortOrder: 4 });
    // 101 + 2, VAT 20.20 + 0.40, eco 2 + 2 → 127.60, with one line per rate.
    const lines = present(run(totalsContext(one40), [...demoCalculators, low]));
    expect(lines.filter(([code]) => code === 'tax')).toHaveLength(2);
    expect(lines.at(-1)).toEqual(['total', 'Total', '127.6000']);
  });
});

describe('credit (opt-in)', () => {
  const asked: CreditHolder[] = [];
  const credit = (amount: Money | null) =>
    createCreditCalculator(7, (holder) => {
      asked.push(holder);
      return amount;
    });
  /** Grace (account 1) logged in on session `s-1`. */
  const grace = totalsContext(one40, { sessionId: 's-1', loggedInCustomerId: 1 });

  it('takes the chosen credit off the running total, asking for the session’s logged-in customer', () => {
    asked.length = 0;
    const after = credit(usd('30.00')).apply(running('126.00'), grace);
    expect(after.lines).toEqual([
      { code: 'credit', title: 'Store Credit', value: usd('-30.00'), sortOrder: 7 },
    ]);
    expect(after.total).toEqual(usd('96.00'));
    expect(asked).toEqual([{ sessionId: 's-1', customerId: 1 }]);
  });

  it('never below zero', () => {
    const after = credit(usd('500.00')).apply(running('126.00'), grace);
    expect(after.lines[0]?.value).toEqual(usd('-126.00'));
    expect(after.total).toEqual(zero('USD'));
  });

  it('does nothing when none is chosen or nothing is left to pay', () => {
    const state = running('126.00');
    expect(credit(null).apply(state, grace)).toBe(state);
    expect(credit(usd('0')).apply(state, grace)).toBe(state);
    const paid = running('0.00');
    expect(credit(usd('10')).apply(paid, grace)).toBe(paid);
  });

  it('a guest has no credit: the source is not even asked', () => {
    asked.length = 0;
    const state = running('126.00');
    expect(credit(usd('30.00')).apply(state, totalsContext(one40))).toBe(state);
    expect(asked).toEqual([]);
  });
});
