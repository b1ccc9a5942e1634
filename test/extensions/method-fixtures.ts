/**
 * Shared fixtures of the extension tests: the demo store's settings, extension config and geo zones, and
 * session addresses in the UK (Lancashire), the US (California) and Singapore (no zones).
 */

import { demoStore } from '../../src/adapters/memory/index.js';
import type { SessionAddress } from '../../src/domain/machine/session.js';
import { applyExtensionConfig, extensionConfigNames } from '../../src/domain/settings/extension-settings.js';

/**
 * A fresh demo store's data: settings, `extensions` and the geo zones as a list. Every method is switched on by
 * its OpenCart setting (the demo leaves the ones OpenCart does not install off), so each can be tested.
 */
export function demo() {
  const { data } = demoStore();
  const everyMethodOn = Object.fromEntries(
    extensionConfigNames.filter((name) => !name.startsWith('total_')).map((name) => [name, true]),
  );
  const extensions = applyExtensionConfig(data.extensions, everyMethodOn)._unsafeUnwrap();
  return { settings: data.settings, extensions, geoZones: [...data.geoZones.values()] };
}

/** A session address in `countryId` / `zoneId`; the other fields do not matter to the methods. */
function address(countryId: number, zoneId: number, country: string, zone: string): SessionAddress {
  return {
    addressId: 0,
    firstname: 'Jane',
    lastname: 'Smith',
    company: '',
    address1: '1 Market Street',
    address2: '',
    city: 'Somewhere',
    postcode: '',
    countryId,
    country,
    isoCode2: '',
    isoCode3: '',
    zoneId,
    zone,
    zoneCode: '',
    addressFormat: '',
    customField: {},
  };
}

/** Lancashire, United Kingdom (country 222, zone 3563): in geo zones 3 and 4. */
export const uk = address(222, 3563, 'United Kingdom', 'Lancashire');
/** California, United States (country 223, zone 3624): in no demo geo zone. */
export const us = address(223, 3624, 'United States', 'California');
/** Singapore (country 188, no zones): in no demo geo zone. */
export const singapore = address(188, 0, 'Singapore', '');
