/**
 * Arbitraries of checkout commands on the demo store, valid and invalid mixed: customers of groups 1, 2 and 3 and
 * broken ones, multi and single adds of every demo product (options right and wrong, plans or not, unknown
 * products), cart line updates and removals of existing or unknown lines, addresses in the UK, the US and
 * Singapore and broken ones, currencies, and (for the selection properties) method choices.
 */
import fc from 'fast-check';
import type { CartItemInput, CheckoutCommand, CustomerInput } from '../../../src/domain/machine/commands.js';
import type { CheckoutSession } from '../../../src/domain/machine/session.js';

/** A cart line named by the command: one of the lines the session holds when it runs, or an unknown id. */
export type LineRef = { readonly pick: number } | { readonly unknown: string };

/** A command as generated: line commands name their line by {@link LineRef}, resolved against the session. */
export type CommandSpec =
  | Exclude<CheckoutCommand, { type: 'update_cart_line' | 'remove_cart_line' }>
  | { readonly type: 'update_cart_line'; readonly line: LineRef; readonly quantity: number }
  | { readonly type: 'remove_cart_line'; readonly line: LineRef };

/** One step of a run: a command and how many seconds pass before it. */
export interface Step {
  readonly spec: CommandSpec;
  readonly advance: number;
}

/** The command a spec stands for on `session`. */
export function resolveCommand(spec: CommandSpec, session: CheckoutSession): CheckoutCommand {
  if (spec.type !== 'update_cart_line' && spec.type !== 'remove_cart_line') return spec;
  const { line } = spec;
  const cartId =
    'unknown' in line
      ? line.unknown
      : (session.cart[line.pick % Math.max(1, session.cart.length)]?.cartId ?? 'none');
  return spec.type === 'update_cart_line'
    ? { type: 'update_cart_line', cartId, quantity: spec.quantity }
    : { type: 'remove_cart_line', cartId };
}

type ItemBody = Omit<CartItemInput, 'key'>;

/** A valid value, or (about one time in `1 + weight`) one of the broken ones. */
function mostly<T>(valid: fc.Arbitrary<T>, broken: fc.Arbitrary<T>, weight = 4): fc.Arbitrary<T> {
  return fc.oneof({ weight, arbitrary: valid }, { weight: 1, arbitrary: broken });
}

/** `value` with one of its fields replaced by a broken value from `broken`. */
function breakOne<T extends object>(value: fc.Arbitrary<T>, broken: { [K in keyof T]?: readonly T[K][] }) {
  const fields = Object.entries(broken) as [keyof T, readonly T[keyof T][]][];
  return fc
    .tuple(value, fc.constantFrom(...fields))
    .chain(([v, [key, bad]]) => fc.constantFrom(...bad).map((b): T => ({ ...v, [key]: b })));
}

const quantity = fc.integer({ min: 1, max: 20 });
const item = (
  productId: fc.Arbitrary<number>,
  options: fc.Arbitrary<Record<string, unknown>>,
  plan: fc.Arbitrary<number> = fc.constant(0),
) => fc.record({ productId, quantity, options, subscriptionPlanId: plan });

/** Product 42's options: one of every type, all required, valid. */
const cinemaOptions: fc.Arbitrary<Record<string, unknown>> = fc.record({
  '217': fc.constantFrom<unknown>('1', 2, '3', '4'),
  '218': fc.constantFrom<unknown>('5', 6, '7'),
  '223': fc.array(fc.constantFrom<unknown>('8', 9, '10', '11'), { minLength: 1, maxLength: 4 }),
  '208': fc.constantFrom('hello', ' note '),
  '209': fc.constantFrom('text area', 'line\nbreak'),
  '222': fc.constant('a3f1c2d4e5b6'),
  '219': fc.constantFrom('2026-07-01', '2011-02-20'),
  '221': fc.constantFrom('22:25', '10:30'),
  '220': fc.constantFrom('2026-07-01 22:25', '2011-02-20 10:00'),
});

/** Product 42's options with one missing or wrong. */
const brokenCinemaOptions = fc.oneof(
  cinemaOptions.chain((options) =>
    fc.constantFrom(...Object.keys(options)).map((drop) => {
      const { [drop]: _dropped, ...rest } = options;
      return rest as Record<string, unknown>;
    }),
  ),
  breakOne(cinemaOptions, {
    '217': ['5', ''],
    '218': ['1'],
    '223': [['2'], []],
    '219': ['2026-13-45'],
    '221': ['25:99'],
  }),
);

const validItem: fc.Arbitrary<ItemBody> = fc.oneof(
  item(fc.constantFrom(29, 32, 40, 43), fc.constant({})),
  item(
    fc.constant(30),
    fc.constantFrom<unknown>('15', '16', 15, 16).map((v) => ({ '226': v })),
  ),
  item(
    fc.constant(47),
    fc.constantFrom<Record<string, unknown>>({ '225': '2026-07-01' }, { '225': '2011-04-22' }),
  ),
  item(fc.constant(41), fc.constant({}), fc.constantFrom(1, 2)),
  item(fc.constant(42), cinemaOptions),
);

/** Unknown products, 28 and 49 (no stock), 35 (disabled), wrong options, a missing or unknown plan. */
const brokenItem: fc.Arbitrary<ItemBody> = fc.oneof(
  item(fc.constantFrom(999, 0, 28, 35, 49), fc.constant({})),
  item(
    fc.constant(30),
    fc.constantFrom<Record<string, unknown>>({ '226': '17' }, { '226': '' }, {}, { '999': '15' }),
  ),
  item(fc.constant(47), fc.constantFrom<Record<string, unknown>>({ '225': 'not a date' }, {})),
  item(fc.constant(41), fc.constant({}), fc.constantFrom(0, 7)),
  item(fc.constant(42), brokenCinemaOptions),
);

const itemBody = mostly(validItem, brokenItem, 6);

const addProducts: fc.Arbitrary<CommandSpec> = fc.oneof(
  fc.array(itemBody, { minLength: 1, maxLength: 3 }).map(
    (items): CommandSpec => ({
      type: 'add_products',
      mode: 'multi',
      items: items.map((body, n) => ({ ...body, key: String(n) })),
    }),
  ),
  itemBody.map(
    (body): CommandSpec => ({ type: 'add_products', mode: 'single', items: [{ ...body, key: '' }] }),
  ),
);

/**
 * One single add that always succeeds on the demo store, whatever else was added before it (at most a few
 * units, so no stock runs out): for the add-order property, where a refused add would differ between orders.
 */
export const addOne: fc.Arbitrary<Step> = fc
  .oneof(
    item(fc.constantFrom(29, 32, 40, 43), fc.constant({})),
    item(
      fc.constant(47),
      fc.constantFrom<Record<string, unknown>>({ '225': '2026-07-01' }, { '225': '2011-04-22' }),
    ),
    item(fc.constant(41), fc.constant({}), fc.constantFrom(1, 2)),
    item(fc.constant(42), cinemaOptions),
  )
  .chain((body) =>
    fc.integer({ min: 1, max: 3 }).map(
      (quantity): Step => ({
        spec: { type: 'add_products', mode: 'single', items: [{ ...body, quantity, key: '' }] },
        advance: 1,
      }),
    ),
  );

const lineRef: fc.Arbitrary<LineRef> = mostly<LineRef>(
  fc.nat({ max: 9 }).map((pick) => ({ pick })),
  fc.constantFrom('cart-9999', '', 'x').map((unknown) => ({ unknown })),
);

const cartChange: fc.Arbitrary<CommandSpec> = fc.oneof(
  fc
    .tuple(lineRef, fc.integer({ min: -2, max: 20 }))
    .map(([line, quantity]): CommandSpec => ({ type: 'update_cart_line', line, quantity })),
  lineRef.map((line): CommandSpec => ({ type: 'remove_cart_line', line })),
);

/**
 * A valid customer: a guest or an account, group 1, 2 or 3 (3 with its required company id), a valid e-mail and
 * telephone (the demo requires one).
 */
const validCustomer: fc.Arbitrary<CustomerInput> = fc
  .record({
    customerId: fc.constantFrom(0, 0, 1, 2, 3),
    customerGroupId: fc.constantFrom(0, 1, 2, 3),
    firstname: fc.constantFrom('Ann', ' Zoë '),
    lastname: fc.constantFrom('Lee', 'Ødegård'),
    email: fc.constantFrom(
      'ann@example.com',
      'GRACE@example.com',
      'buyer@example.com',
      'disabled@example.com',
    ),
    telephone: fc.constantFrom('+44 1632 960961', ' 01632 960000 '),
    extra: fc.constantFrom<Record<string, unknown>>(
      {},
      { '30': 'an address field' },
      { '4': 'a disabled field' },
      { '99': 'unknown' },
    ),
  })
  .map(({ extra, ...c }) => ({
    ...c,
    customField: c.customerGroupId === 3 ? { ...extra, '29': '1234567' } : extra,
  }));

const setCustomer: fc.Arbitrary<CommandSpec> = mostly(
  validCustomer,
  breakOne(validCustomer, {
    customerId: [99],
    customerGroupId: [4, 99],
    firstname: ['', ' ', 'x'.repeat(33)],
    email: ['not-an-email', '', 'a@b'],
    telephone: ['', '12'],
    customField: [{ '29': 'abc' }],
  }),
  3,
).map((customer): CommandSpec => ({ type: 'set_customer', customer }));

/** [countryId, zoneId] pairs of the demo's countries with their zones. */
const validPlace = fc.constantFrom<readonly [number, number]>(
  [222, 3513],
  [222, 3563],
  [222, 3949],
  [222, 3955],
  [223, 3616],
  [223, 3624],
  [223, 3655],
  [188, 0],
  [188, 3513],
);
const brokenPlace = fc.constantFrom<readonly [number, number]>(
  [222, 3624],
  [222, 0],
  [223, 3563],
  [0, 0],
  [999, 1],
);

const validAddress = fc
  .record({
    place: validPlace,
    firstname: fc.constantFrom<string>('Ann', ' Bo '),
    address1: fc.constantFrom<string>('1 High Street', '10 Anson Road'),
    city: fc.constantFrom<string>('Preston', 'Singapore'),
    postcode: fc.constantFrom<string>('PR1 2HJ', '079903'),
    customField: fc.constantFrom<Record<string, unknown>>(
      {},
      { '30': 'Ring twice' },
      { '29': '1234567', '99': 'x' },
    ),
  })
  .map(({ place: [countryId, zoneId], ...fields }) => ({
    addressId: 0,
    lastname: 'Lee',
    company: '',
    address2: '',
    countryId,
    zoneId,
    ...fields,
  }));

const address = mostly(
  validAddress,
  fc.oneof(
    breakOne(validAddress, { firstname: [''], address1: ['x'], city: [''] }),
    fc
      .tuple(validAddress, brokenPlace, fc.constantFrom('PR1 2HJ', '', '12345678901'))
      .map(([a, [countryId, zoneId], postcode]) => ({ ...a, countryId, zoneId, postcode })),
  ),
  3,
);

const setAddress: fc.Arbitrary<CommandSpec> = fc
  .tuple(fc.constantFrom('set_payment_address' as const, 'set_shipping_address' as const), address)
  .map(([type, address]): CommandSpec => ({ type, address }));

const setCurrency: fc.Arbitrary<CommandSpec> = fc
  .constantFrom('USD', 'GBP', 'EUR', 'XXX')
  .map((currency): CommandSpec => ({ type: 'set_currency', currency }));

/** Quoting and choosing methods, offered or not, and the affiliate (the selection properties' extra commands). */
export const chooseMethod: fc.Arbitrary<CommandSpec> = fc.oneof(
  fc.constantFrom<CommandSpec>(
    { type: 'quote_shipping' },
    { type: 'offer_payment' },
    { type: 'set_affiliate', affiliateId: 1 },
    { type: 'set_affiliate', affiliateId: 7 },
    { type: 'set_affiliate', affiliateId: 0 },
  ),
  fc
    .constantFrom('flat.flat', 'weight.weight_4', 'flat')
    .map((code): CommandSpec => ({ type: 'set_shipping_method', code })),
  fc
    .constantFrom('cod', 'cod.cod', 'bank_transfer', 'cheque')
    .map((code): CommandSpec => ({ type: 'set_payment_method', code })),
);

/** Customer, cart, address and currency commands, valid and invalid mixed. */
export const commandSpec: fc.Arbitrary<CommandSpec> = fc.oneof(
  { weight: 2, arbitrary: setCustomer },
  { weight: 4, arbitrary: addProducts },
  { weight: 3, arbitrary: cartChange },
  { weight: 3, arbitrary: setAddress },
  { weight: 1, arbitrary: setCurrency },
);

/** A sequence of steps over `spec`, 1 to `maxLength` long, a few seconds apart. */
export function steps(spec: fc.Arbitrary<CommandSpec> = commandSpec, maxLength = 25): fc.Arbitrary<Step[]> {
  return fc.array(fc.record({ spec, advance: fc.integer({ min: 1, max: 10 }) }), { minLength: 1, maxLength });
}
