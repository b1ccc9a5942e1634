import { describe, expect, it } from 'vitest';
import { money, negate } from '../../src/money/index.js';

describe('negate', () => {
  it('flips the sign and never yields negative zero', () => {
    expect(negate(money('5.5', 'USD')).amount).toBe('-5.5000');
    expect(negate(money('-5.5', 'USD')).amount).toBe('5.5000');
    expect(negate(money('0', 'USD')).amount).toBe('0.0000');
    expect(negate(money('1', 'GBP')).currency).toBe('GBP');
  });
});
