import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { money, percent } from '../../src/money/index.js';

const usd = (amount: string) => money(amount, 'USD');

describe('percent', () => {
  it('takes a percentage exactly, unrounded', () => {
    expect(percent(usd('100'), 20).amount).toBe('20.0000');
    expect(percent(usd('19.99'), '20.0000').amount).toBe('3.9980');
    expect(percent(usd('0.01'), '7.5').amount).toBe('0.00075');
    expect(percent(usd('-50'), '10').amount).toBe('-5.0000');
    expect(percent(usd('50'), 0).amount).toBe('0.0000');
  });

  it('refuses a float percentage', () => {
    expect(() => percent(usd('1'), 7.5)).toThrow(CartwrightInvariantError);
  });
});
