/**
 * The customer step's body (seed: Customer table; `route=api/customer` and `call=customer`) parsed into a
 * {@link SetCustomerCommand}. Only the shape is checked here; lengths, the e-mail, the group and the custom fields
 * are the domain's rules.
 *
 * Malformed fields (DECISIONS 9) are reported under the seed's keys with the seed's texts:
 * - `customer_id` → `warning` `Customer does not exist!` (a malformed id cannot name a customer);
 * - `customer_group_id` → `customer_group` `Customer group is invalid!`;
 * - `firstname`, `lastname`, `email`, `telephone` → the field's own key and length / e-mail text;
 * - `custom_field` that is not a map (a string, number or boolean) → `warning` with a text of ours: the seed has
 *   only per-field keys (`custom_field_<id>`) and no id to put here, and `warning` is the key every client shows
 *   (DECISIONS 42). When `customer_id` is malformed too, its `warning` text is kept.
 * @module
 */
import type { Result } from 'neverthrow';
import type { SetCustomerCommand } from '../domain/commands.js';
import { type CheckoutError, checkoutError } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { optionalId, readFields, rule, textField, valueMap } from './fields.js';

/** The customer fields in the order the domain reports its errors (customer, names, contact, group, fields). */
function customerRules(messages: MessageCatalog) {
  return {
    customer_id: rule(optionalId, 'warning', messageText(messages, 'customer.not_found')),
    firstname: rule(textField, 'firstname', messageText(messages, 'customer.firstname')),
    lastname: rule(textField, 'lastname', messageText(messages, 'customer.lastname')),
    email: rule(textField, 'email', messageText(messages, 'customer.email')),
    telephone: rule(textField, 'telephone', messageText(messages, 'customer.telephone')),
    customer_group_id: rule(optionalId, 'customer_group', messageText(messages, 'customer.customer_group')),
    custom_field: rule(valueMap, 'warning', messageText(messages, 'custom_field.invalid')),
  };
}

/**
 * Parses the customer step's body. Absent ids are 0 (guest; the store's default group), absent texts `''`,
 * an absent `custom_field` `{}`.
 * @param raw - the request body as `src/input/form.ts` parsed it, or any value a host passes
 * @param messages - the catalogue the error texts come from
 * @returns the command, or a `validation` error naming every malformed field
 */
export function parseCustomer(
  raw: unknown,
  messages: MessageCatalog,
): Result<SetCustomerCommand, CheckoutError> {
  return readFields(raw, customerRules(messages), messages)
    .map(
      (fields): SetCustomerCommand => ({
        type: 'set_customer',
        customer: {
          customerId: fields.customer_id,
          customerGroupId: fields.customer_group_id,
          firstname: fields.firstname,
          lastname: fields.lastname,
          email: fields.email,
          telephone: fields.telephone,
          customField: fields.custom_field,
        },
      }),
    )
    .mapErr((fields) => checkoutError('validation', fields));
}
