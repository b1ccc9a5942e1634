/**
 * The payment and shipping address rules (OpenCart's address fields).
 *
 * Decisions taken here:
 * - **Lengths** are counted in Unicode code points after trimming (PHP `mb_strlen(trim(s))`), so an emoji is one
 *   character, not two UTF-16 units.
 * - **Stored values are trimmed.** OpenCart validates the trimmed value but stores the raw one, so `"  Jo  "` passes
 *   as 2 characters and ends up padded on the order, invoice and shipping label. Here the value that was measured is
 *   the value that is stored; whitespace-only optional fields (company, address 2) become `''`.
 * - **The zone must be an enabled zone of the chosen country** when that country has at least one enabled zone
 *   (OpenCart accepts any non-zero id, even another country's, and stores an empty zone name).
 * - **A country without enabled zones stores zone 0** whatever zone id was sent: a form that switched country keeps
 *   sending the previous country's zone, and refusing it with "Please select a region / state!" would ask for
 *   something the country does not have. The stale id is never stored, so the session never names a zone that is
 *   not in the country.
 * - Custom fields are checked elsewhere (`customer/custom-fields.ts`); their values are stored as given and their errors
 *   are appended after the address errors, in OpenCart's order.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import type { SessionAddress } from '../machine/session.js';
import { type MessageCatalog, type MessageId, messageText } from '../messages.js';
import type { Country, Zone } from '../records/geo.js';

/**
 * An address as the input layer parsed it from a `payment_…` or `shipping_…` request; values are untrimmed,
 * ids 0 when absent, custom field values already checked by the custom field rules.
 */
export type AddressInput = Pick<
  SessionAddress,
  | 'addressId'
  | 'firstname'
  | 'lastname'
  | 'company'
  | 'address1'
  | 'address2'
  | 'city'
  | 'postcode'
  | 'countryId'
  | 'zoneId'
  | 'customField'
>;

/** The prefix of an address's request fields and error keys. */
export type AddressPrefix = 'payment_' | 'shipping_';

/** The number of Unicode code points in `value` (an emoji such as 😀 is one, not two UTF-16 units). */
function codePointLength(value: string): number {
  // A string iterates by code point: a well-formed surrogate pair is one, a lone surrogate one too.
  let n = 0;
  for (const _ of value) n += 1;
  return n;
}

/**
 * Whether `value`, trimmed, is between `min` and `max` characters long (inclusive), counting Unicode code points
 * like PHP's `mb_strlen` in OpenCart's `oc_validate_length`.
 * @param value - the text to measure; trimmed first with `String.prototype.trim` (all Unicode white space)
 * @param min - the smallest allowed length
 * @param max - the largest allowed length
 * @returns true when `min <= length <= max`
 */
export function lengthBetween(value: string, min: number, max: number): boolean {
  const length = codePointLength(value.trim());
  return length >= min && length <= max;
}

/**
 * The enabled zone `zoneId` of a country; `null` when the country has no enabled zone at all (any zone then does),
 * undefined when it has some but `zoneId` is not one of them. One pass, no list: a country has hundreds of zones.
 */
function enabledZone(country: Country, zoneId: number): Zone | null | undefined {
  let anyEnabled = false;
  for (const zone of country.zones) {
    if (!zone.status) continue;
    if (zone.zoneId === zoneId) return zone;
    anyEnabled = true;
  }
  return anyEnabled ? undefined : null;
}

/**
 * Checks a payment or shipping address and builds the session address.
 *
 * All checks run and the errors accumulate in this key order: `<prefix>firstname` (1–32), `<prefix>lastname` (1–32),
 * `<prefix>address_1` (3–128), `<prefix>city` (2–128), `<prefix>postcode` (2–10, only when the country exists,
 * is enabled and requires a postcode), `<prefix>country` (missing or disabled), `<prefix>zone` (when the country
 * has an enabled zone: `zoneId` must be an enabled zone of that country), then `customFieldErrors` as given.
 * Lengths are taken after trimming, in code points.
 *
 * On success the address is stored trimmed, with the country's name, ISO codes and address format, and the zone's
 * name and code (`''` and zone 0 when the country has no enabled zones).
 * @param input - the parsed address fields
 * @param prefix - `payment_` or `shipping_`, the prefix of every error key
 * @param country - the country `input.countryId` names, as the geo directory returned it (`undefined` when unknown)
 * @param catalog - the message texts
 * @param customFieldErrors - the errors the custom field rules found (`<prefix>custom_field_<id>` keys), appended last
 * @returns the session address, or the error texts by key
 */
export function checkAddress(
  input: AddressInput,
  prefix: AddressPrefix,
  country: Country | undefined,
  catalog: MessageCatalog,
  customFieldErrors: Readonly<Record<string, string>> = {},
): Result<SessionAddress, Record<string, string>> {
  const errors: Record<string, string> = {};
  const fail = (key: string, id: MessageId): void => {
    errors[`${prefix}${key}`] = messageText(catalog, id);
  };

  if (!lengthBetween(input.firstname, 1, 32)) fail('firstname', 'address.firstname');
  if (!lengthBetween(input.lastname, 1, 32)) fail('lastname', 'address.lastname');
  if (!lengthBetween(input.address1, 3, 128)) fail('address_1', 'address.address_1');
  if (!lengthBetween(input.city, 2, 128)) fail('city', 'address.city');

  const usable = country?.status === true && country.countryId === input.countryId ? country : undefined;
  if (usable?.postcodeRequired === true && !lengthBetween(input.postcode, 2, 10))
    fail('postcode', 'address.postcode');
  if (usable === undefined) fail('country', 'address.country');

  let zone: Zone | undefined;
  if (usable !== undefined) {
    const found = enabledZone(usable, input.zoneId);
    if (found === undefined) fail('zone', 'address.zone');
    else if (found !== null) zone = found;
  }

  Object.assign(errors, customFieldErrors);
  if (usable === undefined || Object.keys(errors).length > 0) return err(errors);

  return ok({
    addressId: input.addressId,
    firstname: input.firstname.trim(),
    lastname: input.lastname.trim(),
    company: input.company.trim(),
    address1: input.address1.trim(),
    address2: input.address2.trim(),
    city: input.city.trim(),
    postcode: input.postcode.trim(),
    countryId: usable.countryId,
    country: usable.name,
    isoCode2: usable.isoCode2,
    isoCode3: usable.isoCode3,
    zoneId: zone?.zoneId ?? 0,
    zone: zone?.name ?? '',
    zoneCode: zone?.code ?? '',
    addressFormat: usable.addressFormat,
    customField: input.customField,
  });
}
