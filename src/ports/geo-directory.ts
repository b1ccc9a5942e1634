/**
 * The geography port.
 * @module
 */
import type { Country, GeoZone } from '../domain/records/geo.js';

/**
 * Countries with their zones, and geo zones.
 *
 * Contract (the `cartwright/testing` suite `describeGeoDirectoryContract` checks every point): `getCountry` returns the country whatever its status, with all of its zones; `getGeoZones` returns
 * every geo zone with its members (a small set, read whole so that matching stays a pure rule), one without
 * members too. Records handed out cannot change the store; a failed store rejects, with an `Error`.
 */
export interface GeoDirectory {
  /** The country with all its zones, whatever its status, or undefined. */
  getCountry(countryId: number): Promise<Country | undefined>;
  /** Every geo zone with its members. */
  getGeoZones(): Promise<readonly GeoZone[]>;
}
