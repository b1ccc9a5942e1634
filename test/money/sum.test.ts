import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { money, sum } from '../../src/money/index.js';

const usd = (amount: string) => money(amount, 'USD');

describe('sum', () => {
  it('gives zero in the currency for an empty list', () => {
    expect(sum([], 'EUR')).toEqual({ amount: '0.0000', currency: 'EUR' });
  });

  it('adds every element exactly', () => {
    expect(sum([usd('0.1'), usd('0.2'), usd('-0.3')], 'USD').amount).toBe('0.0000');
    expect(sum([usd('19.99'), usd('5'), usd('0.00000001')], 'USD').amount).toBe('24.99000001');
  });

  it('refuses an element in another currency', () => {
    expect(() => sum([usd('1'), money('1', 'EUR')], 'USD')).toThrow(CartwrightInvariantError);
    expect(() => sum([money('1', 'EUR')], 'USD')).toThrow(CartwrightInvariantError);
  });

  it('refuses a malformed currency code', () => {
    expect(() => sum([], 'usd')).toThrow(CartwrightInvariantError);
  });
});
