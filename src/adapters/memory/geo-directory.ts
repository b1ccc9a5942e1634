/**
 * The in-memory geography directory.
 * @module
 */

import { deepFreeze } from '../../domain/deep-freeze.js';
import type { Country, GeoZone } from '../../domain/records/geo.js';
import type { GeoDirectory } from '../../ports/geo-directory.js';
import { sameList } from './freeze.js';
import type { MemoryStoreData } from './store-data.js';

/** A {@link GeoDirectory} over the memory tables: countries with all their zones, and every geo zone. */
export function createMemoryGeoDirectory(data: MemoryStoreData): GeoDirectory {
  let lastZones: readonly GeoZone[] = Object.freeze([]);
  return {
    async getCountry(countryId: number): Promise<Country | undefined> {
      const country = data.countries.get(countryId);
      return country === undefined ? undefined : deepFreeze(country);
    },

    async getGeoZones(): Promise<readonly GeoZone[]> {
      lastZones = sameList(lastZones, Object.freeze([...data.geoZones.values()].map(deepFreeze)));
      return lastZones;
    },
  };
}
