/**
 * The in-memory tax rates.
 * @module
 */
import type { TaxRate, TaxRule, TaxTable } from '../../domain/records/tax.js';
import type { TaxRates } from '../../ports/tax-rates.js';
import { deepFreeze, sameList } from './freeze.js';
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
  /** The last table answered for each set of classes: the same object while the tables say the same. */
  const answered = new Map<string, TaxTable>();
  return {
    async getTaxTable(taxClassIds: readonly number[]): Promise<TaxTable> {
      const classes = new Set(taxClassIds);
      const rules = data.taxRules.filter((rule) => classes.has(rule.taxClassId)).sort(byClassPriorityRate);
      const rates: TaxRate[] = [];
      for (const rateId of new Set(rules.map((rule) => rule.taxRateId))) {
        const rate = data.taxRates.get(rateId);
        if (rate !== undefined) rates.push(rate);
      }
      const key = [...classes].sort((a, b) => a - b).join(',');
      const last = answered.get(key);
      const table = deepFreeze({ rules: sameList(last?.rules, rules), rates: sameList(last?.rates, rates) });
      if (last !== undefined && last.rules === table.rules && last.rates === table.rates) return last;
      if (answered.size >= MAX_ANSWERED) answered.clear();
      answered.set(key, table);
      return table;
    },
  };
}

/** How many sets of classes the last answers are kept for (a store has a handful of tax classes). */
const MAX_ANSWERED = 64;
