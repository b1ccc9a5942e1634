/**
 * The geography port.
 * @module
 */
import type { Country, GeoZone } from '../domain/records/geo.js';

/**
 * Countries with their zones, and geo zones.
 *
 * Contract: `getCountry` returns the country whatever its status, with all of its zones; `getGeoZones` returns
 * every geo zone with its members (a small set, read whole so that matching stays a pure rule).
 */
export interface GeoDirectory {
  getCountry(countryId: number): Promise<Country | undefined>;
  getGeoZones(): Promise<readonly GeoZone[]>;
}
