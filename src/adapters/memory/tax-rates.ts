/**
 * The in-memory tax rates.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { TaxRate, TaxRule, TaxTable } from '../../domain/records/tax.js';
import type { TaxRates } from '../../ports/tax-rates.js';
import { sameList } from './freeze.js';
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
  /** The rule list the last tables were read from, as it was then: while it still holds the same, so do they. */
  let readRules: readonly TaxRule[] = [];
  return {
    async getTaxTable(taxClassIds: readonly number[]): Promise<TaxTable> {
      const key = classKey(taxClassIds);
      const known = answered.get(key);
      if (known !== undefined && sameList(readRules, data.taxRules) === readRules && ratesKept(known, data)) {
        return known;
      }
      const classes = new Set(taxClassIds);
      const rules = data.taxRules.filter((rule) => classes.has(rule.taxClassId)).sort(byClassPriorityRate);
      const rates: TaxRate[] = [];
      for (const rateId of new Set(rules.map((rule) => rule.taxRateId))) {
        const rate = data.taxRates.get(rateId);
        if (rate !== undefined) rates.push(rate);
      }
      if (sameList(readRules, data.taxRules) !== readRules) {
        readRules = [...data.taxRules];
        answered.clear();
      }
      const last = known ?? answered.get(key);
      const table = deepFreeze({ rules: sameList(last?.rules, rules), rates: sameList(last?.rates, rates) });
      if (last !== undefined && last.rules === table.rules && last.rates === table.rates) return last;
      if (answered.size >= MAX_ANSWERED) answered.clear();
      answered.set(key, table);
      return table;
    },
  };
}

/** The classes as a key: ascending, each once. */
function classKey(taxClassIds: readonly number[]): string {
  return [...new Set(taxClassIds)].sort((a, b) => a - b).join(',');
}

/**
 * Whether the table's rates are still the ones its rules name, in the order they name them first, each once,
 * a rate gone left out (the same records, so the table, with the same rules, says what it said).
 */
function ratesKept(table: TaxTable, data: MemoryStoreData): boolean {
  const { rules, rates } = table;
  let next = 0;
  for (let r = 0; r < rules.length; r += 1) {
    const id = (rules[r] as TaxRule).taxRateId;
    if (rules.findIndex((rule) => rule.taxRateId === id) !== r) continue;
    const rate = data.taxRates.get(id);
    if (rate === undefined) continue;
    if (rates[next] !== rate) return false;
    next += 1;
  }
  return next === rates.length;
}

/** How many sets of classes the last answers are kept for (a store has a handful of tax classes). */
const MAX_ANSWERED = 64;
