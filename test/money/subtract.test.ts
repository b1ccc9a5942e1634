import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { money, subtract } from '../../src/money/index.js';

const usd = (amount: string) => money(amount, 'USD');

describe('subtract', () => {
  it('subtracts exactly and may go negative', () => {
    expect(subtract(usd('10'), usd('0.01')).amount).toBe('9.9900');
    expect(subtract(usd('0.01'), usd('10')).amount).toBe('-9.9900');
    expect(subtract(usd('5'), usd('5')).amount).toBe('0.0000');
  });

  it('refuses mixed currencies', () => {
    expect(() => subtract(usd('1'), money('1', 'EUR'))).toThrow(CartwrightInvariantError);
  });
});
