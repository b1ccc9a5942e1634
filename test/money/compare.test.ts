import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import {
  compare,
  equals,
  isNegative,
  isPositive,
  isZero,
  maximum,
  minimum,
  money,
} from '../../src/money/index.js';

const usd = (amount: string) => money(amount, 'USD');

describe('compare', () => {
  it('orders by exact value', () => {
    expect(compare(usd('1'), usd('2'))).toBe(-1);
    expect(compare(usd('2'), usd('1'))).toBe(1);
    expect(compare(usd('1.5'), usd('1.50'))).toBe(0);
    expect(compare(usd('-0.00000001'), usd('0'))).toBe(-1);
    expect(compare(usd('10'), usd('9.99999999'))).toBe(1);
  });

  it('sorts', () => {
    const sorted = [usd('3'), usd('-1'), usd('2.5')].sort(compare).map((m) => m.amount);
    expect(sorted).toEqual(['-1.0000', '2.5000', '3.0000']);
  });

  it('refuses mixed currencies, including in equals, minimum and maximum', () => {
    const eur = money('1', 'EUR');
    expect(() => compare(usd('1'), eur)).toThrow(CartwrightInvariantError);
    expect(() => equals(usd('1'), eur)).toThrow(CartwrightInvariantError);
    expect(() => minimum(usd('1'), eur)).toThrow(CartwrightInvariantError);
    expect(() => maximum(usd('1'), eur)).toThrow(CartwrightInvariantError);
  });
});

describe('predicates', () => {
  it('isZero, isNegative, isPositive', () => {
    expect([isZero(usd('0')), isNegative(usd('0')), isPositive(usd('0'))]).toEqual([true, false, false]);
    expect([isZero(usd('-0.01')), isNegative(usd('-0.01')), isPositive(usd('-0.01'))]).toEqual([
      false,
      true,
      false,
    ]);
    expect([isZero(usd('0.00000001')), isNegative(usd('0.00000001')), isPositive(usd('0.00000001'))]).toEqual(
      [false, false, true],
    );
  });

  it('equals compares values', () => {
    expect(equals(usd('1'), usd('1.0000'))).toBe(true);
    expect(equals(usd('1'), usd('1.00000001'))).toBe(false);
  });
});

describe('minimum and maximum', () => {
  it('return one of the operands', () => {
    const a = usd('1');
    const b = usd('2');
    expect(minimum(a, b)).toBe(a);
    expect(minimum(b, a)).toBe(a);
    expect(maximum(a, b)).toBe(b);
    expect(maximum(b, a)).toBe(b);
    const c = usd('1');
    expect(minimum(a, c)).toBe(a);
    expect(maximum(a, c)).toBe(a);
  });
});
