/**
 * The PostgreSQL geography directory.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { Country, GeoZone } from '../../domain/records/geo.js';
import type { GeoDirectory } from '../../ports/geo-directory.js';
import { type PostgresAdapterOptions, resolveOptions } from './options.js';
import { isStoredId, jsonColumn } from './values.js';

/**
 * A {@link GeoDirectory} over PostgreSQL, one statement per call: a country with all of its zones (in the order
 * they were written), and every geo zone with its members, by id. Records are handed out frozen; with a
 * reference cache they come from memory while it listens (see `createPostgresReferenceCache`).
 */
export function createPostgresGeoDirectory(options: PostgresAdapterOptions): GeoDirectory {
  const { db, tables: t, cache } = resolveOptions(options);
  const country = `SELECT json_build_object(
      'countryId', c.country_id, 'name', c.name, 'isoCode2', c.iso_code_2, 'isoCode3', c.iso_code_3,
      'addressFormat', c.address_format, 'postcodeRequired', c.postcode_required, 'status', c.status,
      'zones', COALESCE((
        SELECT json_agg(json_build_object(
            'zoneId', z.zone_id, 'countryId', z.country_id, 'name', z.name, 'code', z.code, 'status', z.status
          ) ORDER BY z.position, z.zone_id)
        FROM ${t.zone} z WHERE z.country_id = c.country_id
      ), '[]'::json)
    ) AS record
    FROM ${t.country} c WHERE c.country_id = $1`;
  const geoZones = `SELECT json_build_object(
      'geoZoneId', g.geo_zone_id, 'name', g.name,
      'members', COALESCE((
        SELECT json_agg(json_build_object('countryId', m.country_id, 'zoneId', m.zone_id)
          ORDER BY m.position, m.zone_to_geo_zone_id)
        FROM ${t.zone_to_geo_zone} m WHERE m.geo_zone_id = g.geo_zone_id
      ), '[]'::json)
    ) AS record
    FROM ${t.geo_zone} g ORDER BY g.geo_zone_id`;

  return {
    async getCountry(countryId: number): Promise<Country | undefined> {
      if (!isStoredId(countryId)) return undefined;
      return cache.read('countries', String(countryId), async () => {
        const { rows } = await db.query(country, [countryId]);
        const [row] = rows;
        return row === undefined ? undefined : deepFreeze(jsonColumn<Country>(row.record));
      });
    },

    getGeoZones(): Promise<readonly GeoZone[]> {
      return cache.read('geoZones', 'all', async () => {
        const { rows } = await db.query(geoZones);
        return deepFreeze(rows.map((row) => jsonColumn<GeoZone>(row.record)));
      });
    },
  };
}
