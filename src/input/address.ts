/**
 * The address steps' bodies (seed: Address table; `call=payment_address`, `call=shipping_address`) parsed into
 * commands. The posted names carry the prefix (`payment_firstname`, `shipping_country_id`, …), and so do the error
 * keys (DECISIONS 32). Only the shape is checked here; lengths, country, zone, postcode and custom fields are the
 * domain's rules.
 *
 * Malformed fields go under the seed's keys with the address texts: `<prefix>firstname`, `<prefix>lastname`,
 * `<prefix>address_1`, `<prefix>city`, `<prefix>postcode`, `<prefix>country` (bad `country_id`) and
 * `<prefix>zone` (bad `zone_id`). The seed has no key for the rest, so (ours): `company` and `address_2` use
 * `<prefix>company` / `<prefix>address_2` with texts of ours, and a malformed `address_id` or a `custom_field` that
 * is not a map use `warning` (DECISIONS 42), the first one's text kept when both are.
 * @module
 */
import type { Result } from 'neverthrow';
import type { AddressPrefix } from '../domain/address.js';
import type {
  AddressCommandInput,
  SetPaymentAddressCommand,
  SetShippingAddressCommand,
} from '../domain/commands.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, type MessageId, type MessageParams, messageText } from '../domain/messages.js';
import { maxTextLength, optionalId, readFields, rule, textField, valueMap } from './fields.js';

/** The address fields keyed by their unprefixed names, in the order the domain reports its errors. */
function addressRules(prefix: AddressPrefix, messages: MessageCatalog) {
  const maximum = { maximum: maxTextLength };
  const text = (key: string, id: MessageId, params: MessageParams = {}) =>
    rule(textField, `${prefix}${key}`, messageText(messages, id, params));
  return {
    firstname: text('firstname', 'address.firstname'),
    lastname: text('lastname', 'address.lastname'),
    company: text('company', 'address.company', maximum),
    address_1: text('address_1', 'address.address_1'),
    address_2: text('address_2', 'address.address_2', maximum),
    city: text('city', 'address.city'),
    postcode: text('postcode', 'address.postcode'),
    country_id: rule(optionalId, `${prefix}country`, messageText(messages, 'address.country')),
    zone_id: rule(optionalId, `${prefix}zone`, messageText(messages, 'address.zone')),
    address_id: rule(optionalId, 'warning', messageText(messages, 'address.address_id')),
    custom_field: rule(valueMap, 'warning', messageText(messages, 'custom_field.invalid')),
  };
}

/**
 * Parses the `payment_…` or `shipping_…` fields of an address step. Absent ids are 0, absent texts `''`, an
 * absent custom field map `{}`; texts are kept as posted (untrimmed).
 * @param raw - the request body as `src/input/form.ts` parsed it, or any value a host passes
 * @param prefix - `payment_` or `shipping_`: of the posted names and of the error keys
 * @param messages - the catalogue the error texts come from
 * @returns the address, or a `validation` error naming every malformed field
 */
export function parseAddress(
  raw: unknown,
  prefix: AddressPrefix,
  messages: MessageCatalog,
): Result<AddressCommandInput, CheckoutError> {
  return readFields(raw, addressRules(prefix, messages), messages, prefix)
    .map(
      (fields): AddressCommandInput => ({
        addressId: fields.address_id,
        firstname: fields.firstname,
        lastname: fields.lastname,
        company: fields.company,
        address1: fields.address_1,
        address2: fields.address_2,
        city: fields.city,
        postcode: fields.postcode,
        countryId: fields.country_id,
        zoneId: fields.zone_id,
        customField: fields.custom_field,
      }),
    )
    .mapErr((fields) => checkoutError('validation', fields));
}

/**
 * Parses the payment address step (`payment_…` fields, `payment_…` error keys).
 * @param raw - the request body, or any value a host passes
 * @param messages - the catalogue the error texts come from
 */
export function parsePaymentAddress(
  raw: unknown,
  messages: MessageCatalog,
): Result<SetPaymentAddressCommand, CheckoutError> {
  return parseAddress(raw, 'payment_', messages).map((address) => ({ type: 'set_payment_address', address }));
}

/**
 * Parses the shipping address step (`shipping_…` fields, `shipping_…` error keys).
 * @param raw - the request body, or any value a host passes
 * @param messages - the catalogue the error texts come from
 */
export function parseShippingAddress(
  raw: unknown,
  messages: MessageCatalog,
): Result<SetShippingAddressCommand, CheckoutError> {
  return parseAddress(raw, 'shipping_', messages).map((address) => ({
    type: 'set_shipping_address',
    address,
  }));
}
