/**
 * The facts only some commands need: the customer step's accounts, group and custom fields; an address step's
 * country and custom fields; whether an affiliate exists; whether the totals have a reward step.
 * @module
 */
import { okAsync, ResultAsync } from 'neverthrow';
import { resolveCustomerGroupId } from '../domain/customer/rules.js';
import type { CheckoutError } from '../domain/errors.js';
import type { CustomerInput } from '../domain/machine/commands.js';
import type { AddressFacts, CheckoutFacts, CustomerFacts } from '../domain/machine/facts.js';
import type { CheckoutSession } from '../domain/machine/session.js';
import type { MessageCatalog } from '../domain/messages.js';
import { pricingGroupId } from '../domain/pricing/checkout.js';
import type { FactPlan } from '../operations/operation.js';
import { callPort, type EngineContext } from './context.js';

/** The customer step's facts: the account, the resolved group, its custom fields, the account by e-mail. */
function customerFacts(
  context: EngineContext,
  messages: MessageCatalog,
  input: CustomerInput,
): ResultAsync<CustomerFacts, CheckoutError> {
  const { customers } = context.deps;
  const groupId = resolveCustomerGroupId(input, context.settings);
  const email = input.email.trim();
  return ResultAsync.combine([
    callPort('customers', messages, () =>
      input.customerId > 0 ? customers.getCustomer(input.customerId) : Promise.resolve(undefined),
    ),
    callPort('customers', messages, () => customers.getCustomerGroup(groupId)),
    callPort('customers', messages, () => customers.getCustomFields(groupId)),
    callPort('customers', messages, () =>
      email === '' ? Promise.resolve(undefined) : customers.findCustomerByEmail(email),
    ),
  ] as const).map(([account, group, customFields, emailAccount]) => ({
    account,
    group,
    customFields: group === undefined ? [] : customFields,
    emailAccount,
  }));
}

/** An address step's facts: the named country and the custom fields of the session customer's group. */
function addressFacts(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  countryId: number,
): ResultAsync<AddressFacts, CheckoutError> {
  const groupId = pricingGroupId(session, context.settings);
  return ResultAsync.combine([
    callPort('geo', messages, () =>
      countryId > 0 ? context.deps.geo.getCountry(countryId) : Promise.resolve(undefined),
    ),
    callPort('customers', messages, () => context.deps.customers.getCustomFields(groupId)),
  ] as const).map(([country, customFields]) => ({ country, customFields }));
}

/** Whether an enabled affiliate account with this customer id exists. */
function affiliateFacts(
  context: EngineContext,
  messages: MessageCatalog,
  affiliateId: number,
): ResultAsync<boolean, CheckoutError> {
  return callPort('customers', messages, () => context.deps.customers.getAffiliate(affiliateId)).map(
    (affiliate) => affiliate?.status === true,
  );
}

/** The facts a command's plan asks for beyond every command's, read together. */
export function commandFacts(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  plan: FactPlan,
): ResultAsync<
  Pick<CheckoutFacts, 'customer' | 'address' | 'affiliateExists' | 'rewardEnabled'>,
  CheckoutError
> {
  const none = okAsync<undefined, CheckoutError>(undefined);
  return ResultAsync.combine([
    plan.customer === undefined ? none : customerFacts(context, messages, plan.customer),
    plan.countryId === undefined ? none : addressFacts(context, messages, session, plan.countryId),
    plan.affiliateId === undefined ? none : affiliateFacts(context, messages, plan.affiliateId),
  ] as const).map(([customer, address, affiliateExists]) => ({
    ...(customer === undefined ? {} : { customer }),
    ...(address === undefined ? {} : { address }),
    ...(affiliateExists === undefined ? {} : { affiliateExists }),
    ...(plan.rewardStatus === true
      ? { rewardEnabled: context.calculators.some((calculator) => calculator.code === 'reward') }
      : {}),
  }));
}
