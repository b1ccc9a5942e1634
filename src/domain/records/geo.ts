/**
 * Geography records: what a {@link GeoDirectory} port returns.
 * @module
 */

/** A zone (region, state, county) of a country. */
export interface Zone {
  readonly zoneId: number;
  readonly countryId: number;
  readonly name: string;
  readonly code: string;
  readonly status: boolean;
}

/** A country with its zones. */
export interface Country {
  readonly countryId: number;
  readonly name: string;
  readonly isoCode2: string;
  readonly isoCode3: string;
  /** Address template (`{firstname} {lastname}\n{company}…`); empty for the default format. */
  readonly addressFormat: string;
  readonly postcodeRequired: boolean;
  readonly status: boolean;
  readonly zones: readonly Zone[];
}

/** One member of a geo zone: a whole country (`zoneId` 0) or one of its zones. */
export interface GeoZoneMember {
  readonly countryId: number;
  readonly zoneId: number;
}

/** A named set of countries and zones, used by tax rates and shipping and payment methods. */
export interface GeoZone {
  readonly geoZoneId: number;
  readonly name: string;
  readonly members: readonly GeoZoneMember[];
}
