import { describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import {
  isCanonicalAmount,
  isCurrencyCode,
  isMoney,
  money,
  moneyFromJSON,
  parseAmount,
  zero,
} from '../../src/money/index.js';

const rejected: readonly unknown[] = [
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '1e3',
  '1E3',
  ' 1',
  '1 ',
  '+1',
  '',
  '1.',
  '.5',
  '-',
  '1,5',
  '1.123456789',
  '1234567890123456',
  '١٢',
  Number.NaN,
  Number.POSITIVE_INFINITY,
  1e21,
  1e-7,
  0.1 + 0.2,
  10n,
  null,
  undefined,
  true,
  [],
  ['1'],
  {},
  { amount: '1' },
  new String('1'),
];

describe('parseAmount', () => {
  it.each([
    ['19.99', '19.9900'],
    ['0', '0.0000'],
    ['-0', '0.0000'],
    ['-0.0', '0.0000'],
    ['-5.5', '-5.5000'],
    ['007.50', '7.5000'],
    ['0.00125', '0.00125'],
    ['0.12345678', '0.12345678'],
    ['123456789012345.12345678', '123456789012345.12345678'],
    ['-123456789012345', '-123456789012345.0000'],
  ])('accepts %j as %j', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it('accepts finite numbers that print within the pattern', () => {
    expect(parseAmount(19.99)).toBe('19.9900');
    expect(parseAmount(-0)).toBe('0.0000');
    expect(parseAmount(1e20)).toBeUndefined(); // 21 integer digits
    expect(parseAmount(123456789012345)).toBe('123456789012345.0000');
    expect(parseAmount(0.000001)).toBe('0.000001');
  });

  it.each(rejected.map((value) => [value]))('rejects %o', (value) => {
    expect(parseAmount(value)).toBeUndefined();
  });
});

describe('money', () => {
  it('normalises trusted strings and safe integers', () => {
    expect(money('19.99', 'USD')).toEqual({ amount: '19.9900', currency: 'USD' });
    expect(money(5, 'EUR')).toEqual({ amount: '5.0000', currency: 'EUR' });
    expect(money(-0, 'EUR')).toEqual({ amount: '0.0000', currency: 'EUR' });
    expect(money('-0.00', 'EUR').amount).toBe('0.0000');
  });

  it('is frozen and plain', () => {
    const m = money('1', 'USD');
    expect(Object.isFrozen(m)).toBe(true);
    expect(Object.keys(m)).toEqual(['amount', 'currency']);
    expect(JSON.stringify(m)).toBe('{"amount":"1.0000","currency":"USD"}');
  });

  it.each([
    ['NaN'],
    ['Infinity'],
    ['0x10'],
    ['1e3'],
    [' 1'],
    ['+1'],
    [''],
    ['1.'],
    ['.5'],
    [1.5],
    [Number.NaN],
    [2 ** 53],
  ])('throws an invariant error for %o', (amount) => {
    expect(() => money(amount as string | number, 'USD')).toThrow(CartwrightInvariantError);
  });

  it('throws for non-string amounts from untyped callers', () => {
    expect(() => money([] as unknown as string, 'USD')).toThrow(CartwrightInvariantError);
    expect(() => money({} as unknown as string, 'USD')).toThrow(CartwrightInvariantError);
  });

  it('throws for a malformed currency code', () => {
    for (const code of ['usd', 'US', 'USDT', '', '12A']) {
      expect(() => money('1', code)).toThrow(CartwrightInvariantError);
      expect(() => zero(code)).toThrow(CartwrightInvariantError);
    }
  });
});

describe('zero', () => {
  it('is 0.0000 in the currency', () => {
    expect(zero('GBP')).toEqual({ amount: '0.0000', currency: 'GBP' });
  });
});

describe('isMoney', () => {
  it('accepts what the operations produce', () => {
    expect(isMoney(money('1', 'USD'))).toBe(true);
    expect(isMoney({ amount: '3.3333333333333', currency: 'USD' })).toBe(true);
    expect(isMoney({ amount: '1.0000', currency: 'USD', extra: 1 })).toBe(true);
  });

  it.each([
    [{ amount: '1', currency: 'USD' }],
    [{ amount: '1.00000', currency: 'USD' }],
    [{ amount: '-0.0000', currency: 'USD' }],
    [{ amount: '01.0000', currency: 'USD' }],
    [{ amount: '1.0000', currency: 'usd' }],
    [{ amount: 1, currency: 'USD' }],
    [{ currency: 'USD' }],
    [null],
    ['1.0000'],
    [[]],
  ])('rejects %o', (value) => {
    expect(isMoney(value)).toBe(false);
  });
});

describe('isCanonicalAmount and isCurrencyCode', () => {
  it('tell canonical amounts and codes', () => {
    expect(isCanonicalAmount('0.0000')).toBe(true);
    expect(isCanonicalAmount('-0.00125')).toBe(true);
    expect(isCanonicalAmount('0.001250')).toBe(false);
    expect(isCanonicalAmount('1.123')).toBe(false);
    expect(isCanonicalAmount(`1.${'1'.repeat(300)}`)).toBe(false);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
  });
});

describe('moneyFromJSON', () => {
  it('reads canonical stored values, including long unrounded ones', () => {
    expect(moneyFromJSON({ amount: '19.9900', currency: 'USD' })).toEqual(money('19.99', 'USD'));
    expect(moneyFromJSON({ amount: '3.333333333333333333333333333333333333333', currency: 'USD' })).toEqual({
      amount: '3.333333333333333333333333333333333333333',
      currency: 'USD',
    });
  });

  it('normalises input-pattern amounts and drops extra keys', () => {
    const m = moneyFromJSON({ amount: '19.99', currency: 'USD', note: 'x' });
    expect(m).toEqual({ amount: '19.9900', currency: 'USD' });
    expect(m === undefined ? [] : Object.keys(m)).toEqual(['amount', 'currency']);
    expect(m === undefined ? false : Object.isFrozen(m)).toBe(true);
  });

  it.each([
    [{ amount: 19.99, currency: 'USD' }],
    [{ amount: 'NaN', currency: 'USD' }],
    [{ amount: '1e3', currency: 'USD' }],
    [{ amount: '-0.0000x', currency: 'USD' }],
    [{ amount: '1.0000', currency: 'usd' }],
    [{ amount: '1.0000', currency: 'EURO' }],
    [{ amount: '1.0000' }],
    [{ currency: 'USD' }],
    [['1.0000', 'USD']],
    ['{"amount":"1.0000","currency":"USD"}'],
    [null],
    [undefined],
  ])('rejects %o', (value) => {
    expect(moneyFromJSON(value)).toBeUndefined();
  });

  it('round-trips through JSON', () => {
    const m = money('-1234.5678', 'EUR');
    expect(moneyFromJSON(JSON.parse(JSON.stringify(m)))).toEqual(m);
  });
});
