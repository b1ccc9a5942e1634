import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CartwrightInvariantError } from '../../src/domain/errors.js';
import { fromDecimal, toDecimal, toFactor } from '../../src/money/decimal.js';
import * as barrel from '../../src/money/index.js';
import { add, divide, money, moneyFromJSON } from '../../src/money/index.js';

const hostPrecision = Decimal.precision;
const hostRounding = Decimal.rounding;

describe('decimal core', () => {
  afterEach(() => {
    Decimal.set({ precision: hostPrecision, rounding: hostRounding });
  });

  it('keeps 34+ significant digits in an addition', () => {
    const big = moneyFromJSON({ amount: '12345678901234567890.1200', currency: 'USD' });
    expect(big).toBeDefined();
    if (big === undefined) return;
    expect(add(big, money('0.01', 'USD')).amount).toBe('12345678901234567890.1300');
  });

  it('is not affected by a host calling the global Decimal.set', () => {
    Decimal.set({ precision: 5, rounding: Decimal.ROUND_DOWN });
    expect(new Decimal(1).div(3).toString()).toBe('0.33333');
    expect(divide(money('10', 'USD'), 3).amount).toBe('3.333333333333333333333333333333333333333');
    expect(divide(money('2', 'USD'), 3).amount).toBe('0.6666666666666666666666666666666666666667');
    const big = moneyFromJSON({ amount: '12345678901234567890.1200', currency: 'USD' });
    if (big === undefined) throw new Error('unreachable');
    expect(add(big, money('0.01', 'USD')).amount).toBe('12345678901234567890.1300');
  });

  it('does not change the host global configuration', () => {
    divide(money('1', 'USD'), 7);
    expect(Decimal.precision).toBe(hostPrecision);
    expect(Decimal.rounding).toBe(hostRounding);
  });

  it('writes canonical strings', () => {
    expect(fromDecimal(toDecimal('19.99'))).toBe('19.9900');
    expect(fromDecimal(toDecimal('0'))).toBe('0.0000');
    expect(fromDecimal(toDecimal('-0'))).toBe('0.0000');
    expect(fromDecimal(toDecimal('-0.00000'))).toBe('0.0000');
    expect(fromDecimal(toDecimal('-5.5'))).toBe('-5.5000');
    expect(fromDecimal(toDecimal('0.00125'))).toBe('0.00125');
    expect(fromDecimal(toDecimal('1.10000'))).toBe('1.1000');
    expect(fromDecimal(toDecimal('000120'))).toBe('120.0000');
    expect(fromDecimal(toDecimal('100000000000000000000000'))).toBe('100000000000000000000000.0000');
    expect(fromDecimal(toDecimal('0.0000000000000000000000000001'))).toBe('0.0000000000000000000000000001');
  });

  it('never writes exponent notation', () => {
    expect(fromDecimal(toDecimal('1').div('10000000'))).toBe('0.0000001');
    expect(fromDecimal(toDecimal('1000000000000').times('1000000000000'))).toBe(
      '1000000000000000000000000.0000',
    );
  });

  it('refuses malformed decimals from trusted code', () => {
    for (const bad of ['NaN', 'Infinity', '0x10', '1e3', ' 1', '+1', '', '1.', '.5']) {
      expect(() => toDecimal(bad), bad).toThrow(CartwrightInvariantError);
    }
    expect(() => toFactor(0.5, 'factor')).toThrow(CartwrightInvariantError);
    expect(() => toFactor(Number.NaN, 'factor')).toThrow(CartwrightInvariantError);
    expect(() => toFactor('1e3', 'factor')).toThrow(CartwrightInvariantError);
    expect(toFactor(3, 'factor').toString()).toBe('3');
  });

  it('the barrel exposes no Decimal and no decimal helpers', () => {
    const names = Object.keys(barrel);
    for (const name of ['Decimal', 'toDecimal', 'fromDecimal', 'toFactor', 'roundDecimal', 'makeMoney']) {
      expect(names).not.toContain(name);
    }
  });

  it('src/money/decimal.ts is the only module of src importing decimal.js', () => {
    const root = join(import.meta.dirname, '../../src');
    const importers = (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => /\.[cm]?ts$/.test(file))
      .filter((file) =>
        /from\s+['"]decimal\.js['"]|import\(\s*['"]decimal\.js['"]/.test(
          readFileSync(join(root, file), 'utf8'),
        ),
      )
      .map((file) => file.split('\\').join('/'));
    expect(importers).toEqual(['money/decimal.ts']);
  });
});
