/**
 * `payment_address` and `shipping_address` (OpenCart's steps 3 and 4): OpenCart's Address fields with their prefix
 * (`payment_firstname`, `shipping_country_id`, …). Only each field's shape is read here; lengths, the country, the
 * zone, the postcode and the custom fields are the domain's rules. Errors go under the prefixed OpenCart keys
 * (`payment_country` for `payment_country_id`, `payment_zone` for `payment_zone_id`); a malformed `address_id`
 * or a `custom_field` that is not a map under `warning`.
 * @module
 */
import type { AddressPrefix } from '../domain/address/rules.js';
import { checkAddressStep, storedOnce } from '../domain/address/step.js';
import type {
  AddressCommandInput,
  SetPaymentAddressCommand,
  SetShippingAddressCommand,
} from '../domain/machine/commands.js';
import { needFact } from '../domain/machine/facts.js';
import type { MessageId, MessageParams } from '../domain/messages.js';
import { maxTextLength, optionalId, textField, valueMap } from './fields.js';
import { type FormField, type FormRequest, field, form, type RequiredField, required } from './form.js';
import { defineStep } from './operation.js';

/** The texts the rules always ask for (lengths from 1, 2 or 3 characters), and the others. */
type RequiredTextName = 'firstname' | 'lastname' | 'address_1' | 'city';
type TextName = RequiredTextName | 'company' | 'address_2' | 'postcode';
/** The country is always asked for; the zone only of a country with zones. */
type IdName = 'address_id' | 'country_id' | 'zone_id';

/** An address form's fields, named with their prefix. */
type AddressFields<P extends AddressPrefix> = {
  readonly [K in RequiredTextName as `${P}${K}`]: RequiredField<typeof textField>;
} & {
  readonly [K in Exclude<TextName, RequiredTextName> as `${P}${K}`]: FormField<typeof textField>;
} & {
  readonly [K in 'country_id' as `${P}${K}`]: RequiredField<typeof optionalId>;
} & {
  readonly [K in Exclude<IdName, 'country_id'> as `${P}${K}`]: FormField<typeof optionalId>;
} & {
  readonly [K in 'custom_field' as `${P}${K}`]: FormField<typeof valueMap>;
};

/** What a client sends to an address step with `prefix` (`payment_firstname`, …). */
export type AddressRequest<P extends AddressPrefix> = FormRequest<AddressFields<P>>;

const requiredTexts: ReadonlySet<TextName> = new Set<RequiredTextName>([
  'firstname',
  'lastname',
  'address_1',
  'city',
]);

/** The fields of an address with `prefix`. */
function addressFields<P extends AddressPrefix>(prefix: P): AddressFields<P> {
  const maximum = { maximum: maxTextLength };
  const text = (name: TextName, id: MessageId, params?: MessageParams): [string, FormField] => {
    const spec = field(textField, `${prefix}${name}`, id, params);
    return [`${prefix}${name}`, requiredTexts.has(name) ? required(spec) : spec];
  };
  const entries: [string, FormField][] = [
    text('firstname', 'address.firstname'),
    text('lastname', 'address.lastname'),
    text('company', 'address.company', maximum),
    text('address_1', 'address.address_1'),
    text('address_2', 'address.address_2', maximum),
    text('city', 'address.city'),
    text('postcode', 'address.postcode'),
    [`${prefix}country_id`, required(field(optionalId, `${prefix}country`, 'address.country'))],
    [`${prefix}zone_id`, field(optionalId, `${prefix}zone`, 'address.zone')],
    [`${prefix}address_id`, field(optionalId, 'warning', 'address.address_id')],
    [`${prefix}custom_field`, field(valueMap, 'warning', 'custom_field.invalid')],
  ];
  // Built from the names above, one field per key of AddressFields<P>.
  return Object.fromEntries(entries) as AddressFields<P>;
}

/** The posted names of an address's fields under a prefix, by unprefixed name, written out once. */
function prefixedNames(prefix: AddressPrefix) {
  return {
    addressId: `${prefix}address_id`,
    firstname: `${prefix}firstname`,
    lastname: `${prefix}lastname`,
    company: `${prefix}company`,
    address1: `${prefix}address_1`,
    address2: `${prefix}address_2`,
    city: `${prefix}city`,
    postcode: `${prefix}postcode`,
    countryId: `${prefix}country_id`,
    zoneId: `${prefix}zone_id`,
    customField: `${prefix}custom_field`,
  } as const;
}

/** The names of each prefix. */
const namesOf = { payment_: prefixedNames('payment_'), shipping_: prefixedNames('shipping_') } as const;

/** The address posted under `prefix`, read back under the unprefixed names. */
function addressOf(prefix: AddressPrefix, values: Readonly<Record<string, unknown>>): AddressCommandInput {
  // Each value was read by the schema of its field: texts are strings, ids numbers, the custom fields a map.
  const names = namesOf[prefix];
  return {
    addressId: values[names.addressId] as number,
    firstname: values[names.firstname] as string,
    lastname: values[names.lastname] as string,
    company: values[names.company] as string,
    address1: values[names.address1] as string,
    address2: values[names.address2] as string,
    city: values[names.city] as string,
    postcode: values[names.postcode] as string,
    countryId: values[names.countryId] as number,
    zoneId: values[names.zoneId] as number,
    customField: values[names.customField] as Readonly<Record<string, unknown>>,
  };
}

/** `payment_address`: sets the payment address. */
export const paymentAddress = defineStep({
  name: 'payment_address',
  method: 'setPaymentAddress',
  summary: 'Sets the payment address.',
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'payment_address' }] },
  input: form(
    addressFields('payment_'),
    (values): SetPaymentAddressCommand => ({
      type: 'set_payment_address',
      address: addressOf('payment_', values),
    }),
  ),
  answer: 'step',
  step: 'payment_address',
  facts: (command) => ({ countryId: command.address.countryId }),
  rule: (session, command, facts) =>
    checkAddressStep(
      command.address,
      'payment_',
      needFact(facts.address, 'address facts'),
      facts.messages,
    ).map((stored) => ({ ...session, paymentAddress: storedOnce(stored, session.shippingAddress) })),
  success: () => 'payment_address.success',
});

/** `shipping_address`: sets the shipping address (refused when the cart does not ship). */
export const shippingAddress = defineStep({
  name: 'shipping_address',
  method: 'setShippingAddress',
  summary: 'Sets the shipping address (refused when the cart does not ship).',
  http: { method: 'POST', routes: [{ route: 'api/order', call: 'shipping_address' }] },
  input: form(
    addressFields('shipping_'),
    (values): SetShippingAddressCommand => ({
      type: 'set_shipping_address',
      address: addressOf('shipping_', values),
    }),
  ),
  answer: 'step',
  step: 'shipping_address',
  facts: (command) => ({ countryId: command.address.countryId }),
  rule: (session, command, facts) =>
    checkAddressStep(
      command.address,
      'shipping_',
      needFact(facts.address, 'address facts'),
      facts.messages,
    ).map((stored) => ({ ...session, shippingAddress: storedOnce(stored, session.paymentAddress) })),
  success: () => 'shipping_address.success',
});
