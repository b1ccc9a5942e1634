import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { divide, money } from '../../src/money/index.js';

const usd = (amount: string) => money(amount, 'USD');

describe('divide', () => {
  it('divides exactly when the quotient terminates', () => {
    expect(divide(usd('10'), 4).amount).toBe('2.5000');
    expect(divide(usd('1'), '0.008').amount).toBe('125.0000');
    expect(divide(usd('1'), 3).currency).toBe('USD');
  });

  it('keeps 40 significant digits otherwise', () => {
    expect(divide(usd('10'), 3).amount).toBe('3.333333333333333333333333333333333333333');
    expect(divide(usd('-10'), '3').amount).toBe('-3.333333333333333333333333333333333333333');
  });

  it('throws on division by zero', () => {
    expect(() => divide(usd('1'), 0)).toThrow(CartwrightInvariantError);
    expect(() => divide(usd('1'), '0.0000')).toThrow(CartwrightInvariantError);
    expect(() => divide(usd('1'), '-0')).toThrow(CartwrightInvariantError);
  });

  it('refuses a float divisor', () => {
    expect(() => divide(usd('1'), 0.5)).toThrow(CartwrightInvariantError);
  });
});
