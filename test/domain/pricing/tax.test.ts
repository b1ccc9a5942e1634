import { describe, expect, it } from 'vitest';
import { demoGeoZones, demoTaxRates, demoTaxRules, UK, US } from '../../../src/demo/geography.js';
import { createTaxRates, sumTaxes, type TaxContext } from '../../../src/domain/pricing/tax.js';
import type { TaxTable } from '../../../src/domain/records/tax.js';
import { money } from '../../../src/money/index.js';

const LANCASHIRE = { countryId: UK, zoneId: 3563 };
const ABERDEEN = { countryId: UK, zoneId: 3513 };
const CALIFORNIA = { countryId: US, zoneId: 3624 };
const table: TaxTable = { rules: demoTaxRules(), rates: demoTaxRates() };

function ctx(over: Partial<TaxContext> = {}): TaxContext {
  return {
    shippingAddress: LANCASHIRE,
    paymentAddress: LANCASHIRE,
    storeAddress: LANCASHIRE,
    taxDefault: 'shipping',
    customerGroupId: 1,
    geoZones: demoGeoZones(),
    table,
    ...over,
  };
}

const usd = (amount: string) => money(amount, 'USD');
const amounts = (list: readonly { taxRateId: number; name: string; amount: { amount: string } }[]) =>
  list.map((t) => [t.taxRateId, t.name, t.amount.amount]);

describe('createTaxRates on the demo store', () => {
  it('class 9 at 100.00 × 1 to a UK address: VAT 20 and eco tax 2', () => {
    const taxes = createTaxRates(ctx()).taxesOn(usd('100.00'), 9, 1);
    expect(amounts(taxes)).toEqual([
      [86, 'VAT (20%)', '20.0000'],
      [87, 'Eco Tax (-2.00)', '2.0000'],
    ]);
    expect(taxes.every((t) => t.amount.currency === 'USD')).toBe(true);
  });

  it('× 3 gives 60 and 6 (the eco tax is per unit)', () => {
    const taxes = createTaxRates(ctx()).taxesOn(usd('100.00'), 9, 3);
    expect(amounts(taxes)).toEqual([
      [86, 'VAT (20%)', '60.0000'],
      [87, 'Eco Tax (-2.00)', '6.0000'],
    ]);
  });

  it('is exact and unrounded', () => {
    const [vat] = createTaxRates(ctx()).taxesOn(usd('0.0333'), 9, 1);
    expect(vat?.amount.amount).toBe('0.00666');
  });

  it('F rates take the currency of the amount', () => {
    const taxes = createTaxRates(ctx()).taxesOn(money('10', 'EUR'), 9, 2);
    expect(taxes.map((t) => [t.amount.amount, t.amount.currency])).toEqual([
      ['4.0000', 'EUR'],
      ['4.0000', 'EUR'],
    ]);
  });

  it('a US shipping address: no taxes on class 9', () => {
    const rates = createTaxRates(ctx({ shippingAddress: CALIFORNIA }));
    expect(rates.ratesFor(9)).toEqual([]);
    expect(rates.taxesOn(usd('100.00'), 9, 1)).toEqual([]);
  });

  it('no shipping address and taxDefault shipping: the store address (UK) is used', () => {
    const rates = createTaxRates(ctx({ shippingAddress: null, paymentAddress: null }));
    expect(rates.ratesFor(9).map((r) => r.taxRateId)).toEqual([86, 87]);
  });

  it('no shipping address and a US store: none', () => {
    const rates = createTaxRates(ctx({ shippingAddress: null, storeAddress: CALIFORNIA }));
    expect(rates.ratesFor(9)).toEqual([]);
  });

  it('taxDefault null and no address: no shipping or payment taxes', () => {
    const rates = createTaxRates(ctx({ shippingAddress: null, paymentAddress: null, taxDefault: null }));
    expect(rates.ratesFor(9)).toEqual([]);
    // The store-based eco tax of class 10 still applies.
    expect(rates.ratesFor(10).map((r) => r.taxRateId)).toEqual([87]);
  });

  it('taxDefault payment stands in for a missing payment address only', () => {
    const rates = createTaxRates(ctx({ shippingAddress: null, paymentAddress: null, taxDefault: 'payment' }));
    expect(rates.ratesFor(9)).toEqual([]);
    expect(rates.ratesFor(10).map((r) => r.taxRateId)).toEqual([87, 86]);
  });

  it('class 10: VAT by the payment address, eco by the store address', () => {
    const usPayment = createTaxRates(ctx({ paymentAddress: CALIFORNIA }));
    expect(amounts(usPayment.taxesOn(usd('100.00'), 10, 1))).toEqual([[87, 'Eco Tax (-2.00)', '2.0000']]);
    const ukPayment = createTaxRates(ctx({ paymentAddress: ABERDEEN, shippingAddress: CALIFORNIA }));
    // Eco priority 0 comes before VAT priority 1.
    expect(amounts(ukPayment.taxesOn(usd('100.00'), 10, 1))).toEqual([
      [87, 'Eco Tax (-2.00)', '2.0000'],
      [86, 'VAT (20%)', '20.0000'],
    ]);
    const usStore = createTaxRates(ctx({ storeAddress: CALIFORNIA }));
    expect(usStore.ratesFor(10).map((r) => r.taxRateId)).toEqual([86]);
  });

  it('customer groups 2 (Retail) and 3 (Wholesale) are not linked to the rates: none', () => {
    for (const customerGroupId of [2, 3]) {
      const rates = createTaxRates(ctx({ customerGroupId }));
      expect(rates.ratesFor(9)).toEqual([]);
      expect(rates.ratesFor(10)).toEqual([]);
    }
  });

  it('customer group 1 is linked', () => {
    expect(createTaxRates(ctx({ customerGroupId: 1 })).ratesFor(9)).toHaveLength(2);
  });

  it('class 0 and unknown classes: no taxes', () => {
    const rates = createTaxRates(ctx());
    expect(rates.taxesOn(usd('100.00'), 0, 1)).toEqual([]);
    expect(rates.taxesOn(usd('100.00'), 42, 1)).toEqual([]);
    const withClass0 = createTaxRates(
      ctx({
        table: {
          rules: [...table.rules, { taxClassId: 0, taxRateId: 86, based: 'store', priority: 0 }],
          rates: table.rates,
        },
      }),
    );
    expect(withClass0.ratesFor(0)).toEqual([]);
  });

  it('a rate linked through two rules is counted once, at the lower priority', () => {
    const twice: TaxTable = {
      rules: [
        { taxClassId: 9, taxRateId: 86, based: 'shipping', priority: 5 },
        { taxClassId: 9, taxRateId: 86, based: 'store', priority: 0 },
        { taxClassId: 9, taxRateId: 87, based: 'shipping', priority: 2 },
        { taxClassId: 9, taxRateId: 86, based: 'payment', priority: 1 },
      ],
      rates: table.rates,
    };
    const rates = createTaxRates(ctx({ table: twice }));
    expect(rates.ratesFor(9).map((r) => r.taxRateId)).toEqual([86, 87]);
    expect(amounts(rates.taxesOn(usd('100.00'), 9, 1))).toEqual([
      [86, 'VAT (20%)', '20.0000'],
      [87, 'Eco Tax (-2.00)', '2.0000'],
    ]);
  });

  it('orders by priority, then rate id', () => {
    const tie: TaxTable = {
      rules: [
        { taxClassId: 9, taxRateId: 87, based: 'shipping', priority: 1 },
        { taxClassId: 9, taxRateId: 86, based: 'shipping', priority: 1 },
      ],
      rates: table.rates,
    };
    expect(
      createTaxRates(ctx({ table: tie }))
        .ratesFor(9)
        .map((r) => r.taxRateId),
    ).toEqual([86, 87]);
  });

  it('a rate in a geo zone 0, an unknown geo zone, or missing from the table never applies', () => {
    const odd: TaxTable = {
      rules: [
        { taxClassId: 9, taxRateId: 1, based: 'store', priority: 0 },
        { taxClassId: 9, taxRateId: 2, based: 'store', priority: 0 },
        { taxClassId: 9, taxRateId: 3, based: 'store', priority: 0 },
      ],
      rates: [
        { taxRateId: 1, name: 'zero', rate: '1', type: 'P', geoZoneId: 0, customerGroupIds: [1] },
        { taxRateId: 2, name: 'unknown', rate: '1', type: 'P', geoZoneId: 99, customerGroupIds: [1] },
      ],
    };
    expect(createTaxRates(ctx({ table: odd })).ratesFor(9)).toEqual([]);
  });

  it('geo zone 4 (country 222, zone 0) covers every UK zone', () => {
    const uk4: TaxTable = {
      rules: [{ taxClassId: 9, taxRateId: 5, based: 'shipping', priority: 0 }],
      rates: [{ taxRateId: 5, name: 'UK', rate: '5', type: 'P', geoZoneId: 4, customerGroupIds: [1] }],
    };
    for (const zoneId of [3513, 3563, 0]) {
      const rates = createTaxRates(ctx({ table: uk4, shippingAddress: { countryId: UK, zoneId } }));
      expect(amounts(rates.taxesOn(usd('100'), 9, 1))).toEqual([[5, 'UK', '5.0000']]);
    }
    expect(createTaxRates(ctx({ table: uk4, shippingAddress: CALIFORNIA })).ratesFor(9)).toEqual([]);
  });
});

describe('sumTaxes', () => {
  it('adds the amounts of each rate, keyed by rate id', () => {
    const rates = createTaxRates(ctx());
    const line = rates.taxesOn(usd('100.00'), 9, 2);
    const shipping = rates.taxesOn(usd('5.00'), 9, 1);
    const total = sumTaxes([line, shipping]);
    expect(Object.keys(total)).toEqual(['86', '87']);
    expect(total['86']).toEqual({ taxRateId: 86, name: 'VAT (20%)', amount: usd('41') });
    expect(total['87']).toEqual({ taxRateId: 87, name: 'Eco Tax (-2.00)', amount: usd('6') });
  });

  it('is empty for no taxes', () => {
    expect(sumTaxes([])).toEqual({});
    expect(sumTaxes([[], []])).toEqual({});
  });
});
