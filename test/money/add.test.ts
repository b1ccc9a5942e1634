import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { add, money } from '../../src/money/index.js';

const usd = (amount: string) => money(amount, 'USD');

describe('add', () => {
  it('adds exactly', () => {
    expect(add(usd('0.1'), usd('0.2'))).toEqual(usd('0.3'));
    expect(add(usd('19.99'), usd('-19.99')).amount).toBe('0.0000');
    expect(add(usd('0.00000001'), usd('123456789012345')).amount).toBe('123456789012345.00000001');
  });

  it('refuses mixed currencies', () => {
    expect(() => add(usd('1'), money('1', 'EUR'))).toThrow(CartwrightInvariantError);
  });

  it('returns a new value and leaves its operands alone', () => {
    const a = usd('1');
    const b = usd('2');
    const c = add(a, b);
    expect(c).not.toBe(a);
    expect(a).toEqual(usd('1'));
    expect(b).toEqual(usd('2'));
  });
});
