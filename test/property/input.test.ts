/**
 * Property tests for the per-operation parsers of src/input: whatever value arrives (JSON values, null-prototype
 * trees as form.ts builds them, deep nesting, near-miss numbers), a parser never throws and answers either a
 * command or a `validation` error whose keys are among the keys that operation may use.
 */
import fc from 'fast-check';
import type { Result } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import type { CheckoutError } from '../../src/domain/errors.js';
import { createMessages } from '../../src/domain/messages.js';
import { maxQuantity, maxTextLength } from '../../src/operations/fields.js';
import {
  parseAddress,
  parseCartAdd,
  parseCartAddProduct,
  parseCartRemove,
  parseCartUpdate,
  parseCurrency,
  parseCustomer,
  parseManufacturerId,
  parseManufacturerListQuery,
  parseProductListQuery,
} from '../operations/support/parsers.js';

const RUNS = { numRuns: 500 };
const messages = createMessages();

// ---------------------------------------------------------------------------------------------------------------
// Generators

/** Near misses of the integer rules: the strings PHP would cast, and the numbers that are not integers. */
const numberish = fc.oneof(
  fc.constantFrom(
    '12abc',
    '1.5',
    '1e3',
    '0x1f',
    '+1',
    '-1',
    ' 7 ',
    '007',
    '',
    '   ',
    '-0',
    '9'.repeat(16),
    '١٢',
  ),
  fc.integer().map(String),
  fc.double(),
  fc.integer({ min: -1, max: maxQuantity + 1 }),
);

/** A null-prototype copy of a dictionary, as src/http/form.ts builds objects. */
const bare = <T>(arb: fc.Arbitrary<Record<string, T>>) =>
  arb.map((dict) => Object.assign(Object.create(null) as Record<string, T>, dict));

/** A value nested `depth` levels deep in alternating arrays and objects. */
const deep = fc.nat(3000).map((depth) => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { a: value };
  return value;
});

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  numberish,
  deep,
  bare(fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }))),
  fc.string({ minLength: maxTextLength - 1, maxLength: maxTextLength + 1 }),
  // Objects whose `length` or `size` member is not a number: zod's length checks once threw on them.
  bare(fc.record({ length: fc.oneof(fc.jsonValue({ maxDepth: 1 }), bare(fc.record({ a: fc.string() }))) })),
  fc.record({ size: fc.jsonValue({ maxDepth: 1 }), toString: fc.constant(1) }),
);

/** A body whose keys are mostly `names`, with values of every kind, as a plain or null-prototype object. */
function bodyOf(names: readonly string[], value: fc.Arbitrary<unknown> = anyValue): fc.Arbitrary<unknown> {
  const key = fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 6 }));
  const dict = fc.dictionary(key, value, { maxKeys: names.length + 2 });
  return fc.oneof(
    { weight: 4, arbitrary: dict },
    { weight: 2, arbitrary: bare(dict) },
    { weight: 1, arbitrary: anyValue },
  );
}

const itemFields = ['product_id', 'quantity', 'option', 'subscription_plan_id'];
const item = bodyOf(itemFields);
const itemKey = fc.oneof(fc.nat(200).map(String), fc.string({ maxLength: 12 }));
const cartBody = fc.oneof(
  bodyOf(['product']),
  fc
    .oneof(fc.array(item, { maxLength: 110 }), fc.dictionary(itemKey, item, { maxKeys: 8 }))
    .map((product) => ({ product })),
);

// ---------------------------------------------------------------------------------------------------------------
// Checks

/** Runs `parse` on `raw` (it must not throw) and checks an error's kind and keys. */
function expectCommandOrKnownKeys<T>(
  result: Result<T, CheckoutError>,
  allowed: (key: string) => boolean,
): T | undefined {
  if (result.isOk()) return result.value;
  expect(result.error.kind).toBe('validation');
  const keys = Object.keys(result.error.fields);
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) expect(allowed(key), key).toBe(true);
  for (const text of Object.values(result.error.fields)) expect(typeof text).toBe('string');
  return undefined;
}

const oneOf = (keys: readonly string[]) => (key: string) => keys.includes(key);
const isSafeId = (n: number) => Number.isSafeInteger(n) && n >= 0 && !Object.is(n, -0);
const isText = (s: string) => typeof s === 'string' && s.length <= maxTextLength;

// ---------------------------------------------------------------------------------------------------------------

describe('the customer parser', () => {
  const fields = [
    'customer_id',
    'customer_group_id',
    'firstname',
    'lastname',
    'email',
    'telephone',
    'custom_field',
  ];
  const keys = oneOf(['warning', 'customer_group', 'firstname', 'lastname', 'email', 'telephone']);

  it('never throws, and gives a well-typed command or errors under the customer keys', () => {
    fc.assert(
      fc.property(bodyOf(fields), (raw) => {
        const command = expectCommandOrKnownKeys(parseCustomer(raw, messages), keys);
        if (command === undefined) return;
        const { customer } = command;
        expect(isSafeId(customer.customerId) && isSafeId(customer.customerGroupId)).toBe(true);
        for (const text of [customer.firstname, customer.lastname, customer.email, customer.telephone])
          expect(isText(text)).toBe(true);
        expect(Object.getPrototypeOf(customer.customField)).toBeNull();
      }),
      RUNS,
    );
  });

  it('reads any non-negative safe integer, as a number or padded digits, as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999_999 }), fc.boolean(), (id, asText) => {
        const customer_id = asText ? ` ${id}\t` : id;
        expect(parseCustomer({ customer_id }, messages)._unsafeUnwrap().customer.customerId).toBe(id);
      }),
      RUNS,
    );
  });
});

describe('the cart parsers', () => {
  const itemKey = /^product_(?:0|[1-9]\d{0,8})_(?:product|quantity|subscription)$/;

  it('the multi add accepts every well-formed request, keeping each item as sent', () => {
    const id = fc.nat({ max: 999_999 });
    const goodItem = fc.record({
      product_id: id,
      quantity: fc.integer({ min: 1, max: maxQuantity }),
      subscription_plan_id: id,
      option: fc.dictionary(fc.nat(999).map(String), fc.oneof(fc.string(), fc.array(fc.nat().map(String)))),
    });
    const entries = fc.uniqueArray(fc.tuple(fc.nat(999_999_999).map(String), goodItem), {
      minLength: 1,
      maxLength: 20,
      selector: ([key]) => key,
    });
    fc.assert(
      fc.property(entries, fc.boolean(), (pairs, asText) => {
        // Forms send ids and quantities as text, JSON as numbers: both must read the same.
        const sent = (n: number) => (asText ? String(n) : n);
        const product = Object.fromEntries(
          pairs.map(([key, item]) => [
            key,
            { ...item, product_id: sent(item.product_id), quantity: sent(item.quantity) },
          ]),
        );
        const expected = pairs.map(([key, item]) => ({
          key,
          productId: item.product_id,
          quantity: item.quantity,
          options: item.option,
          subscriptionPlanId: item.subscription_plan_id,
        }));
        const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
        const command = parseCartAdd({ product }, messages)._unsafeUnwrap();
        expect([...command.items].sort(byKey)).toEqual(expected.sort(byKey));
      }),
      RUNS,
    );
  });

  /** Whether a body has no product rows: `product` absent, null, blank, or an empty list or object. */
  const hasNoRows = (raw: unknown): boolean => {
    const product: unknown =
      typeof raw === 'object' && raw !== null && !Array.isArray(raw) && Object.hasOwn(raw, 'product')
        ? (raw as Record<string, unknown>).product
        : undefined;
    if (product === undefined || product === null) return true;
    if (typeof product === 'string') return product.trim() === '';
    return typeof product === 'object' && Object.keys(product).length === 0;
  };

  it('the multi add never throws; errors are warning or product_<n>_…, always with a warning', () => {
    fc.assert(
      fc.property(cartBody, (raw) => {
        const result = parseCartAdd(raw, messages);
        const command = expectCommandOrKnownKeys(result, (key) => key === 'warning' || itemKey.test(key));
        if (command === undefined) {
          expect(result._unsafeUnwrapErr().fields.warning).toBeTypeOf('string');
          return;
        }
        // No items only for a body without rows: it asks for the cart as it is.
        if (command.items.length === 0) expect(hasNoRows(raw), JSON.stringify(raw)).toBe(true);
        for (const line of command.items) {
          expect(line.quantity >= 1 && line.quantity <= maxQuantity).toBe(true);
          expect(isSafeId(line.productId) && isSafeId(line.subscriptionPlanId)).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('the single add never throws; errors are warning, quantity or subscription', () => {
    fc.assert(
      fc.property(bodyOf(itemFields), (raw) => {
        const command = expectCommandOrKnownKeys(
          parseCartAddProduct(raw, messages),
          oneOf(['warning', 'quantity', 'subscription']),
        );
        if (command !== undefined) expect(command.items).toHaveLength(1);
      }),
      RUNS,
    );
  });

  it('update and remove never throw; errors are cart_id and quantity', () => {
    fc.assert(
      fc.property(bodyOf(['cart_id', 'quantity']), (raw) => {
        const update = expectCommandOrKnownKeys(
          parseCartUpdate(raw, messages),
          oneOf(['cart_id', 'quantity']),
        );
        if (update !== undefined) {
          expect(update.cartId.length >= 1 && update.cartId.length <= 64).toBe(true);
          expect(Number.isSafeInteger(update.quantity) && update.quantity <= maxQuantity).toBe(true);
        }
        expectCommandOrKnownKeys(parseCartRemove(raw, messages), oneOf(['cart_id']));
      }),
      RUNS,
    );
  });
});

describe('the address parser', () => {
  const names = [
    'address_id',
    'firstname',
    'lastname',
    'company',
    'address_1',
    'address_2',
    'city',
    'postcode',
    'country_id',
    'zone_id',
    'custom_field',
  ];
  const errorNames = [
    'firstname',
    'lastname',
    'company',
    'address_1',
    'address_2',
    'city',
    'postcode',
    'country',
    'zone',
  ];

  it('never throws; errors are warning or the prefixed address keys of its own prefix', () => {
    const prefix = fc.constantFrom('payment_' as const, 'shipping_' as const);
    const body = prefix.chain((p) =>
      bodyOf(names.flatMap((n) => [`${p}${n}`, n])).map((raw) => [p, raw] as const),
    );
    fc.assert(
      fc.property(body, ([p, raw]) => {
        const keys = oneOf(['warning', ...errorNames.map((n) => `${p}${n}`)]);
        const address = expectCommandOrKnownKeys(parseAddress(raw, p, messages), keys);
        if (address !== undefined)
          expect(isSafeId(address.countryId) && isSafeId(address.zoneId) && isText(address.city)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('the currency and catalog parsers', () => {
  it('the currency switch never throws; an accepted code is three capitals', () => {
    fc.assert(
      fc.property(bodyOf(['currency'], fc.oneof(anyValue, fc.string({ maxLength: 5 }))), (raw) => {
        const command = expectCommandOrKnownKeys(parseCurrency(raw, messages), oneOf(['currency']));
        if (command !== undefined) expect(command.currency).toMatch(/^[A-Z]{3}$/);
      }),
      RUNS,
    );
  });

  it('the manufacturer id never throws; an accepted id is positive', () => {
    fc.assert(
      fc.property(bodyOf(['manufacturer_id']), (raw) => {
        const id = expectCommandOrKnownKeys(parseManufacturerId(raw, messages), oneOf(['manufacturer_id']));
        if (id !== undefined) expect(Number.isSafeInteger(id) && id > 0).toBe(true);
      }),
      RUNS,
    );
  });

  it('the list queries never throw and always page within bounds', () => {
    const names = [
      'sort',
      'order',
      'start',
      'limit',
      'filter_manufacturer_id',
      'filter_category_id',
      'filter_sub_category',
    ];
    fc.assert(
      fc.property(bodyOf(names), (raw) => {
        const manufacturers = parseManufacturerListQuery(raw);
        const products = parseProductListQuery(raw, { customerGroupId: 1, today: '2025-01-01' });
        for (const { start, limit } of [manufacturers, products]) {
          expect(Number.isSafeInteger(start) && start >= 0).toBe(true);
          expect(limit >= 1 && limit <= 100).toBe(true);
        }
      }),
      RUNS,
    );
  });
});
