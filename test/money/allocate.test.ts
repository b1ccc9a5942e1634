import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { allocate, money, sum } from '../../src/money/index.js';

const usd = (amount: string) => money(amount, 'USD');
const amounts = (parts: readonly { amount: string }[]) => parts.map((p) => p.amount);

describe('allocate', () => {
  it('splits proportionally and sums exactly', () => {
    const parts = allocate(usd('10'), ['1', '1', '1'], 2);
    expect(amounts(parts)).toEqual(['3.3400', '3.3300', '3.3300']);
    expect(sum(parts, 'USD')).toEqual(usd('10'));
  });

  it('spreads a coupon over line totals', () => {
    const parts = allocate(usd('-10'), ['24.9900', '75.0100', '0.0000'], 2);
    expect(amounts(parts)).toEqual(['-2.5000', '-7.5000', '0.0000']);
    const odd = allocate(usd('7'), ['19.9900', '5.0000', '101.0000'], 2);
    expect(amounts(odd)).toEqual(['1.1100', '0.2800', '5.6100']);
    expect(sum(odd, 'USD')).toEqual(usd('7'));
  });

  it('sums to the rounded amount', () => {
    const parts = allocate(usd('10.005'), ['1', '2'], 2);
    expect(sum(parts, 'USD')).toEqual(usd('10.01'));
    expect(sum(allocate(usd('10.005'), ['1', '2'], 2, 'half-even'), 'USD')).toEqual(usd('10'));
  });

  it('gives leftover units to the largest remainders, ties to the earlier part', () => {
    expect(amounts(allocate(usd('0.05'), ['1', '1', '1', '1'], 2))).toEqual([
      '0.0200',
      '0.0100',
      '0.0100',
      '0.0100',
    ]);
    expect(amounts(allocate(usd('1'), ['1', '2'], 2))).toEqual(['0.3300', '0.6700']);
  });

  it('splits equally when every weight is zero', () => {
    expect(amounts(allocate(usd('1'), ['0', '0.00', '0'], 2))).toEqual(['0.3400', '0.3300', '0.3300']);
  });

  it('never gives a zero-weight part anything while another weight is positive', () => {
    expect(amounts(allocate(usd('0.03'), ['0', '1', '0'], 2))).toEqual(['0.0000', '0.0300', '0.0000']);
  });

  it('keeps the sign of the amount in every part', () => {
    const parts = allocate(usd('-0.05'), ['3', '1', '1'], 2);
    expect(amounts(parts)).toEqual(['-0.0300', '-0.0100', '-0.0100']);
  });

  it('works with 0 and with more than 4 decimal places', () => {
    expect(amounts(allocate(money('100', 'JPY'), ['1', '1', '1'], 0))).toEqual([
      '34.0000',
      '33.0000',
      '33.0000',
    ]);
    expect(amounts(allocate(usd('0.0001'), ['1', '1'], 5))).toEqual(['0.00005', '0.00005']);
  });

  it('keeps the currency and the order of the weights', () => {
    const parts = allocate(money('5', 'EUR'), ['1', '4'], 2);
    expect(parts.map((p) => p.currency)).toEqual(['EUR', 'EUR']);
    expect(amounts(parts)).toEqual(['1.0000', '4.0000']);
  });

  it('refuses empty, negative and malformed weights', () => {
    expect(() => allocate(usd('1'), [], 2)).toThrow(CartwrightInvariantError);
    expect(() => allocate(usd('1'), ['-1', '2'], 2)).toThrow(CartwrightInvariantError);
    expect(() => allocate(usd('1'), ['1e2'], 2)).toThrow(CartwrightInvariantError);
    expect(() => allocate(usd('1'), ['NaN'], 2)).toThrow(CartwrightInvariantError);
    expect(() => allocate(usd('1'), ['1'], -1)).toThrow(CartwrightInvariantError);
  });
});
