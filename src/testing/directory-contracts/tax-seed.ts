/**
 * What the tax-rates contract suite seeds: rates of both types, in two geo zones, and rules linking classes to
 * them by every address basis (a rate named by several classes, a rate for no group).
 * @module
 */
import type { TaxRate, TaxRule } from '../../domain/records/tax.js';

/** What the tax-rates suite asks the host to store before a case. */
export interface TaxSeed {
  readonly taxRates: readonly TaxRate[];
  readonly taxRules: readonly TaxRule[];
}

/** A fresh copy of the tax seed: classes 9, 10 and 11 (12 has no rules). */
export function seedTaxes(): TaxSeed {
  return {
    taxRates: [
      {
        taxRateId: 86,
        name: 'VAT (20%)',
        rate: '20.0000',
        type: 'P',
        geoZoneId: 3,
        customerGroupIds: [1, 2],
      },
      {
        taxRateId: 87,
        name: 'Eco Tax (-2.00)',
        rate: '2.0000',
        type: 'F',
        geoZoneId: 3,
        customerGroupIds: [1],
      },
      { taxRateId: 88, name: 'Reduced (5%)', rate: '5.0000', type: 'P', geoZoneId: 4, customerGroupIds: [] },
      { taxRateId: 89, name: 'Unused', rate: '1.0000', type: 'P', geoZoneId: 4, customerGroupIds: [1] },
    ],
    taxRules: [
      { taxClassId: 9, taxRateId: 86, based: 'shipping', priority: 1 },
      { taxClassId: 9, taxRateId: 87, based: 'shipping', priority: 2 },
      { taxClassId: 10, taxRateId: 86, based: 'payment', priority: 1 },
      { taxClassId: 10, taxRateId: 88, based: 'store', priority: 2 },
      { taxClassId: 11, taxRateId: 88, based: 'shipping', priority: 1 },
    ],
  };
}
