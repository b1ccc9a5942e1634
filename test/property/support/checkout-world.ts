/**
 * The demo store as the facts `decide` reads, gathered synchronously the way `src/engine/facts.ts` gathers them
 * through the ports: the products of the cart and the command, the customer and address facts of the memory
 * customer and geo directories, fresh cart ids, time, and a small pure offer function standing in for the
 * shipping and payment extensions.
 */

import { demoStore } from '../../../src/adapters/memory/index.js';
import { resolveCustomerGroupId } from '../../../src/domain/customer/rules.js';
import type { CheckoutCommand, CustomerInput } from '../../../src/domain/machine/commands.js';
import type {
  CheckoutFacts,
  CouponFacts,
  CustomerFacts,
  ViewFacts,
} from '../../../src/domain/machine/facts.js';
import { dayOf } from '../../../src/domain/machine/facts.js';
import type { Offers } from '../../../src/domain/machine/selections.js';
import type {
  CheckoutSession,
  PaymentMethodOffer,
  ShippingQuote,
  ShippingQuoteGroup,
} from '../../../src/domain/machine/session.js';
import { pricingGroupId } from '../../../src/domain/machine/session.js';
import type { GuardState } from '../../../src/domain/machine/steps.js';
import { createMessages } from '../../../src/domain/messages.js';
import type { MethodFacts } from '../../../src/domain/methods/offers.js';
import type { Product } from '../../../src/domain/records/catalog.js';
import type { CustomField } from '../../../src/domain/records/customers.js';
import { money } from '../../../src/money/index.js';

export const { data, settings } = demoStore();
export const messages = createMessages();

/** Session inactivity lifetime, as the engine's `ttlSeconds`. */
export const TTL_SECONDS = 3600;
/** The instant every run starts at. */
export const T0 = '2026-06-01T10:00:00.000Z';

/** `instant` plus `seconds`, ISO-8601. */
export function plusSeconds(instant: string, seconds: number): string {
  return new Date(Date.parse(instant) + seconds * 1000).toISOString();
}

export { deepFreeze } from '../../../src/domain/deep-freeze.js';

/** The product ids the cart and the command name (the engine's `productIdsOf`). */
function productIdsOf(session: CheckoutSession, command: CheckoutCommand | null): number[] {
  const ids = new Set(session.cart.map((line) => line.productId));
  if (command?.type === 'add_products') for (const item of command.items) ids.add(item.productId);
  return [...ids].filter((id) => id > 0);
}

/** One catalog batch: the products that exist among `ids` (a missing id is a product that does not exist). */
function productsOf(ids: readonly number[]): ReadonlyMap<number, Product> {
  const products = new Map<number, Product>();
  for (const id of ids) {
    const product = data.products.get(id);
    if (product !== undefined) products.set(id, product);
  }
  return products;
}

/** The memory customer directory's `getCustomFields`: enabled fields asked of the group, by sort order. */
export function customFieldsOf(customerGroupId: number): readonly CustomField[] {
  const fields: CustomField[] = [];
  for (const d of data.customFields.values()) {
    const setting = d.customerGroups.find((g) => g.customerGroupId === customerGroupId);
    if (!d.status || setting === undefined) continue;
    const { customerGroups: _groups, status: _status, ...field } = d;
    fields.push({ ...field, required: setting.required });
  }
  return fields.sort((a, b) => a.sortOrder - b.sortOrder || a.customFieldId - b.customFieldId);
}

/** The engine's customer facts, read from the memory tables. */
function customerFacts(input: CustomerInput): CustomerFacts {
  const groupId = resolveCustomerGroupId(input, settings);
  const group = data.customerGroups.get(groupId);
  const email = input.email.trim().toLowerCase();
  const emailAccount =
    email === '' ? undefined : [...data.customers.values()].find((c) => c.email.toLowerCase() === email);
  return {
    account: input.customerId > 0 ? data.customers.get(input.customerId) : undefined,
    group,
    customFields: group === undefined ? [] : customFieldsOf(groupId),
    emailAccount,
  };
}

/** Coupon facts for a code (uses counted as none: the memory ledger starts empty). */
function couponFacts(code: string | null): CouponFacts | undefined {
  if (code === null || code === '') return undefined;
  return {
    enabled: true,
    coupon: [...data.coupons.values()].find((c) => c.code === code),
    uses: { total: 0, customer: 0 },
    categories: [...data.categories.values()],
  };
}

/** The logged-in customer's reward balance, when points are spent. */
function rewardBalance(session: CheckoutSession): number | undefined {
  const id = session.loggedInCustomerId;
  if (id === null || (session.reward ?? 0) <= 0) return undefined;
  return data.rewardPoints.filter((e) => e.customerId === id).reduce((n, e) => n + e.points, 0);
}

/** What every view of the session reads: its products, every tax rule and rate, the geo zones. */
export function viewFactsOf(
  session: CheckoutSession,
  command: CheckoutCommand | null,
  today: string,
): ViewFacts {
  const coupon = couponFacts(command?.type === 'set_coupon' ? command.code : session.coupon);
  const balance = rewardBalance(session);
  return {
    products: productsOf(productIdsOf(session, command)),
    today,
    messages,
    tax: {
      classIds: [...data.taxClasses.keys()].sort((a, b) => a - b),
      table: { rules: [...data.taxRules], rates: [...data.taxRates.values()] },
      geoZones: [...data.geoZones.values()],
    },
    ...(coupon === undefined ? {} : { coupon }),
    ...(balance === undefined ? {} : { rewardBalance: balance }),
  };
}

export const flatQuote: ShippingQuote = {
  code: 'flat.flat',
  name: 'Flat Shipping Rate',
  cost: money('5.00', 'USD'),
  taxClassId: 9,
};
const flatGroup: ShippingQuoteGroup = {
  code: 'flat',
  title: 'Flat Rate',
  quote: { flat: flatQuote },
  sortOrder: 1,
};
const payment = (code: string, name: string, sortOrder: number): PaymentMethodOffer => ({
  code,
  name,
  option: { [code]: { code: `${code}.${code}`, name } },
  sortOrder,
});
const bankTransfer = payment('bank_transfer', 'Bank Transfer', 2);
const cod = payment('cod', 'Cash On Delivery', 5);

/**
 * The test's shipping and payment extensions: `flat.flat` only to a UK shipping address of a cart that ships;
 * `cod` only when the cart ships, `bank_transfer` always.
 */
export function offersFor(session: CheckoutSession, state: GuardState): Offers {
  const ukShipping = state.cartShips && session.shippingAddress?.countryId === 222;
  return {
    shipping: ukShipping ? { flat: flatGroup } : {},
    payment: state.cartShips ? { bank_transfer: bankTransfer, cod } : { bank_transfer: bankTransfer },
  };
}

/**
 * The same extensions as rules `decide` runs: `flat` quotes to a UK address (it is asked only for a cart that
 * ships to an address), `cod` is offered when the cart ships.
 */
export const testMethods: MethodFacts = {
  shipping: [{ code: 'flat', quote: (context) => (context.address.countryId === 222 ? flatGroup : null) }],
  payment: [
    { code: 'bank_transfer', offer: () => bankTransfer },
    { code: 'cod', offer: (context) => (context.cartShips ? cod : null) },
  ],
  gathered: [],
};

/**
 * The facts of `command` on `session` at `now`, as the engine gathers them: `cartIds` are fresh ids from `nextId`,
 * one per item of an add.
 */
export function factsFor(
  session: CheckoutSession,
  command: CheckoutCommand,
  now: string,
  nextId: () => string,
): CheckoutFacts {
  const today = dayOf(now);
  const view = viewFactsOf(session, command, today);
  const cartIds = command.type === 'add_products' ? command.items.map(() => nextId()) : [];
  const base: CheckoutFacts = {
    ...view,
    now,
    today,
    expiresAt: plusSeconds(now, TTL_SECONDS),
    cartIds,
    methods: testMethods,
  };
  switch (command.type) {
    case 'set_customer':
      return { ...base, customer: customerFacts(command.customer) };
    case 'set_payment_address':
    case 'set_shipping_address': {
      const { countryId } = command.address;
      const country = countryId > 0 ? data.countries.get(countryId) : undefined;
      return {
        ...base,
        address: { country, customFields: customFieldsOf(pricingGroupId(session, settings)) },
      };
    }
    case 'set_affiliate':
      return command.affiliateId === 0
        ? base
        : { ...base, affiliateExists: data.affiliates.get(command.affiliateId)?.status === true };
    default:
      return base;
  }
}
