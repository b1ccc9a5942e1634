/**
 * The PostgreSQL tax rates.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { TaxRate, TaxRule, TaxTable } from '../../domain/records/tax.js';
import type { TaxRates } from '../../ports/tax-rates.js';
import { type PostgresAdapterOptions, resolveOptions } from './options.js';
import { isStoredId, jsonColumn } from './values.js';

/**
 * {@link TaxRates} over PostgreSQL, one statement per call: the rules of the asked classes by class, priority,
 * rate (then as written), and each rate they name once, in the order the rules first name them, as the memory
 * adapter answers. A rule naming a missing rate comes without it. The table is handed out frozen; with a
 * reference cache it comes from memory while it listens (see `createPostgresReferenceCache`).
 */
export function createPostgresTaxRates(options: PostgresAdapterOptions): TaxRates {
  const { db, tables: t, cache } = resolveOptions(options);
  const statement = `WITH rules AS (
      SELECT * FROM ${t.tax_rule} WHERE tax_class_id = ANY($1::int[])
    )
    SELECT
      COALESCE((
        SELECT json_agg(json_build_object(
            'taxClassId', r.tax_class_id, 'taxRateId', r.tax_rate_id, 'based', r.based, 'priority', r.priority
          ) ORDER BY r.tax_class_id, r.priority, r.tax_rate_id, r.tax_rule_id)
        FROM rules r
      ), '[]'::json) AS rules,
      COALESCE((
        SELECT json_agg(json_build_object(
          'taxRateId', x.tax_rate_id, 'name', x.name, 'rate', x.rate::text, 'type', x.type,
          'geoZoneId', x.geo_zone_id,
          'customerGroupIds', COALESCE((
            SELECT json_agg(g.customer_group_id ORDER BY g.position, g.customer_group_id)
            FROM ${t.tax_rate_to_customer_group} g WHERE g.tax_rate_id = x.tax_rate_id
          ), '[]'::json)
        ))
        FROM ${t.tax_rate} x WHERE x.tax_rate_id IN (SELECT tax_rate_id FROM rules)
      ), '[]'::json) AS rates`;

  return {
    async getTaxTable(taxClassIds: readonly number[]): Promise<TaxTable> {
      const ids = [...new Set(taxClassIds.filter(isStoredId))].sort((a, b) => a - b);
      if (ids.length === 0) return deepFreeze({ rules: [], rates: [] });
      return cache.read('taxes', ids.join(','), () => readTable(ids));
    },
  };

  /** The table of the classes `ids`, frozen. */
  async function readTable(ids: readonly number[]): Promise<TaxTable> {
    const { rows } = await db.query(statement, [ids]);
    const [row] = rows;
    const rules = jsonColumn<TaxRule[]>(row?.rules ?? []);
    const byId = new Map(jsonColumn<TaxRate[]>(row?.rates ?? []).map((rate) => [rate.taxRateId, rate]));
    const rates: TaxRate[] = [];
    for (const rateId of new Set(rules.map((rule) => rule.taxRateId))) {
      const rate = byId.get(rateId);
      if (rate !== undefined) rates.push(rate);
    }
    return deepFreeze({ rules, rates });
  }
}
