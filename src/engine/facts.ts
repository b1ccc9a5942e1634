/**
 * Gathering the facts a command needs, through the ports, before `decide` runs. Reads are batched: one catalog
 * read per command whatever the number of cart lines and items, and independent reads run together.
 * @module
 */
import { okAsync, ResultAsync } from 'neverthrow';
import { pricingGroupId } from '../domain/checkout-view.js';
import type { CheckoutCommand, CustomerInput } from '../domain/commands.js';
import { resolveCustomerGroupId } from '../domain/customer.js';
import type { CheckoutError } from '../domain/errors.js';
import { type AddressFacts, type CheckoutFacts, type CustomerFacts, dayOf } from '../domain/facts.js';
import type { MessageCatalog } from '../domain/messages.js';
import type { Product } from '../domain/records/catalog.js';
import type { CheckoutSession } from '../domain/session.js';
import { callPort, type EngineContext, secondsAfter } from './context.js';

/** The product ids a command and the session's cart name, each once. */
export function productIdsOf(session: CheckoutSession, command: CheckoutCommand | null): number[] {
  const ids = new Set(session.cart.map((line) => line.productId));
  if (command?.type === 'add_products') for (const item of command.items) ids.add(item.productId);
  return [...ids].filter((id) => id > 0);
}

/** Every product of `ids` in one catalog read (none when there are no ids), as a map by id. */
export function readProducts(
  context: EngineContext,
  messages: MessageCatalog,
  ids: readonly number[],
): ResultAsync<ReadonlyMap<number, Product>, CheckoutError> {
  if (ids.length === 0) return okAsync(new Map());
  return callPort('catalog', messages, () => context.deps.catalog.getProducts(ids)).map(
    (products) => new Map(products.map((product) => [product.productId, product])),
  );
}

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

/** The part of the facts only some commands need. */
function commandFacts(
  context: EngineContext,
  messages: MessageCatalog,
  session: CheckoutSession,
  command: CheckoutCommand,
): ResultAsync<Pick<CheckoutFacts, 'customer' | 'address'>, CheckoutError> {
  switch (command.type) {
    case 'set_customer':
      return customerFacts(context, messages, command.customer).map((customer) => ({ customer }));
    case 'set_payment_address':
    case 'set_shipping_address':
      return addressFacts(context, messages, session, command.address.countryId).map((address) => ({
        address,
      }));
    default:
      return okAsync({});
  }
}

/** The time-dependent facts, read once per request from the clock. */
export function timeFacts(context: EngineContext): Pick<CheckoutFacts, 'now' | 'today' | 'expiresAt'> {
  const now = context.deps.clock.now();
  const instant = now.toISOString();
  return { now: instant, today: dayOf(instant), expiresAt: secondsAfter(now, context.ttlSeconds) };
}

/** Everything `decide` needs for `command` on `session`. */
export function gatherFacts(
  context: EngineContext,
  session: CheckoutSession,
  command: CheckoutCommand,
): ResultAsync<CheckoutFacts, CheckoutError> {
  const messages = context.messagesFor(session.language);
  const cartIds =
    command.type === 'add_products' ? command.items.map(() => context.deps.ids.newId('cart')) : [];
  return ResultAsync.combine([
    readProducts(context, messages, productIdsOf(session, command)),
    commandFacts(context, messages, session, command),
  ] as const).map(([products, extra]) => ({
    ...timeFacts(context),
    messages,
    products,
    cartIds,
    ...extra,
  }));
}
