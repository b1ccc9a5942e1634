/**
 * Property tests for src/money. Amounts are generated from integers (BigInt counts of 10^-8 or 10^-4 units) and
 * written as decimal strings, never from floats. References are computed with BigInt, not decimal.js, so they
 * can actually disagree with the implementation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  add,
  allocate,
  type Currency,
  convert,
  divide,
  formatMoney,
  isMoney,
  type Money,
  money,
  moneyFromJSON,
  multiply,
  type RoundingMode,
  round,
  roundingModes,
  subtract,
  sum,
} from '../../src/money/index.js';

const RUNS = { numRuns: 1000 };

// ---------------------------------------------------------------------------------------------------------------
// BigInt reference helpers (independent of src/money)

const abs = (n: bigint): bigint => (n < 0n ? -n : n);
const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** `units × 10^-scale` as a plain decimal string with exactly `scale` decimals (`-1234n, 2` → `"-12.34"`). */
function plain(units: bigint, scale: number): string {
  const digits = abs(units)
    .toString()
    .padStart(scale + 1, '0');
  const sign = units < 0n ? '-' : '';
  return scale === 0 ? sign + digits : `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** The canonical amount string of `units × 10^-scale`: ≥ 4 decimals, no trailing zeros past 4, no "-0". */
function canonical(units: bigint, scale: number): string {
  if (units === 0n) return '0.0000';
  const text = plain(units, scale);
  const [integer = '0', fraction = ''] = text.split('.');
  let frac = fraction.padEnd(4, '0');
  while (frac.length > 4 && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${integer}.${frac}`;
}

/** Parses a plain decimal string into a count of 10^-scale units; the string must have at most `scale` decimals. */
function toUnits(amount: string, scale: number): bigint {
  const negative = amount.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > scale) throw new Error(`${amount} has more than ${scale} decimals`);
  const units = BigInt(integer + trimmed.padEnd(scale, '0'));
  return negative ? -units : units;
}

/** `n / d` rounded to an integer with the named tie rule, on BigInt (d > 0). */
function divRound(n: bigint, d: bigint, mode: RoundingMode): bigint {
  const q = n / d; // truncates toward zero
  const twice = 2n * abs(n % d);
  const away = n < 0n ? -1n : 1n;
  if (twice > d) return q + away;
  if (twice < d) return q;
  if (mode === 'half-away-from-zero') return q + away;
  return q % 2n === 0n ? q : q + away; // half-even
}

/** Reference formatting: sign, symbols, `,` thousands, `.` decimal point. */
function referenceFormat(units: bigint, places: number, currency: Currency): string {
  const [integer = '0', fraction] = plain(abs(units), places).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, ',');
  const number = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  return `${units < 0n ? '-' : ''}${currency.symbolLeft}${number}${currency.symbolRight}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Arbitraries

const signedRange = (max: bigint) => fc.bigInt({ min: -max, max });

/** Amount in 10^-8 units, within the input pattern (15 integer digits, 8 decimals), biased to short decimals. */
const units8 = fc.oneof(
  signedRange(10n ** 23n - 1n),
  signedRange(10n ** 10n),
  signedRange(10n ** 6n).map((n) => n * 10n ** 4n),
  signedRange(10n ** 9n).map((n) => n * 10n ** 6n),
  fc.constant(0n),
);

const currencyCode = fc.constantFrom('USD', 'EUR', 'GBP');
const amount8 = units8.map((u) => plain(u, 8));
const usdMoney = amount8.map((a) => money(a, 'USD'));
const mode = fc.constantFrom<RoundingMode>(...roundingModes);

/** Money as the operations produce it, long unrounded decimals included. */
const anyMoney: fc.Arbitrary<Money> = fc.oneof(
  fc.tuple(amount8, currencyCode).map(([a, c]) => money(a, c)),
  fc.tuple(usdMoney, fc.integer({ min: 1, max: 9973 })).map(([m, d]) => divide(m, d)),
  fc.tuple(usdMoney, fc.bigInt({ min: 1n, max: 10n ** 12n })).map(([m, r]) => multiply(m, plain(r, 8))),
  fc
    .tuple(usdMoney, fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 12n }))
    .map(([m, t, f]) => convert(m, rateCurrency('USD', f, 2), rateCurrency('EUR', t, 2))),
);

function rateCurrency(code: string, rateUnits8: bigint, decimalPlaces: number): Currency {
  return { code, title: code, symbolLeft: '$', symbolRight: '', decimalPlaces, value: plain(rateUnits8, 8) };
}

// ---------------------------------------------------------------------------------------------------------------

describe('money properties', () => {
  it('sum does not depend on the order of the list, and equals the BigInt sum', () => {
    const lists = fc
      .array(units8, { maxLength: 40 })
      .chain((list) =>
        fc.tuple(
          fc.constant(list),
          fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
        ),
      );
    fc.assert(
      fc.property(lists, ([list, shuffled]) => {
        const a = sum(
          list.map((u) => money(plain(u, 8), 'USD')),
          'USD',
        );
        const b = sum(
          shuffled.map((u) => money(plain(u, 8), 'USD')),
          'USD',
        );
        expect(b).toEqual(a);
        expect(a.amount).toBe(
          canonical(
            list.reduce((acc, u) => acc + u, 0n),
            8,
          ),
        );
      }),
      RUNS,
    );
  });

  it('rounding is idempotent in both modes', () => {
    fc.assert(
      fc.property(anyMoney, fc.integer({ min: 0, max: 8 }), mode, (m, places, rounding) => {
        const once = round(m, places, rounding);
        expect(round(once, places, rounding)).toEqual(once);
        expect(isMoney(once)).toBe(true);
      }),
      RUNS,
    );
  });

  it('JSON round-trip is exact', () => {
    fc.assert(
      fc.property(anyMoney, (m) => {
        expect(isMoney(m)).toBe(true);
        expect(moneyFromJSON(JSON.parse(JSON.stringify(m)))).toEqual(m);
      }),
      RUNS,
    );
  });

  it('convert-then-round (and formatMoney) match a BigInt reference', () => {
    // Amounts in 10^-4 units (15 integer digits); some multiples of 50 so ties are frequent.
    const units4 = fc.oneof(
      signedRange(10n ** 19n - 1n),
      signedRange(10n ** 8n),
      signedRange(10n ** 5n).map((n) => n * 50n),
    );
    // Rates in 10^-8 units, 0.0001 to 10000, often exactly 1.
    const rate = fc.oneof(fc.bigInt({ min: 10n ** 4n, max: 10n ** 12n }), fc.constant(10n ** 8n));
    fc.assert(
      fc.property(
        units4,
        rate,
        rate,
        fc.integer({ min: 0, max: 4 }),
        mode,
        (amountUnits, fromRate, toRate, places, rounding) => {
          const from = rateCurrency('USD', fromRate, 2);
          const to = { ...rateCurrency('EUR', toRate, places), symbolLeft: '', symbolRight: '€' };
          const converted = convert(money(plain(amountUnits, 4), 'USD'), from, to);
          // value × 10^places = A·10^-4 · (T/F) · 10^places = (A · T · 10^places) / (F · 10^4)
          const expectedUnits = divRound(
            amountUnits * toRate * pow10(places),
            fromRate * 10n ** 4n,
            rounding,
          );
          expect(round(converted, places, rounding)).toEqual({
            amount: canonical(expectedUnits, places),
            currency: 'EUR',
          });
          expect(formatMoney(converted, to, { mode: rounding })).toBe(
            referenceFormat(expectedUnits, places, to),
          );
        },
      ),
      RUNS,
    );
  });

  it('allocate: parts sum to the rounded amount, share its sign, and stay within one unit of the exact share', () => {
    const weights = fc.array(
      fc.oneof(
        fc.constant('0'),
        fc.bigInt({ min: 0n, max: 10n ** 12n }).map((w) => plain(w, 4)),
        fc.integer({ min: 0, max: 20 }).map(String),
      ),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(anyMoney, weights, fc.integer({ min: 0, max: 6 }), mode, (m, ws, places, rounding) => {
        const parts = allocate(m, ws, places, rounding);
        const total = round(m, places, rounding);
        expect(parts).toHaveLength(ws.length);
        expect(sum(parts, m.currency)).toEqual(total);

        const totalUnits = toUnits(total.amount, places);
        const partUnits = parts.map((p) => toUnits(p.amount, places));
        const scaled = ws.map((w) => toUnits(w, 4));
        const allZero = scaled.every((w) => w === 0n);
        const effective = allZero ? scaled.map(() => 1n) : scaled;
        const weightTotal = effective.reduce((acc, w) => acc + w, 0n);
        partUnits.forEach((p, i) => {
          expect(p === 0n || p < 0n === totalUnits < 0n).toBe(true);
          // |part − total · w / W| < 1 unit
          expect(abs(p * weightTotal - totalUnits * (effective[i] ?? 0n)) < weightTotal).toBe(true);
          if (!allZero && scaled[i] === 0n) expect(p).toBe(0n);
        });
        expect(parts.every(isMoney)).toBe(true);
      }),
      RUNS,
    );
  });

  it('add and subtract are inverse (on amounts within the input pattern, where addition is exact)', () => {
    fc.assert(
      fc.property(amount8, amount8, currencyCode, (aAmount, bAmount, currency) => {
        const a = money(aAmount, currency);
        const b = money(bAmount, currency);
        expect(subtract(add(a, b), b)).toEqual(a);
        expect(add(subtract(a, b), b)).toEqual(a);
      }),
      RUNS,
    );
  });

  it('a + b = b + a', () => {
    fc.assert(
      fc.property(anyMoney, anyMoney, (a, b) => {
        const bb = { ...b, currency: a.currency };
        expect(add(a, bb)).toEqual(add(bb, a));
      }),
      RUNS,
    );
  });
});
