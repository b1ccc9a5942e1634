/**
 * The demo store's geography and taxes: the UK, the US and Singapore (three of OpenCart's 253 countries, each
 * with all its zones), OpenCart's two UK geo zones, and its two tax classes with VAT and the eco tax.
 * @module
 */
import type { Country, GeoZone, Zone } from '../domain/records/geo.js';
import type { TaxRate, TaxRule } from '../domain/records/tax.js';
import type { TaxClass } from './store-data.js';
import { ukZoneRows } from './uk-zones.js';
import { usZoneRows } from './us-zones.js';

/** The United Kingdom. */
export const UK = 222;
/** The United States. */
export const US = 223;
/** Singapore, a country without zones. */
export const SINGAPORE = 188;

/**
 * The one address format of OpenCart's install (`address_format_id` 1, every country's), which orders copy into
 * their `*_address_format`.
 */
const addressFormat =
  '{firstname} {lastname}\n{company}\n{address_1}\n{address_2}\n{city}, {zone} {postcode}\n{country}';

/** Zone records of one country from `[zoneId, code, name]` rows. */
function zones(countryId: number, rows: readonly (readonly [number, string, string])[]): Zone[] {
  return rows.map(([zoneId, code, name]) => ({ zoneId, countryId, name, code, status: true }));
}

/** The three demo countries with their zones. */
export function demoCountries(): Country[] {
  return [
    {
      countryId: UK,
      name: 'United Kingdom',
      isoCode2: 'GB',
      isoCode3: 'GBR',
      addressFormat,
      postcodeRequired: true,
      status: true,
      zones: zones(UK, ukZoneRows),
    },
    {
      countryId: US,
      name: 'United States',
      isoCode2: 'US',
      isoCode3: 'USA',
      addressFormat,
      postcodeRequired: false,
      status: true,
      zones: zones(US, usZoneRows),
    },
    {
      countryId: SINGAPORE,
      name: 'Singapore',
      isoCode2: 'SG',
      isoCode3: 'SGP',
      addressFormat,
      postcodeRequired: false,
      status: true,
      zones: [],
    },
  ];
}

/** Geo zone 3 "UK VAT Zone" (all 107 UK zones, one by one) and 4 "UK Shipping" (all of the UK, zone 0). */
export function demoGeoZones(): GeoZone[] {
  return [
    {
      geoZoneId: 3,
      name: 'UK VAT Zone',
      members: ukZoneRows.map(([zoneId]) => ({ countryId: UK, zoneId })),
    },
    { geoZoneId: 4, name: 'UK Shipping', members: [{ countryId: UK, zoneId: 0 }] },
  ];
}

/** Tax classes 9 and 10. */
export function demoTaxClasses(): TaxClass[] {
  return [
    { taxClassId: 9, title: 'Taxable Goods', description: 'Taxed goods' },
    { taxClassId: 10, title: 'Downloadable Products', description: 'Downloadable' },
  ];
}

/** Rates 86 (VAT 20 %) and 87 (eco tax 2.00 per unit), both in geo zone 3, for customer group 1 only. */
export function demoTaxRates(): TaxRate[] {
  return [
    { taxRateId: 86, name: 'VAT (20%)', rate: '20.0000', type: 'P', geoZoneId: 3, customerGroupIds: [1] },
    {
      taxRateId: 87,
      name: 'Eco Tax (-2.00)',
      rate: '2.0000',
      type: 'F',
      geoZoneId: 3,
      customerGroupIds: [1],
    },
  ];
}

/** Class 9 taxes by the shipping address; class 10 takes VAT by the payment address and eco tax by the store's. */
export function demoTaxRules(): TaxRule[] {
  return [
    { taxClassId: 9, taxRateId: 86, based: 'shipping', priority: 1 },
    { taxClassId: 9, taxRateId: 87, based: 'shipping', priority: 2 },
    { taxClassId: 10, taxRateId: 86, based: 'payment', priority: 1 },
    { taxClassId: 10, taxRateId: 87, based: 'store', priority: 0 },
  ];
}
