import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { isRoundingMode, money, type RoundingMode, round, roundingModes } from '../../src/money/index.js';

const usd = (amount: string) => money(amount, 'USD');

describe('round', () => {
  it.each<[string, number, RoundingMode, string]>([
    ['2.5', 0, 'half-away-from-zero', '3.0000'],
    ['3.5', 0, 'half-away-from-zero', '4.0000'],
    ['-2.5', 0, 'half-away-from-zero', '-3.0000'],
    ['0.125', 2, 'half-away-from-zero', '0.1300'],
    ['2.5', 0, 'half-even', '2.0000'],
    ['3.5', 0, 'half-even', '4.0000'],
    ['-2.5', 0, 'half-even', '-2.0000'],
    ['0.125', 2, 'half-even', '0.1200'],
  ])('rounds %s to %i places with %s as %s', (amount, places, mode, expected) => {
    expect(round(usd(amount), places, mode).amount).toBe(expected);
  });

  it('defaults to half away from zero, like PHP round()', () => {
    expect(round(usd('1.005'), 2).amount).toBe('1.0100');
    expect(round(usd('-1.005'), 2).amount).toBe('-1.0100');
    expect(round(usd('-0.125'), 2).amount).toBe('-0.1300');
  });

  it('keeps the canonical string (at least 4 decimals) and writes no negative zero', () => {
    expect(round(usd('19.994'), 2).amount).toBe('19.9900');
    expect(round(usd('-0.004'), 2).amount).toBe('0.0000');
    expect(round(usd('1234.5'), 0).amount).toBe('1235.0000');
    expect(round(usd('1.123456'), 5).amount).toBe('1.12346');
    expect(round(usd('1.5'), 6).amount).toBe('1.5000');
  });

  it('rounds non-tie values to the nearest in both modes', () => {
    for (const mode of roundingModes) {
      expect(round(usd('2.51'), 0, mode).amount).toBe('3.0000');
      expect(round(usd('-2.49'), 0, mode).amount).toBe('-2.0000');
    }
  });

  it('keeps the currency', () => {
    expect(round(money('1.234', 'GBP'), 2).currency).toBe('GBP');
  });

  it.each([[-1], [1.5], [21], [Number.NaN]])('refuses %o decimal places', (places) => {
    expect(() => round(usd('1'), places)).toThrow(CartwrightInvariantError);
  });

  it('refuses an unknown mode', () => {
    expect(() => round(usd('1'), 2, 'half-up' as RoundingMode)).toThrow(CartwrightInvariantError);
    expect(() => round(usd('1'), 2, 'toString' as RoundingMode)).toThrow(CartwrightInvariantError);
  });
});

describe('roundingModes', () => {
  it('lists both modes, default first, and is frozen', () => {
    expect(roundingModes).toEqual(['half-away-from-zero', 'half-even']);
    expect(Object.isFrozen(roundingModes)).toBe(true);
    expect(roundingModes.every(isRoundingMode)).toBe(true);
    expect(isRoundingMode('half-up')).toBe(false);
  });
});
