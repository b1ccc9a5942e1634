/**
 * The in-memory tax rates.
 * @module
 */
import type { TaxRate, TaxRule, TaxTable } from '../../domain/records/tax.js';
import type { TaxRates } from '../../ports/tax-rates.js';
import { deepFreeze } from './freeze.js';
import type { MemoryStoreData } from './store-data.js';

/** Rules in a stable order: by class, then priority, then rate, so the same table always reads the same. */
function byClassPriorityRate(a: TaxRule, b: TaxRule): number {
  return a.taxClassId - b.taxClassId || a.priority - b.priority || a.taxRateId - b.taxRateId;
}

/**
 * {@link TaxRates} over the memory tables: every rule of the asked classes and each rate they name, once.
 * A rule naming a rate that does not exist is returned without it; the pure tax rule skips such rules.
 */
export function createMemoryTaxRates(data: MemoryStoreData): TaxRates {
  return {
    async getTaxTable(taxClassIds: readonly number[]): Promise<TaxTable> {
      const classes = new Set(taxClassIds);
      const rules = data.taxRules.filter((rule) => classes.has(rule.taxClassId)).sort(byClassPriorityRate);
      const rates: TaxRate[] = [];
      for (const rateId of new Set(rules.map((rule) => rule.taxRateId))) {
        const rate = data.taxRates.get(rateId);
        if (rate !== undefined) rates.push(rate);
      }
      return deepFreeze({ rules, rates });
    },
  };
}
