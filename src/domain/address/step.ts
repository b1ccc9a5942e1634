/**
 * The payment and shipping address steps (seed steps 3 and 4): the address custom fields of the
 * session customer's group are checked, then the address rules; their errors are reported together.
 * @module
 */
import type { Result } from 'neverthrow';
import { checkCustomFields } from '../customer/custom-fields.js';
import { type CheckoutError, checkoutError } from '../errors.js';
import type { AddressCommandInput } from '../machine/commands.js';
import type { AddressFacts } from '../machine/facts.js';
import type { SessionAddress } from '../machine/session.js';
import type { MessageCatalog } from '../messages.js';
import { type AddressPrefix, checkAddress } from './rules.js';

/** Checks a posted address with its custom fields; the stored address on success. */
export function checkAddressStep(
  input: AddressCommandInput,
  prefix: AddressPrefix,
  facts: AddressFacts,
  messages: MessageCatalog,
): Result<SessionAddress, CheckoutError> {
  const custom = checkCustomFields(facts.customFields, 'address', input.customField, prefix, messages);
  return checkAddress(
    { ...input, customField: custom.values },
    prefix,
    facts.country,
    messages,
    custom.errors,
  ).mapErr((fields) => checkoutError('validation', fields));
}
