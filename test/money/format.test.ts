import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { convert, formatMoney, money, toDisplayNumber } from '../../src/money/index.js';
import { EUR, GBP, JPY, USD } from './fixtures.js';

describe('formatMoney', () => {
  it('formats the seed examples', () => {
    expect(formatMoney(money('1234.5', 'USD'), USD)).toBe('$1,234.50');
    expect(formatMoney(convert(money('1234.5', 'USD'), USD, EUR), EUR)).toBe('968.59€');
    expect(formatMoney(convert(money('0.005', 'USD'), USD, GBP), GBP)).toBe('£0.00');
    expect(formatMoney(money('1234.5', 'JPY'), JPY)).toBe('¥1,235');
    expect(formatMoney(money('0', 'USD'), USD)).toBe('$0.00');
  });

  it('puts the minus sign before the symbol', () => {
    expect(formatMoney(money('-5', 'USD'), USD)).toBe('-$5.00');
    expect(formatMoney(money('-5', 'EUR'), EUR)).toBe('-5.00€');
    expect(formatMoney(money('-1234567.891', 'USD'), USD)).toBe('-$1,234,567.89');
  });

  it('writes no minus sign for a value that rounds to zero', () => {
    expect(formatMoney(money('-0.004', 'USD'), USD)).toBe('$0.00');
    expect(formatMoney(money('-0.4', 'JPY'), JPY)).toBe('¥0');
  });

  it('groups thousands', () => {
    expect(formatMoney(money('999.999', 'USD'), USD)).toBe('$1,000.00');
    expect(formatMoney(money('100', 'USD'), USD)).toBe('$100.00');
    expect(formatMoney(money('123456789012345.5', 'USD'), USD)).toBe('$123,456,789,012,345.50');
  });

  it('uses the rounding mode', () => {
    expect(formatMoney(money('0.125', 'USD'), USD)).toBe('$0.13');
    expect(formatMoney(money('0.125', 'USD'), USD, { mode: 'half-even' })).toBe('$0.12');
    expect(formatMoney(money('2.5', 'JPY'), JPY, { mode: 'half-even' })).toBe('¥2');
    expect(formatMoney(money('-2.5', 'JPY'), JPY)).toBe('-¥3');
  });

  it('uses the given separators', () => {
    expect(formatMoney(money('1234567.5', 'EUR'), EUR, { decimalPoint: ',', thousandsPoint: '.' })).toBe(
      '1.234.567,50€',
    );
    expect(formatMoney(money('1234567.5', 'USD'), USD, { thousandsPoint: '' })).toBe('$1234567.50');
    expect(formatMoney(money('1234', 'JPY'), JPY, { decimalPoint: ',', thousandsPoint: ' ' })).toBe('¥1 234');
  });

  it('refuses an amount in another currency', () => {
    expect(() => formatMoney(money('1', 'USD'), EUR)).toThrow(CartwrightInvariantError);
  });
});

describe('toDisplayNumber', () => {
  it('rounds and returns a number', () => {
    expect(toDisplayNumber(money('1234.5', 'USD'), 2)).toBe(1234.5);
    expect(toDisplayNumber(money('1.005', 'USD'), 2)).toBe(1.01);
    expect(toDisplayNumber(money('0.125', 'USD'), 2, 'half-even')).toBe(0.12);
    expect(toDisplayNumber(money('968.58872469', 'EUR'), 2)).toBe(968.59);
    expect(toDisplayNumber(money('-2.5', 'USD'), 0)).toBe(-3);
  });

  it('never returns negative zero', () => {
    expect(Object.is(toDisplayNumber(money('-0.001', 'USD'), 2), 0)).toBe(true);
  });

  it('refuses bad decimal places', () => {
    expect(() => toDisplayNumber(money('1', 'USD'), -1)).toThrow(CartwrightInvariantError);
  });
});
