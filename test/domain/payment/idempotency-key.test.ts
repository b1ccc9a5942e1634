/**
 * The idempotency keys of money calls, and amounts in a currency's smallest unit.
 */
import { describe, expect, it } from 'vitest';
import { paymentIdempotencyKey } from '../../../src/domain/payment/index.js';
import { fromMinorUnits, money, toMinorUnits } from '../../../src/money/index.js';

describe('paymentIdempotencyKey', () => {
  it('names the order, the attempt and the operation', () => {
    expect(paymentIdempotencyKey({ orderId: 42, attempt: 1, operation: 'authorize' })).toBe(
      'cartwright/order/42/attempt/1/authorize',
    );
    expect(paymentIdempotencyKey({ scope: 'shop-a', orderId: 42, attempt: 2, operation: 'capture' })).toBe(
      'shop-a/order/42/attempt/2/capture',
    );
  });

  it('numbers refunds, so that a second refund never replays the first', () => {
    const first = paymentIdempotencyKey({ orderId: 42, attempt: 1, operation: 'refund', refund: 1 });
    const second = paymentIdempotencyKey({ orderId: 42, attempt: 1, operation: 'refund', refund: 2 });
    expect(first).toBe('cartwright/order/42/attempt/1/refund/1');
    expect(second).not.toBe(first);
  });

  it('refuses malformed parts as a bug', () => {
    expect(() => paymentIdempotencyKey({ orderId: 0, attempt: 1, operation: 'void' })).toThrow(/orderId/);
    expect(() => paymentIdempotencyKey({ orderId: 1, attempt: 1.5, operation: 'void' })).toThrow(/attempt/);
    expect(() => paymentIdempotencyKey({ orderId: 1, attempt: 1, operation: 'refund' })).toThrow(/number/);
    expect(() => paymentIdempotencyKey({ orderId: 1, attempt: 1, operation: 'void', refund: 1 })).toThrow(
      /only/,
    );
    expect(() => paymentIdempotencyKey({ scope: 'a b', orderId: 1, attempt: 1, operation: 'void' })).toThrow(
      /scope/,
    );
  });
});

describe('toMinorUnits / fromMinorUnits', () => {
  it('counts the smallest units exactly', () => {
    expect(toMinorUnits(money('19.99', 'USD'), 2)).toBe(1999);
    expect(toMinorUnits(money('1000', 'JPY'), 0)).toBe(1000);
    expect(toMinorUnits(money('5.124', 'KWD'), 3)).toBe(5124);
    expect(toMinorUnits(money('-3.50', 'USD'), 2)).toBe(-350);
  });

  it('answers undefined for an amount that is not a whole number of units, never rounding', () => {
    expect(toMinorUnits(money('19.995', 'USD'), 2)).toBeUndefined();
    expect(toMinorUnits(money('1000.5', 'JPY'), 0)).toBeUndefined();
    expect(toMinorUnits(money('999999999999999', 'USD'), 8)).toBeUndefined();
  });

  it('reads units back as Money', () => {
    expect(fromMinorUnits(1999, 2, 'USD')).toEqual(money('19.99', 'USD'));
    expect(fromMinorUnits(1000, 0, 'JPY')).toEqual(money('1000', 'JPY'));
    expect(fromMinorUnits(5120, 3, 'KWD')).toEqual(money('5.12', 'KWD'));
  });
});
