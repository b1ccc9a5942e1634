/**
 * The customer step (OpenCart's step 1): checks the posted customer against
 * OpenCart's Customer table and decides which account the session is logged in as.
 *
 * All checks run and the errors accumulate in this key order: `warning` (customer_id not 0 and no such account;
 * disabled accounts exist too, as in OpenCart), `customer_group`, `firstname`, `lastname`, `email`, `telephone`
 * (only when `config_telephone_required`), then `custom_field_<id>` for the `account` fields of the resolved group
 * (only when that group exists: the fields of a group that does not exist mean nothing).
 *
 * Decisions (ours, beyond OpenCart):
 * - The stored customer is trimmed (names, e-mail, telephone) and carries the resolved group, never 0, so every
 *   later step prices and taxes for the group that was checked (OpenCart stores the raw POST and group 0).
 * - E-mail: OpenCart's `oc_validate_email` is a 96-character limit (the database column) plus PHP's
 *   `FILTER_VALIDATE_EMAIL` after converting the domain to IDNA ASCII. We check the trimmed value, because that is
 *   what we store: at most 96 code points (as `mb_strlen` counts, IDN domains measured as typed, like OpenCart),
 *   then validator's `isEmail` with a top-level domain required, an ASCII local part (PHP rejects non-ASCII local
 *   parts too) and no quoted local part (PHP rejects most quoted forms; they are almost never real and are a
 *   known source of header trouble). Unicode domains are accepted, as OpenCart's IDNA step accepts them.
 * - Login by e-mail (OpenCart's "logged in automatically by e-mail"): the session is logged in as the
 *   account whose e-mail equals the posted one ignoring case, when that account is active. **Unlike OpenCart**, a
 *   customer step that matches no active account logs out any earlier login (`loggedInCustomerId` null), so a
 *   session never keeps the spending rights of an account whose e-mail is no longer the customer's.
 * - This step never spends reward points or store credit: that takes an explicit request.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import validator from 'validator';
import { lengthBetween } from '../address/rules.js';
import type { FieldErrors } from '../errors.js';
import type { CustomerInput } from '../machine/commands.js';
import type { CustomerFacts } from '../machine/facts.js';
import type { SessionCustomer } from '../machine/session.js';
import { type MessageCatalog, type MessageId, messageText } from '../messages.js';
import type { CustomerGroup } from '../records/customers.js';
import type { StoreSettings } from '../settings/settings.js';
import { isStorableText } from '../storable-text.js';
import { type CustomFieldsCheck, checkCustomFields } from './custom-fields.js';

/** OpenCart's e-mail limit (`oc_validate_email`, the `email` column's varchar(96)). */
const emailMaxLength = 96;

/** validator's `isEmail` options that bring it close to PHP's `FILTER_VALIDATE_EMAIL` (see the module notes). */
const emailOptions = {
  allow_utf8_local_part: false,
  require_tld: true,
  allow_display_name: false,
  allow_ip_domain: false,
  blacklisted_chars: '"',
} as const;

/** The outcome of an accepted customer step: what the session stores, and who it is logged in as. */
export interface CustomerDecision {
  /** The customer as the session stores it: trimmed, with the resolved group and the accepted custom fields. */
  readonly customer: SessionCustomer;
  /** The active account matched by the posted e-mail, or null (which also ends an earlier login). */
  readonly loggedInCustomerId: number | null;
}

/**
 * The group the customer step resolves to: the posted id, or `config_customer_group_id` for 0.
 * @param input - the posted customer; only `customerGroupId` is read
 * @param settings - the store settings; only `customerGroupId` is read
 * @returns the group id to check and store
 */
export function resolveCustomerGroupId(input: CustomerInput, settings: StoreSettings): number {
  return input.customerGroupId === 0 ? settings.customerGroupId : input.customerGroupId;
}

/**
 * Whether `email`, trimmed, is a valid e-mail address by the rules in the module notes (96 code points at most,
 * then validator's `isEmail` with OpenCart-like options). Text no store can hold is invalid before validator
 * sees it: its byte-length check runs `encodeURI`, which throws on an unpaired surrogate.
 */
function isValidEmail(email: string): boolean {
  return (
    lengthBetween(email, 1, emailMaxLength) &&
    isStorableText(email) &&
    validator.isEmail(email.trim(), emailOptions)
  );
}

/** Whether `customerId` is a guest (0) or names the account the facts hold. */
function accountExists(customerId: number, facts: CustomerFacts): boolean {
  return customerId === 0 || facts.account?.customerId === customerId;
}

/** The facts' group when it is the resolved one; a mismatch counts as no group rather than a wrong one. */
function resolvedGroup(groupId: number, facts: CustomerFacts): CustomerGroup | undefined {
  return facts.group?.customerGroupId === groupId ? facts.group : undefined;
}

/** The errors of the fixed fields, in OpenCart's key order (custom fields come after them). */
function fixedFieldErrors(
  input: CustomerInput,
  facts: CustomerFacts,
  group: CustomerGroup | undefined,
  settings: StoreSettings,
  messages: MessageCatalog,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const fail = (key: string, id: MessageId): void => {
    errors[key] = messageText(messages, id);
  };
  if (!accountExists(input.customerId, facts)) fail('warning', 'customer.not_found');
  if (group === undefined) fail('customer_group', 'customer.customer_group');
  if (!lengthBetween(input.firstname, 1, 32)) fail('firstname', 'customer.firstname');
  if (!lengthBetween(input.lastname, 1, 32)) fail('lastname', 'customer.lastname');
  if (!isValidEmail(input.email)) fail('email', 'customer.email');
  if (settings.telephoneRequired && !lengthBetween(input.telephone, 3, 32))
    fail('telephone', 'customer.telephone');
  return errors;
}

/** The `account` custom fields of the group; nothing to check when the group does not exist. */
function accountFields(
  input: CustomerInput,
  facts: CustomerFacts,
  group: CustomerGroup | undefined,
  messages: MessageCatalog,
): CustomFieldsCheck {
  if (group === undefined) return { errors: {}, values: {} };
  return checkCustomFields(facts.customFields, 'account', input.customField, '', messages);
}

/**
 * The account the session logs in as: the active account whose e-mail equals the posted one ignoring case.
 * The case-insensitive comparison is repeated here so a directory that matched loosely cannot log in a stranger.
 */
function loginByEmail(email: string, facts: CustomerFacts): number | null {
  const account = facts.emailAccount;
  if (account === undefined || !account.status) return null;
  return account.email.toLowerCase() === email.trim().toLowerCase() ? account.customerId : null;
}

/** The customer as the session stores it. */
function storedCustomer(
  input: CustomerInput,
  customerGroupId: number,
  customField: CustomFieldsCheck['values'],
): SessionCustomer {
  return {
    customerId: input.customerId,
    customerGroupId,
    firstname: input.firstname.trim(),
    lastname: input.lastname.trim(),
    email: input.email.trim(),
    telephone: input.telephone.trim(),
    customField,
  };
}

/**
 * Checks the customer step (OpenCart's step 1) and decides what the session stores.
 *
 * All checks run; the errors come back together, keyed and ordered as the module notes say, with OpenCart's
 * texts from `messages`. On success the customer is trimmed, carries the resolved group (never 0) and the
 * accepted `account` custom field values, and `loggedInCustomerId` is the active account matched by e-mail, or
 * null. Pure: the facts must have been read for the group {@link resolveCustomerGroupId} returns.
 * @param input - the posted customer fields
 * @param facts - the account named by `customerId`, the resolved group, its custom fields and the e-mail's account
 * @param settings - the store settings (`customerGroupId`, `telephoneRequired`)
 * @param messages - the texts of the session's language
 * @returns the decision, or the field errors
 */
export function checkCustomer(
  input: CustomerInput,
  facts: CustomerFacts,
  settings: StoreSettings,
  messages: MessageCatalog,
): Result<CustomerDecision, FieldErrors> {
  const groupId = resolveCustomerGroupId(input, settings);
  const group = resolvedGroup(groupId, facts);
  const fields = accountFields(input, facts, group, messages);
  const errors = { ...fixedFieldErrors(input, facts, group, settings, messages), ...fields.errors };
  if (Object.keys(errors).length > 0) return err(errors);
  return ok({
    customer: storedCustomer(input, groupId, fields.values),
    loggedInCustomerId: loginByEmail(input.email, facts),
  });
}
