/**
 * Parameters for every route: a valid request as the documentation describes it (several of them), and the same
 * made hostile by {@link mutate}: a field replaced by a hostile value, a member added under a tricky name (in an
 * option map, a custom field map, a product row), a field dropped, or everything replaced.
 */
import fc from 'fast-check';
import { hostileKey, hostileValue } from './hostile.js';
import type { RouteName } from './routes.js';
import { bare, isList, isRecord, type Params, Ref, type Tree } from './tree.js';

const quantity = fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constantFrom('1', '2', ' 3 ', '02'));

/** Cart items of the demo catalogue: plain, with options, with a plan, sold out, unknown. */
export const item: fc.Arbitrary<Params> = fc.oneof(
  { weight: 4, arbitrary: quantity.map((q) => ({ product_id: 40, quantity: q })) },
  { weight: 1, arbitrary: quantity.map((q) => ({ product_id: '43', quantity: q })) },
  { weight: 1, arbitrary: fc.constant({ product_id: 29 }) },
  { weight: 1, arbitrary: fc.constant({ product_id: 28, quantity: '1' }) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom<Tree>('15', '16', 15, ' 16 ')
      .map((value) => ({ product_id: 30, option: { 226: value } })),
  },
  { weight: 1, arbitrary: fc.constant({ product_id: 47, option: { 225: '2011-04-22' } }) },
  { weight: 1, arbitrary: fc.constant({ product_id: 48, subscription_plan_id: 2 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Tree>(['8', '9'], ['9', '8', '9'], '10', { 0: '11' }).map((checkbox) => ({
      product_id: 42,
      quantity: 2,
      option: {
        217: '1',
        218: '5',
        223: checkbox,
        208: 'test',
        209: 'Deliver in the morning',
        222: 'upload-code-1',
        219: '2011-02-20',
        221: '22:25',
        220: '2011-02-20 22:25',
      },
    })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Params>({ product_id: 49 }, { product_id: 35 }, { product_id: 999 }),
  },
);

/** A valid address with the step's prefix: the UK (a postcode and a zone), the US, or Singapore (no zones). */
function address(prefix: 'payment_' | 'shipping_'): fc.Arbitrary<Params> {
  const base = { firstname: 'Jane', lastname: 'Smith', address_1: '1 Market Street' };
  const places = [
    { ...base, city: 'Preston', postcode: 'PR1 2HJ', country_id: 222, zone_id: 3563 },
    { ...base, city: 'Los Angeles', country_id: '223', zone_id: '3624', company: 'ACME' },
    { ...base, city: 'Singapore', country_id: 188, address_2: 'Unit 5', custom_field: { 2: 'Ring twice' } },
  ];
  return fc
    .constantFrom(...places)
    .map((place) => bare(Object.entries(place).map(([key, value]) => [`${prefix}${key}`, value as Tree])));
}

const customer: fc.Arbitrary<Params> = fc
  .record({
    firstname: fc.constantFrom('Jane', 'Jo', 'Émile'),
    lastname: fc.constant('Smith'),
    email: fc.constantFrom(
      'jane@example.com',
      'john.doe@example.com',
      'JOHN.DOE@EXAMPLE.COM',
      ' buyer@example.com ',
      'someone@example.org',
    ),
    telephone: fc.constantFrom('01632 960123', 1632960123),
  })
  .map((fields): Params => fields);

const listQuery = fc.record(
  {
    sort: fc.constantFrom('name', 'sort_order', 'p.price', 'price', 'x'),
    order: fc.constantFrom('ASC', 'DESC', 'desc', 'x'),
    start: fc.constantFrom(0, 1, 5, -1, '2'),
    limit: fc.constantFrom(1, 2, 20, 100, 0, 1000),
  },
  { requiredKeys: [] },
);

/** Valid (or nearly valid) parameters of each route. */
export const validParams: Readonly<Record<RouteName, fc.Arbitrary<Params>>> = {
  login: fc.oneof(
    { weight: 4, arbitrary: fc.constant({ username: 'demo', key: new Ref('key', 0) }) },
    // Near misses of the key: with NUL bytes after it, cut, in capitals, with blanks.
    {
      weight: 3,
      arbitrary: fc.integer({ min: 1, max: 7 }).map((i) => ({ username: 'demo', key: new Ref('key', i) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('DEMO', ' demo', 'demo\u0000', 'nobody', '', 'd'.repeat(300))
        .map((username) => ({ username, key: new Ref('key', 0) })),
    },
  ),
  logout: fc.constant({}),
  customer,
  cart: fc
    .array(item, { minLength: 1, maxLength: 3 })
    .chain((items) =>
      fc.constantFrom<Params>({ product: items }, { product: bare(items.map((it, i) => [String(i), it])) }),
    ),
  addProduct: item,
  getProducts: fc.constant({}),
  getTotals: fc.constant({}),
  update: fc.record({
    cart_id: fc.nat(3).map((i) => new Ref('cart', i)),
    quantity: fc.integer({ min: -1, max: 4 }),
  }),
  remove: fc.record({ cart_id: fc.nat(3).map((i) => new Ref('cart', i)) }),
  currency: fc.constantFrom('USD', 'EUR', 'GBP', 'eur', ' gbp ', 'XXX').map((currency) => ({ currency })),
  manufacturer: fc.constantFrom(5, 8, 9, '10', 999).map((id) => ({ manufacturer_id: id })),
  manufacturerList: listQuery,
  productList: fc
    .record(
      { filter_manufacturer_id: fc.constantFrom(8, 9), filter_category_id: fc.constantFrom(20, 24, 28) },
      { requiredKeys: [] },
    )
    .chain((filters) => listQuery.map((query) => ({ ...filters, ...query }))),
  paymentAddress: address('payment_'),
  shippingAddress: address('shipping_'),
  shippingMethods: fc.constant({}),
  shippingMethod: fc.constantFrom<Params>(
    { shipping_method: 'flat.flat' },
    { shipping_method: { code: 'flat.flat', name: 'Anything', cost: 0 } },
    { shipping_method: { code: ' flat.flat ' } },
    { shipping_method: 'pickup.pickup' },
  ),
  paymentMethods: fc.constant({}),
  paymentMethod: fc.constantFrom<Params>(
    { payment_method: 'cod' },
    { payment_method: 'cod.cod' },
    { payment_method: { code: 'cheque' } },
    { payment_method: 'cheque.cheque' },
    { payment_method: 'free_checkout' },
  ),
  coupon: fc.constantFrom('2222', '3333', '1111', '4444', '', '9999').map((coupon) => ({ coupon })),
  reward: fc.constantFrom(0, 1, 100, '200', 2000).map((reward) => ({ reward })),
  affiliate: fc.constantFrom(0, 1, '1', 2, 99).map((id) => ({ affiliate_id: id })),
  confirm: fc.constantFrom<Params>(
    {},
    { comment: 'Leave at the door' },
    { order_status_id: 2 },
    { affiliate_id: 1 },
    { order_id: 0, comment: '' },
  ),
  historyAdd: fc.record({
    order_id: fc.nat(3).map((i) => new Ref('order', i)),
    order_status_id: fc.constantFrom(1, 2, 3, 5, 7, 99),
    comment: fc.constantFrom('Packed', ''),
    notify: fc.constantFrom('1', '0', 'true', 'maybe'),
  }),
  orderInfo: fc.oneof(
    fc.nat(3).map((i) => ({ order_id: new Ref('order', i) })),
    fc.constantFrom<Params>({ order_id: 999_999 }, {}),
  ),
  unknown: fc.constant({}),
};

/** Where hostile members are added: the top level, or a map the route reads ids from. */
const nestedMaps = [
  ['product', '0', 'option'],
  ['option'],
  ['custom_field'],
  ['product'],
  ['payment_custom_field'],
];

/** A change that makes parameters hostile; the numbers pick a place, a member name and a value. */
export interface Mutation {
  readonly kind: 'replace' | 'add' | 'add-nested' | 'drop' | 'all';
  readonly at: number;
  readonly key: string;
  readonly value: Tree;
  readonly junk: { readonly [key: string]: Tree };
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('replace', 'replace', 'replace', 'add', 'add-nested', 'add-nested', 'drop', 'all'),
  at: fc.nat(50),
  key: hostileKey,
  value: hostileValue,
  junk: fc.dictionary(hostileKey, hostileValue, { maxKeys: 4 }),
});

/** Every path to a value in the tree, down to `maxDepth` levels. */
function paths(tree: Tree, maxDepth: number, prefix: string[] = []): string[][] {
  if (prefix.length >= maxDepth || !(isRecord(tree) || isList(tree)))
    return prefix.length > 0 ? [prefix] : [];
  const own = prefix.length > 0 ? [prefix] : [];
  return [
    ...own,
    ...Object.entries(tree).flatMap(([key, value]) => paths(value, maxDepth, [...prefix, key])),
  ];
}

/** The tree with `value` at `path` (`undefined` deletes it); lists along the way become objects keyed by index. */
function setAt(tree: Tree, path: readonly string[], value: Tree | undefined): Tree {
  const [head, ...rest] = path;
  if (head === undefined) return value ?? null;
  const entries: [string, Tree][] = isRecord(tree) || isList(tree) ? Object.entries(tree) : [];
  const current = entries.find(([key]) => key === head)?.[1];
  const next = rest.length === 0 ? value : setAt(current ?? bare([]), rest, value);
  const kept = entries.filter(([key]) => key !== head);
  return bare(next === undefined ? kept : [...kept, [head, next]]);
}

/** The parameters made hostile by `m`. */
export function mutate(params: Params, m: Mutation): Params {
  const asParams = (tree: Tree): Params => (isRecord(tree) ? tree : bare([]));
  const all = paths(params, 4);
  const target = all.length > 0 ? all[m.at % all.length] : undefined;
  switch (m.kind) {
    case 'replace':
      return target === undefined ? bare([[m.key, m.value]]) : asParams(setAt(params, target, m.value));
    case 'add':
      return asParams(setAt(params, [m.key], m.value));
    case 'add-nested': {
      const where = nestedMaps[m.at % nestedMaps.length] ?? [];
      return asParams(setAt(params, [...where, m.key], m.value));
    }
    case 'drop':
      return target === undefined ? params : asParams(setAt(params, target, undefined));
    case 'all':
      return m.junk;
  }
}
