/**
 * Geo-zone membership (OpenCart `localisation/geo_zone.getGeoZone`): pure, no I/O.
 * @module
 */
import type { GeoZone } from '../records/geo.js';

/** A place to test against geo zones: a country and one of its zones (0 when the country has none). */
export interface GeoPlace {
  readonly countryId: number;
  readonly zoneId: number;
}

/**
 * True when `place` is in `zone`: some member has the place's country and either the place's zone or zone 0
 * ("every zone of the country"). One pass over the members, comparing numbers: a zone that lists every zone of
 * its countries (a VAT zone of a few hundred) costs a few hundred comparisons, less than building an index would.
 */
export function isInGeoZone(zone: GeoZone, place: GeoPlace): boolean {
  const { countryId, zoneId } = place;
  for (const member of zone.members) {
    if (member.countryId === countryId && (member.zoneId === 0 || member.zoneId === zoneId)) return true;
  }
  return false;
}

/** The ids of the geo zones of `zones` that contain `place`, ascending and without repeats. */
export function geoZonesOf(zones: readonly GeoZone[], place: GeoPlace): number[] {
  const ids = new Set<number>();
  for (const zone of zones) {
    if (isInGeoZone(zone, place)) ids.add(zone.geoZoneId);
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * Whether a method configured for geo zone `geoZoneId` applies at `place`. Id 0 means "everywhere" and is
 * always true; an id that names no zone of `zones` is false.
 */
export function appliesInGeoZone(geoZoneId: number, zones: readonly GeoZone[], place: GeoPlace): boolean {
  if (geoZoneId === 0) return true;
  return zones.some((zone) => zone.geoZoneId === geoZoneId && isInGeoZone(zone, place));
}
