import { describe, expect, it } from 'vitest';
import { demoGeoZones, SINGAPORE, UK, US } from '../../../src/demo/geography.js';
import { appliesInGeoZone, geoZonesOf, isInGeoZone } from '../../../src/domain/address/geo-zone.js';
import type { GeoZone } from '../../../src/domain/records/geo.js';

const zones = demoGeoZones();
const vatZone = zones.find((z) => z.geoZoneId === 3) as GeoZone;
const shippingZone = zones.find((z) => z.geoZoneId === 4) as GeoZone;
const lancashire = { countryId: UK, zoneId: 3563 };
const aberdeen = { countryId: UK, zoneId: 3513 };
const california = { countryId: US, zoneId: 3624 };

describe('isInGeoZone', () => {
  it('matches a member with the same country and zone', () => {
    expect(isInGeoZone(vatZone, lancashire)).toBe(true);
    expect(isInGeoZone(vatZone, aberdeen)).toBe(true);
  });

  it('refuses another country, even with a zone id listed for the first', () => {
    expect(isInGeoZone(vatZone, california)).toBe(false);
    expect(isInGeoZone(vatZone, { countryId: US, zoneId: 3563 })).toBe(false);
  });

  it('refuses a zone the geo zone does not list', () => {
    const one: GeoZone = { geoZoneId: 9, name: 'one', members: [{ countryId: UK, zoneId: 3513 }] };
    expect(isInGeoZone(one, lancashire)).toBe(false);
    expect(isInGeoZone(one, { countryId: UK, zoneId: 0 })).toBe(false);
  });

  it('geo zone 4 (country 222, zone 0) matches every UK zone, and a UK place without a zone', () => {
    for (const member of vatZone.members) expect(isInGeoZone(shippingZone, member)).toBe(true);
    expect(isInGeoZone(shippingZone, { countryId: UK, zoneId: 0 })).toBe(true);
    expect(isInGeoZone(shippingZone, california)).toBe(false);
  });

  it('an empty geo zone contains nothing', () => {
    expect(isInGeoZone({ geoZoneId: 5, name: 'empty', members: [] }, lancashire)).toBe(false);
  });
});

describe('geoZonesOf', () => {
  it('lists the matching ids ascending, whatever the input order', () => {
    expect(geoZonesOf(zones, lancashire)).toEqual([3, 4]);
    expect(geoZonesOf([...zones].reverse(), lancashire)).toEqual([3, 4]);
  });

  it('is empty for places in no zone', () => {
    expect(geoZonesOf(zones, california)).toEqual([]);
    expect(geoZonesOf(zones, { countryId: SINGAPORE, zoneId: 0 })).toEqual([]);
    expect(geoZonesOf([], lancashire)).toEqual([]);
  });

  it('lists a zone once even when several members match', () => {
    const twice: GeoZone = {
      geoZoneId: 7,
      name: 'twice',
      members: [
        { countryId: UK, zoneId: 0 },
        { countryId: UK, zoneId: 3563 },
      ],
    };
    expect(geoZonesOf([twice, twice], lancashire)).toEqual([7]);
  });
});

describe('appliesInGeoZone', () => {
  it('geo zone 0 means everywhere', () => {
    expect(appliesInGeoZone(0, zones, california)).toBe(true);
    expect(appliesInGeoZone(0, [], { countryId: SINGAPORE, zoneId: 0 })).toBe(true);
  });

  it('otherwise the place must be in that geo zone', () => {
    expect(appliesInGeoZone(4, zones, aberdeen)).toBe(true);
    expect(appliesInGeoZone(4, zones, california)).toBe(false);
    expect(appliesInGeoZone(3, zones, { countryId: UK, zoneId: 0 })).toBe(false);
  });

  it('an unknown geo zone id applies nowhere', () => {
    expect(appliesInGeoZone(99, zones, lancashire)).toBe(false);
  });
});
