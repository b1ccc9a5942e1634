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

/** A geo zone's members by country: `true` when a member covers every zone of it, else the zone ids listed. */
type MemberIndex = ReadonlyMap<number, true | ReadonlySet<number>>;

/**
 * The member index of each geo zone, made the first time the zone is asked about: a zone lists every zone of its
 * countries one by one (a VAT zone holds a few hundred), and a lookup should not walk them all. Keyed weakly by
 * the zone record, which is immutable, so the index lives as long as the record and no longer.
 */
const memberIndexes = new WeakMap<GeoZone, MemberIndex>();

/** The member index of `zone`. */
function memberIndex(zone: GeoZone): MemberIndex {
  const known = memberIndexes.get(zone);
  if (known !== undefined) return known;
  const index = new Map<number, true | Set<number>>();
  for (const { countryId, zoneId } of zone.members) {
    const zones = index.get(countryId);
    if (zones === true) continue;
    if (zoneId === 0) index.set(countryId, true);
    else if (zones === undefined) index.set(countryId, new Set([zoneId]));
    else zones.add(zoneId);
  }
  if (Object.isFrozen(zone.members)) memberIndexes.set(zone, index);
  return index;
}

/**
 * True when `place` is in `zone`: some member has the place's country and either the place's zone or zone 0
 * ("every zone of the country").
 */
export function isInGeoZone(zone: GeoZone, place: GeoPlace): boolean {
  const zones = memberIndex(zone).get(place.countryId);
  return zones === true || zones?.has(place.zoneId) === true;
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
