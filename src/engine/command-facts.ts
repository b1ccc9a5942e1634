/**
 * The facts only some commands need: the customer step's accounts, group and custom fields; an address step's
 * country and custom fields; whether an affiliate exists; whether the totals have a reward step.
 * @module
 */
import { err, ok } from 'neverthrow';
import { resolveCustomerGroupId } from '../domain/customer/rules.js';
import type { CustomerInput } from '../domain/machine/commands.js';
import type { AddressFacts, CheckoutFacts, CustomerFacts } from '../domain/machine/facts.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import type { MessageCatalog } from '../domain/messages.js';
import { pricingGroupId } from '../domain/pricing/checkout.js';
import type { FactPlan } from '../operations/operation.js';
import { type Answer, askPort, type EngineContext } from './context.js';

/** The customer step's facts: the account, the resolved group, its custom fields, the account by e-mail. */
async function customerFacts(
  context: EngineContext,
  messages: MessageCatalog,
  input: CustomerInput,
): Answer<CustomerFacts> {
  const { customers } = context.deps;
  const groupId = resolveCustomerGroupId(input, context.settings);
  const email = input.email.trim();
  const [account, group, customFields, emailAccount] = await Promise.all([
    askPort('customers', messages, () =>
      input.customerId > 0 ? customers.getCustomer(input.customerId) : Promise.resolve(undefined),
    ),
    askPort('customers', messages, () => customers.getCustomerGroup(groupId)),
    askPort('customers', messages, () => customers.getCustomFields(groupId)),
    askPort('customers', messages, () =>
      email === '' ? Promise.resolve(undefined) : customers.findCustomerByEmail(email),
    ),
  ]);
  if (account.isErr()) return err(account.error);
  if (group.isErr()) return err(group.error);
  if (customFields.isErr()) return err(customFields.error);
  if (emailAccount.isErr()) return err(emailAccount.error);
  return ok({
    account: account.value,
    group: group.value,
    customFields: group.value === undefined ? [] : customFields.value,
    emailAccount: emailAccount.value,
  });
}

/** An address step's facts: the named country and the custom fields of the session customer's group. */
async function addressFacts(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  countryId: number,
): Answer<AddressFacts> {
  const groupId = pricingGroupId(session, context.settings);
  // Both asked at once, then awaited in turn (a port's failure is a result: neither rejects).
  const askedCountry = askPort('geo', messages, () =>
    countryId > 0 ? context.deps.geo.getCountry(countryId) : Promise.resolve(undefined),
  );
  const askedFields = askPort('customers', messages, () => context.deps.customers.getCustomFields(groupId));
  const country = await askedCountry;
  const customFields = await askedFields;
  if (country.isErr()) return err(country.error);
  if (customFields.isErr()) return err(customFields.error);
  return ok({ country: country.value, customFields: customFields.value });
}

/** Whether an enabled affiliate account with this customer id exists. */
async function affiliateFacts(
  context: EngineContext,
  messages: MessageCatalog,
  affiliateId: number,
): Answer<boolean> {
  const affiliate = await askPort('customers', messages, () =>
    context.deps.customers.getAffiliate(affiliateId),
  );
  return affiliate.isErr() ? err(affiliate.error) : ok(affiliate.value?.status === true);
}

/** The facts a command's plan asks for beyond every command's. */
export type CommandFacts = Pick<CheckoutFacts, 'customer' | 'address' | 'affiliateExists' | 'rewardEnabled'>;

/** Nothing to read. */
const none: Answer<undefined> = Promise.resolve(ok(undefined));

/** The facts a command's plan asks for beyond every command's, read together. */
export async function commandFacts(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  plan: FactPlan,
): Answer<CommandFacts> {
  // Each asked at once, then awaited in turn (a port's failure is a result: none rejects).
  const askedCustomer = plan.customer === undefined ? none : customerFacts(context, messages, plan.customer);
  const askedAddress =
    plan.countryId === undefined ? none : addressFacts(context, messages, session, plan.countryId);
  const askedAffiliate =
    plan.affiliateId === undefined ? none : affiliateFacts(context, messages, plan.affiliateId);
  const customer = await askedCustomer;
  const address = await askedAddress;
  const affiliateExists = await askedAffiliate;
  if (customer.isErr()) return err(customer.error);
  if (address.isErr()) return err(address.error);
  if (affiliateExists.isErr()) return err(affiliateExists.error);
  const facts: { -readonly [K in keyof CommandFacts]: CommandFacts[K] } = {};
  if (customer.value !== undefined) facts.customer = customer.value;
  if (address.value !== undefined) facts.address = address.value;
  if (affiliateExists.value !== undefined) facts.affiliateExists = affiliateExists.value;
  if (plan.rewardStatus === true) {
    facts.rewardEnabled = context.calculators.some((calculator) => calculator.code === 'reward');
  }
  return ok(facts);
}
