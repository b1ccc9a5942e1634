/**
 * What the geo-directory contract suite seeds: countries (one disabled, one with a disabled zone, one with no
 * zones) and geo zones (whole countries, single zones, and one with no members).
 * @module
 */
import type { Country, GeoZone } from '../../domain/records/geo.js';

/** What the geo-directory suite asks the host to store before a case. */
export interface GeoSeed {
  readonly countries: readonly Country[];
  readonly geoZones: readonly GeoZone[];
}

/** A fresh copy of the geography seed. */
export function seedGeography(): GeoSeed {
  return {
    countries: [
      {
        countryId: 222,
        name: 'United Kingdom',
        isoCode2: 'GB',
        isoCode3: 'GBR',
        addressFormat: '{firstname} {lastname}\n{company}\n{address_1}\n{city} {postcode}\n{country}',
        postcodeRequired: true,
        status: true,
        zones: [
          { zoneId: 3563, countryId: 222, name: 'Lancashire', code: 'LAN', status: true },
          { zoneId: 3564, countryId: 222, name: 'Old County', code: 'OLD', status: false },
          { zoneId: 3513, countryId: 222, name: 'Aberdeen', code: 'ABN', status: true },
        ],
      },
      {
        countryId: 188,
        name: 'Singapore',
        isoCode2: 'SG',
        isoCode3: 'SGP',
        addressFormat: '',
        postcodeRequired: false,
        status: false,
        zones: [],
      },
      {
        countryId: 81,
        name: 'Germany',
        isoCode2: 'DE',
        isoCode3: 'DEU',
        addressFormat: '',
        postcodeRequired: true,
        status: true,
        zones: [{ zoneId: 1256, countryId: 81, name: 'Berlin', code: 'BER', status: true }],
      },
    ],
    geoZones: [
      { geoZoneId: 3, name: 'UK VAT Zone', members: [{ countryId: 222, zoneId: 0 }] },
      {
        geoZoneId: 4,
        name: 'Lancashire & Germany',
        members: [
          { countryId: 222, zoneId: 3563 },
          { countryId: 81, zoneId: 0 },
        ],
      },
      { geoZoneId: 5, name: 'Nowhere yet', members: [] },
    ],
  };
}
