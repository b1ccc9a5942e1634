import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { convert, findCurrency, money, round } from '../../src/money/index.js';
import { currencies, EUR, GBP, USD } from './fixtures.js';

describe('convert', () => {
  it('multiplies by to.value / from.value, exactly and unrounded', () => {
    expect(convert(money('1234.5', 'USD'), USD, EUR)).toEqual({ amount: '968.58872469', currency: 'EUR' });
    expect(convert(money('0.005', 'USD'), USD, GBP)).toEqual({ amount: '0.00306250005', currency: 'GBP' });
    expect(convert(money('-10', 'USD'), USD, GBP).amount).toBe('-6.1250001');
  });

  it('converts between two non-default currencies', () => {
    const eur = convert(money('0.61250001', 'GBP'), GBP, EUR);
    expect(eur.currency).toBe('EUR');
    expect(eur.amount).toBe('0.78460002');
    expect(convert(money('100', 'EUR'), EUR, GBP).amount).toBe('78.06525546609086244988879811652311709092');
    expect(round(convert(money('100', 'EUR'), EUR, GBP), 2).amount).toBe('78.0700');
  });

  it('converts first and rounds after', () => {
    expect(round(convert(money('0.005', 'USD'), USD, GBP), 2).amount).toBe('0.0000');
    expect(convert(round(money('0.005', 'USD'), 2), USD, GBP).amount).not.toBe('0.0000');
  });

  it('returns the value itself for the same currency', () => {
    const m = money('1', 'EUR');
    expect(convert(m, EUR, EUR)).toBe(m);
  });

  it('refuses an amount not in the from currency', () => {
    expect(() => convert(money('1', 'EUR'), USD, GBP)).toThrow(CartwrightInvariantError);
  });

  it('refuses a zero, negative or malformed rate and a bad code', () => {
    expect(() => convert(money('1', 'USD'), USD, { ...GBP, value: '0' })).toThrow(CartwrightInvariantError);
    expect(() => convert(money('1', 'USD'), USD, { ...GBP, value: '-1' })).toThrow(CartwrightInvariantError);
    expect(() => convert(money('1', 'USD'), USD, { ...GBP, value: '1e2' })).toThrow(CartwrightInvariantError);
    expect(() => convert(money('1', 'USD'), { ...USD, value: '0.0' }, GBP)).toThrow(CartwrightInvariantError);
    expect(() => convert(money('1', 'USD'), USD, { ...GBP, code: 'gbp' })).toThrow(CartwrightInvariantError);
  });
});

describe('findCurrency', () => {
  it('finds by exact code', () => {
    expect(findCurrency(currencies, 'GBP')).toBe(GBP);
    expect(findCurrency(currencies, 'gbp')).toBeUndefined();
    expect(findCurrency([], 'USD')).toBeUndefined();
  });
});
