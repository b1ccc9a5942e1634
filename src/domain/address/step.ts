/**
 * The payment and shipping address steps (OpenCart's steps 3 and 4): the address custom fields of the
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

/** Whether two stored addresses say the same in every field (custom fields too). */
function sameAddress(a: SessionAddress, b: SessionAddress): boolean {
  for (const key of Object.keys(a) as (keyof SessionAddress)[]) {
    if (key !== 'customField' && a[key] !== b[key]) return false;
  }
  const fields = Object.keys(a.customField);
  return (
    Object.keys(b).length === Object.keys(a).length &&
    fields.length === Object.keys(b.customField).length &&
    fields.every((id) => JSON.stringify(a.customField[id]) === JSON.stringify(b.customField[id]))
  );
}

/**
 * `address`, or `other` when it says the same: a shipping address the same as the payment address (the commonest
 * case) is kept once, not twice, for as long as the session lives.
 */
export function storedOnce(address: SessionAddress, other: SessionAddress | null): SessionAddress {
  return other !== null && sameAddress(address, other) ? other : address;
}

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
