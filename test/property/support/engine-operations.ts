/**
 * Arbitraries of engine operations as a client sends them (request bodies, valid and broken mixed), for
 * engine-level properties on the demo store. Operations that name a cart line or an offered method pick it from
 * the stored session when they run, so sequences reach chosen methods and then change what allowed them.
 */
import fc from 'fast-check';
import type { ResultAsync } from 'neverthrow';
import type { CheckoutError } from '../../../src/domain/errors.js';
import type { CheckoutSession } from '../../../src/domain/machine/session.js';
import type { Checkout } from '../../../src/engine/checkout.js';
import type { StepResult } from '../../../src/operations/answers.js';
import type { CartItemRequest, CustomerRequest } from '../../../src/operations/requests.js';

/** What the property reads of an operation's answer: accepted or refused (and why). */
export type Outcome = ResultAsync<Pick<StepResult, 'dropped'>, CheckoutError>;

/** A generated operation: a label for shrunk counterexamples, and how to run it on a session. */
export interface Operation {
  readonly label: string;
  readonly run: (checkout: Checkout, sessionId: string, session: CheckoutSession) => Outcome;
  /** How fast-check prints the operation in a counterexample: its label. */
  readonly [fc.toStringMethod]: () => string;
}

/** One step of a sequence: seconds the clock moves first, then the operation. */
export interface Step {
  readonly advance: number;
  readonly operation: Operation;
}

/** An operation that prints as its label in counterexamples. */
const op = (label: string, run: Operation['run']): Operation => ({
  label,
  run,
  [fc.toStringMethod]: () => label,
});

const guest = { firstname: 'Ann', lastname: 'Lee', email: 'ann@example.com', telephone: '01632 960123' };
const customers: readonly CustomerRequest[] = [
  guest,
  { ...guest, email: 'grace@example.com' },
  { ...guest, email: 'buyer@example.com', customer_group_id: 2, custom_field: { '1': '1234567' } },
  { ...guest, firstname: '' },
  { ...guest, customer_group_id: 2 },
];

const items: readonly CartItemRequest[] = [
  { product_id: 40 },
  { product_id: 28, quantity: 2 },
  { product_id: 29 },
  { product_id: 43 },
  { product_id: 47, option: { '225': '2026-05-01' } },
  { product_id: 30, option: { '226': '15' } },
  { product_id: 30, quantity: 3, option: { '226': '16' } },
  { product_id: 48, subscription_plan_id: 2 },
  { product_id: 40, quantity: 60 },
  // Broken: unknown, out of stock, a missing option, more red than in stock, a missing plan.
  { product_id: 999 },
  { product_id: 49 },
  { product_id: 30 },
  { product_id: 30, quantity: 3, option: { '226': '15' } },
  { product_id: 48 },
];

/** Address bodies with `prefix`: UK (Lancashire, Aberdeen), US (California), Singapore, and broken ones. */
function addresses(prefix: 'payment_' | 'shipping_'): readonly Record<string, unknown>[] {
  const base = {
    [`${prefix}firstname`]: 'Ann',
    [`${prefix}lastname`]: 'Lee',
    [`${prefix}address_1`]: '1 High Street',
    [`${prefix}city`]: 'Preston',
  };
  return [
    { ...base, [`${prefix}postcode`]: 'PR1 2HJ', [`${prefix}country_id`]: 222, [`${prefix}zone_id`]: 3563 },
    { ...base, [`${prefix}postcode`]: 'AB1 2CD', [`${prefix}country_id`]: 222, [`${prefix}zone_id`]: 3513 },
    { ...base, [`${prefix}country_id`]: 223, [`${prefix}zone_id`]: 3624 },
    { ...base, [`${prefix}country_id`]: 188, [`${prefix}zone_id`]: 0 },
    { ...base, [`${prefix}country_id`]: 222, [`${prefix}zone_id`]: 3624 },
    { ...base, [`${prefix}firstname`]: '' },
  ];
}

/** The `n`-th line's cart id (modulo the cart), or an unknown id for `n` < 0. */
function lineId(session: CheckoutSession, n: number): string {
  if (n < 0 || session.cart.length === 0) return 'no-such-line';
  return session.cart[n % session.cart.length]?.cartId ?? 'no-such-line';
}

/** The `n`-th code offered in the session (modulo the offers), or a code never offered for `n` < 0. */
function offeredCode(codes: readonly string[], n: number): string {
  if (n < 0 || codes.length === 0) return 'nothing.offered';
  return codes[n % codes.length] ?? 'nothing.offered';
}

/** Shipping quote codes stored in the session. */
function quoteCodes(session: CheckoutSession): string[] {
  return Object.values(session.shippingMethods ?? {}).flatMap((group) => Object.keys(group.quote));
}

const pick = fc.integer({ min: -1, max: 6 });

/** Every kind of operation, weighted so that sequences reach chosen methods and then change under them. */
export const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...customers)
      .map((body) => op(`setCustomer ${body.email}`, (c, id) => c.setCustomer(id, body))),
  },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(...items)
      .map((item) => op(`addProduct ${JSON.stringify(item)}`, (c, id) => c.addProduct(id, item))),
  },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.constantFrom(...items), { minLength: 1, maxLength: 3 })
      .map((product) =>
        op(`addProducts ${JSON.stringify(product)}`, (c, id) => c.addProducts(id, { product })),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(pick, fc.integer({ min: -1, max: 8 }))
      .map(([n, quantity]) =>
        op(`updateCartLine #${n} × ${quantity}`, (c, id, s) =>
          c.updateCartLine(id, { cart_id: lineId(s, n), quantity }),
        ),
      ),
  },
  {
    weight: 1,
    arbitrary: pick.map((n) =>
      op(`removeCartLine #${n}`, (c, id, s) => c.removeCartLine(id, { cart_id: lineId(s, n) })),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...addresses('payment_'))
      .map((body) =>
        op(`setPaymentAddress ${JSON.stringify(body)}`, (c, id) => c.setPaymentAddress(id, body)),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...addresses('shipping_'))
      .map((body) =>
        op(`setShippingAddress ${JSON.stringify(body)}`, (c, id) => c.setShippingAddress(id, body)),
      ),
  },
  { weight: 3, arbitrary: fc.constant(op('getShippingMethods', (c, id) => c.getShippingMethods(id))) },
  {
    weight: 3,
    arbitrary: pick.map((n) =>
      op(`setShippingMethod #${n}`, (c, id, s) =>
        c.setShippingMethod(id, { shipping_method: offeredCode(quoteCodes(s), n) }),
      ),
    ),
  },
  { weight: 3, arbitrary: fc.constant(op('getPaymentMethods', (c, id) => c.getPaymentMethods(id))) },
  {
    weight: 3,
    arbitrary: pick.map((n) =>
      op(`setPaymentMethod #${n}`, (c, id, s) =>
        c.setPaymentMethod(id, { payment_method: offeredCode(Object.keys(s.paymentMethods ?? {}), n) }),
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('2222', '3333', '1111', '4444', '', 'NOPE')
      .map((coupon) => op(`setCoupon ${coupon}`, (c, id) => c.setCoupon(id, { coupon }))),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(0, 100, 400, 5000)
      .map((reward) => op(`setReward ${reward}`, (c, id) => c.setReward(id, { reward }))),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('GBP', 'USD', 'XXX')
      .map((currency) => op(`setCurrency ${currency}`, (c, id) => c.setCurrency(id, { currency }))),
  },
);

/** The steps that take an empty session to chosen methods (customer, iPhone, UK addresses, flat, cod). */
export const checkoutPrefix: readonly Operation[] = [
  op('setCustomer guest', (c, id) => c.setCustomer(id, guest)),
  op('addProduct 40', (c, id) => c.addProduct(id, { product_id: 40 })),
  op('setPaymentAddress UK', (c, id) => c.setPaymentAddress(id, addresses('payment_')[0] ?? {})),
  op('setShippingAddress UK', (c, id) => c.setShippingAddress(id, addresses('shipping_')[0] ?? {})),
  op('getShippingMethods', (c, id) => c.getShippingMethods(id)),
  op('setShippingMethod flat.flat', (c, id) => c.setShippingMethod(id, { shipping_method: 'flat.flat' })),
  op('getPaymentMethods', (c, id) => c.getPaymentMethods(id)),
  op('setPaymentMethod cod', (c, id) => c.setPaymentMethod(id, { payment_method: 'cod' })),
];

/**
 * Sequences of `minLength`–`maxLength` steps; about half start with {@link checkoutPrefix} (counted in the
 * length), so that many runs change the cart, addresses and customer under chosen methods.
 */
export function sequences(minLength: number, maxLength: number): fc.Arbitrary<Step[]> {
  const step = fc.record({ advance: fc.constantFrom(0, 0, 1, 30), operation });
  return fc
    .tuple(fc.boolean(), fc.array(step, { minLength, maxLength }))
    .map(([prefixed, steps]) =>
      prefixed
        ? [...checkoutPrefix.map((o) => ({ advance: 0, operation: o })), ...steps].slice(0, maxLength)
        : steps,
    );
}
