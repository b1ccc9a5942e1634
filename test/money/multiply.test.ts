import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { money, multiply } from '../../src/money/index.js';

const usd = (amount: string) => money(amount, 'USD');

describe('multiply', () => {
  it('multiplies by a quantity or a decimal rate, unrounded', () => {
    expect(multiply(usd('19.99'), 3).amount).toBe('59.9700');
    expect(multiply(usd('1234.5'), '0.78460002').amount).toBe('968.58872469');
    expect(multiply(usd('0.005'), '0.61250001').amount).toBe('0.00306250005');
    expect(multiply(usd('2'), -1).amount).toBe('-2.0000');
    expect(multiply(usd('2'), 0).amount).toBe('0.0000');
    expect(multiply(usd('-2'), 0).amount).toBe('0.0000');
    expect(multiply(usd('2'), 3).currency).toBe('USD');
  });

  it.each([
    [1.5],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [2 ** 53],
    ['1e3'],
    ['NaN'],
    [''],
    ['+2'],
    ['0x10'],
  ])('refuses the factor %o', (factor) => {
    expect(() => multiply(usd('1'), factor)).toThrow(CartwrightInvariantError);
  });
});
