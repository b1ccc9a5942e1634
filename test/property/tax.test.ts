/**
 * Property tests for the pure tax rule (src/domain/pricing/tax.ts). Amounts and rates are generated from integers
 * (BigInt counts of 10^-4 units) and written as decimal strings, never from floats.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UK, US } from '../../src/demo/geography.js';
import { createTaxRates, type TaxContext } from '../../src/domain/pricing/tax.js';
import type { GeoZone } from '../../src/domain/records/geo.js';
import type { TaxRate, TaxRule, TaxTable } from '../../src/domain/records/tax.js';
import { add, type Money, money, multiply } from '../../src/money/index.js';
import type { TaxAmount } from '../../src/ports/total-calculator.js';

const RUNS = { numRuns: 1000 };

/** `n × 10^-places` as a plain decimal string. */
function decimal(n: bigint, places: number): string {
  const sign = n < 0n ? '-' : '';
  const digits = (n < 0n ? -n : n).toString().padStart(places + 1, '0');
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

const amountArb = (currency: string) =>
  fc.bigInt({ min: -10_000_000_000n, max: 10_000_000_000n }).map((n) => money(decimal(n, 4), currency));
const quantityArb = fc.integer({ min: -1000, max: 100_000 });

const zones: readonly GeoZone[] = [
  {
    geoZoneId: 3,
    name: 'UK VAT Zone',
    members: [
      { countryId: UK, zoneId: 3513 },
      { countryId: UK, zoneId: 3563 },
    ],
  },
  { geoZoneId: 4, name: 'UK Shipping', members: [{ countryId: UK, zoneId: 0 }] },
  {
    geoZoneId: 5,
    name: 'Some US',
    members: [
      { countryId: US, zoneId: 3624 },
      { countryId: UK, zoneId: 3563 },
    ],
  },
];
const places = [
  { countryId: UK, zoneId: 3563 },
  { countryId: UK, zoneId: 3513 },
  { countryId: UK, zoneId: 3600 },
  { countryId: US, zoneId: 3624 },
  { countryId: US, zoneId: 3655 },
];

const rateArb = (taxRateId: number): fc.Arbitrary<TaxRate> =>
  fc.record({
    taxRateId: fc.constant(taxRateId),
    name: fc.constant(`rate ${taxRateId}`),
    rate: fc.bigInt({ min: 0n, max: 1_000_000n }).map((n) => decimal(n, 4)),
    type: fc.constantFrom('P' as const, 'F' as const),
    geoZoneId: fc.constantFrom(0, 3, 4, 5, 99),
    customerGroupIds: fc.subarray([1, 2, 3]),
  });

const ruleArb: fc.Arbitrary<TaxRule> = fc.record({
  taxClassId: fc.constantFrom(0, 9, 10),
  taxRateId: fc.integer({ min: 1, max: 7 }),
  based: fc.constantFrom('shipping' as const, 'payment' as const, 'store' as const),
  priority: fc.integer({ min: 0, max: 3 }),
});

const tableArb: fc.Arbitrary<TaxTable> = fc.record({
  rates: fc.tuple(...[1, 2, 3, 4, 5, 6].map(rateArb)),
  rules: fc.array(ruleArb, { maxLength: 14 }),
});

const placeOrNull = fc.option(fc.constantFrom(...places), { nil: null });

const contextArb: fc.Arbitrary<TaxContext> = fc.record({
  shippingAddress: placeOrNull,
  paymentAddress: placeOrNull,
  storeAddress: fc.constantFrom(...places),
  taxDefault: fc.constantFrom('shipping' as const, 'payment' as const, 'store' as const, null),
  customerGroupId: fc.integer({ min: 1, max: 3 }),
  geoZones: fc.constant(zones),
  table: tableArb,
});

const classArb = fc.constantFrom(0, 9, 10, 11);

/** Comparable form of a tax list. */
const shape = (list: readonly TaxAmount[]) =>
  list.map((t) => [t.taxRateId, t.name, t.amount.amount, t.amount.currency]);

describe('taxesOn', () => {
  it('is linear in the quantity: taxesOn(u, c, q) = q × taxesOn(u, c, 1)', () => {
    fc.assert(
      fc.property(contextArb, amountArb('USD'), classArb, quantityArb, (ctx, unit, taxClassId, quantity) => {
        const rates = createTaxRates(ctx);
        const one = rates.taxesOn(unit, taxClassId, 1);
        const scaled = one.map((t) => ({ ...t, amount: multiply(t.amount, quantity) }));
        expect(shape(rates.taxesOn(unit, taxClassId, quantity))).toEqual(shape(scaled));
      }),
      RUNS,
    );
  });

  it('P taxes of a sum are the sum of the P taxes; F taxes do not depend on the amount', () => {
    fc.assert(
      fc.property(
        contextArb,
        amountArb('EUR'),
        amountArb('EUR'),
        classArb,
        quantityArb,
        (ctx, a, b, taxClassId, quantity) => {
          const rates = createTaxRates(ctx);
          const type = new Map(rates.ratesFor(taxClassId).map((r) => [r.taxRateId, r.type]));
          const onA = rates.taxesOn(a, taxClassId, quantity);
          const onB = rates.taxesOn(b, taxClassId, quantity);
          const onSum = rates.taxesOn(add(a, b), taxClassId, quantity);
          expect(onSum.map((t) => t.taxRateId)).toEqual(onA.map((t) => t.taxRateId));
          onSum.forEach((t, i) => {
            const ta = onA[i] as TaxAmount;
            const tb = onB[i] as TaxAmount;
            const expected: Money = type.get(t.taxRateId) === 'P' ? add(ta.amount, tb.amount) : ta.amount;
            expect(t.amount).toEqual(expected);
            expect(tb.amount.currency).toBe('EUR');
          });
        },
      ),
      RUNS,
    );
  });

  it('class 0 never has taxes', () => {
    fc.assert(
      fc.property(contextArb, amountArb('USD'), quantityArb, (ctx, unit, quantity) => {
        expect(createTaxRates(ctx).taxesOn(unit, 0, quantity)).toEqual([]);
      }),
      RUNS,
    );
  });
});

/** The address a rule of `basis` taxes against, as the tax rule documents it. */
function placeOf(ctx: TaxContext, basis: TaxRule['based']) {
  if (basis === 'store') return ctx.storeAddress;
  const posted = basis === 'shipping' ? ctx.shippingAddress : ctx.paymentAddress;
  return posted ?? (ctx.taxDefault === basis ? ctx.storeAddress : null);
}

/** Whether `rule`'s address lies in its rate's geo zone (a member with zone 0 is the whole country). */
function reaches(ctx: TaxContext, rule: TaxRule): boolean {
  const place = placeOf(ctx, rule.based);
  const rate = ctx.table.rates.find((r) => r.taxRateId === rule.taxRateId);
  const zone = ctx.geoZones.find((z) => z.geoZoneId === rate?.geoZoneId);
  if (place === null || zone === undefined) return false;
  return zone.members.some(
    (m) => m.countryId === place.countryId && (m.zoneId === 0 || m.zoneId === place.zoneId),
  );
}

describe('createTaxRates', () => {
  const reordered = contextArb.chain((ctx) =>
    fc.record({
      ctx: fc.constant(ctx),
      rules: fc.shuffledSubarray([...ctx.table.rules], { minLength: ctx.table.rules.length }),
      rates: fc.shuffledSubarray([...ctx.table.rates], { minLength: ctx.table.rates.length }),
      zones: fc.shuffledSubarray([...zones], { minLength: zones.length }),
    }),
  );

  it('does not depend on the order of the rules, rates or geo zones', () => {
    fc.assert(
      fc.property(
        reordered,
        amountArb('USD'),
        quantityArb,
        ({ ctx, rules, rates, zones: z }, unit, quantity) => {
          const a = createTaxRates(ctx);
          const b = createTaxRates({ ...ctx, geoZones: z, table: { rules, rates } });
          for (const taxClassId of [0, 9, 10, 11]) {
            expect(b.ratesFor(taxClassId)).toEqual(a.ratesFor(taxClassId));
            expect(shape(b.taxesOn(unit, taxClassId, quantity))).toEqual(
              shape(a.taxesOn(unit, taxClassId, quantity)),
            );
          }
        },
      ),
      RUNS,
    );
  });

  it('lists each rate once, ordered by the lowest priority of its rules, then id', () => {
    fc.assert(
      fc.property(contextArb, classArb, (ctx, taxClassId) => {
        const ids = createTaxRates(ctx)
          .ratesFor(taxClassId)
          .map((r) => r.taxRateId);
        expect(new Set(ids).size).toBe(ids.length);
        // A rate's priority is the lowest of the rules that reach it here: a rule whose address (by its
        // basis) is outside the rate's geo zone does not count, whatever its priority.
        const priority = (id: number) =>
          Math.min(
            ...ctx.table.rules
              .filter((r) => r.taxClassId === taxClassId && r.taxRateId === id && reaches(ctx, r))
              .map((r) => r.priority),
          );
        for (let i = 1; i < ids.length; i++) {
          const prev = ids[i - 1] as number;
          const cur = ids[i] as number;
          expect(priority(prev) < priority(cur) || (priority(prev) === priority(cur) && prev < cur)).toBe(
            true,
          );
        }
      }),
      RUNS,
    );
  });
});
