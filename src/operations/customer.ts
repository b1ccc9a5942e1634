/**
 * `customer` (OpenCart's step 1): sets the customer and logs the matching account in by e-mail. Only the shape of each
 * field is read here; lengths, the e-mail, the group and the custom fields are the domain's rules.
 *
 * A malformed field goes under OpenCart's key with OpenCart's text: `customer_id` under `warning` (a malformed id
 * cannot name a customer), `customer_group_id` under `customer_group`, the names, e-mail and telephone under
 * their own keys; a `custom_field` that is not a map under `warning`.
 * @module
 */
import { checkCustomer } from '../domain/customer/rules.js';
import { checkoutError } from '../domain/errors.js';
import type { SetCustomerCommand } from '../domain/machine/commands.js';
import { needFact } from '../domain/machine/facts.js';
import { optionalId, textField, valueMap } from './fields.js';
import { field, form, required } from './form.js';
import { defineStep } from './operation.js';

const input = form(
  {
    customer_id: field(optionalId, 'warning', 'customer.not_found'),
    firstname: required(field(textField, 'firstname', 'customer.firstname')),
    lastname: required(field(textField, 'lastname', 'customer.lastname')),
    email: required(field(textField, 'email', 'customer.email')),
    telephone: field(textField, 'telephone', 'customer.telephone'),
    customer_group_id: field(optionalId, 'customer_group', 'customer.customer_group'),
    custom_field: field(valueMap, 'warning', 'custom_field.invalid'),
  },
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
);

/** `customer`: sets the customer (and logs the matching account in by e-mail). */
export const customer = defineStep({
  name: 'customer',
  method: 'setCustomer',
  summary: 'Sets the customer, and logs the active account with that e-mail in.',
  http: { method: 'POST', routes: [{ route: 'api/customer' }, { route: 'api/order', call: 'customer' }] },
  input,
  answer: 'step',
  step: 'customer',
  facts: (command) => ({ customer: command.customer }),
  rule: (session, command, facts, _pricing, settings) =>
    checkCustomer(command.customer, needFact(facts.customer, 'customer facts'), settings, facts.messages)
      .map(({ customer: details, loggedInCustomerId }) => ({
        ...session,
        customer: details,
        loggedInCustomerId,
        // Points are spent only on the request of the account that owns them. A different (or no) account now
        // logged in did not ask, so the earlier request goes, as OpenCart's customer step unsets its reward.
        reward: loggedInCustomerId === session.loggedInCustomerId ? session.reward : null,
      }))
      .mapErr((fields) => checkoutError('validation', fields)),
  success: () => 'customer.success',
});
