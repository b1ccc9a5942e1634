/**
 * Hostile field values over HTTP, form and JSON alike: a field that is an object with a `length` member, an
 * e-mail with an unpaired surrogate, and text no store can hold are each that field's 422 (never a 500), and the
 * session is left as it was.
 */
import { describe, expect, it } from 'vitest';
import { type Call, guest, type Reply, type Session, startDemo, ukAddress } from './support/harness.js';

/** A logger that fails the test on any entry: none of these requests may end in an unexpected error. */
const quietLogger = {
  error(message: string, error: unknown): void {
    throw new Error(`unexpected failure logged: ${message} ${String(error)}`);
  },
};

async function session(): Promise<Session> {
  return (await startDemo({ logger: quietLogger })).login();
}

/** One hostile field: where it goes, its path (`product.0.quantity`), and the key its error must use. */
interface FieldCase {
  readonly route: string;
  readonly path: string;
  /** The error key, or undefined where the shape is a well-formed map (then only "no 5xx" is asked). */
  readonly key: string | undefined;
}

/** `path` as a form key: `product.0.quantity` → `product[0][quantity]`. */
function formKey(path: string): string {
  const [head, ...rest] = path.split('.');
  return `${head}${rest.map((segment) => `[${segment}]`).join('')}`;
}

/** A JSON body with `value` at `path` (numeric segments are array indexes). */
function jsonAt(path: string, value: unknown): Record<string, unknown> {
  const segments = path.split('.');
  let built: unknown = value;
  for (let i = segments.length - 1; i >= 1; i--) {
    const segment = segments[i] ?? '';
    built = /^\d+$/.test(segment) ? [built] : { [segment]: built };
  }
  return { [segments[0] ?? '']: built };
}

/** The same hostile value as a form body and as a JSON body. */
function encodings(path: string, formValue: string, jsonValue: unknown): Call[] {
  return [{ form: `${formKey(path)}${formValue}` }, { json: jsonAt(path, jsonValue) }];
}

const order = (call: string) => `api/order&call=${call}`;
const fields = (route: string, key: (field: string) => string | undefined, ...names: string[]) =>
  names.map((path): FieldCase => ({ route, path, key: key(path) }));
const own = (field: string) => field;
/** The key of each field named in `keys` (undefined: a well-formed map), the field's own name for the rest. */
const keyed =
  (keys: Readonly<Record<string, string | undefined>>, strip = '') =>
  (field: string) => {
    const name = field.slice(strip.length);
    return Object.hasOwn(keys, name) ? keys[name] : field;
  };
const address = (prefix: string) =>
  keyed(
    {
      country_id: `${prefix}country`,
      zone_id: `${prefix}zone`,
      address_id: 'warning',
      custom_field: undefined,
    },
    prefix,
  );

/** Every field of every listed operation. */
const cases: readonly FieldCase[] = [
  ...fields(
    'api/customer',
    keyed({ customer_id: 'warning', customer_group_id: 'customer_group', custom_field: undefined }),
    'customer_id',
    'customer_group_id',
    'firstname',
    'lastname',
    'email',
    'telephone',
    'custom_field',
  ),
  ...fields(
    'api/cart/addProduct',
    keyed({ product_id: 'warning', option: 'warning', subscription_plan_id: 'subscription' }),
    'product_id',
    'quantity',
    'option',
    'subscription_plan_id',
  ),
  ...fields(
    'api/cart',
    keyed({
      'product.0.product_id': 'product_0_product',
      'product.0.quantity': 'product_0_quantity',
      'product.0.option': 'product_0_product',
      'product.0.subscription_plan_id': 'product_0_subscription',
      product: 'warning',
    }),
    'product',
    'product.0.product_id',
    'product.0.quantity',
    'product.0.option',
    'product.0.subscription_plan_id',
  ),
  ...fields('api/cart/update', own, 'cart_id', 'quantity'),
  ...fields('api/cart/remove', own, 'cart_id'),
  ...['payment_', 'shipping_'].flatMap((prefix) =>
    fields(
      order(`${prefix}address`),
      address(prefix),
      ...[
        'firstname',
        'lastname',
        'company',
        'address_1',
        'address_2',
        'city',
        'postcode',
        'country_id',
        'zone_id',
        'address_id',
        'custom_field',
      ].map((name) => `${prefix}${name}`),
    ),
  ),
  ...fields(order('extension&code=coupon'), own, 'coupon'),
  ...fields(order('extension&code=reward'), own, 'reward'),
  ...fields(order('affiliate'), own, 'affiliate_id'),
  ...fields(
    order('confirm'),
    keyed({ affiliate_id: 'affiliate' }),
    'comment',
    'order_id',
    'order_status_id',
    'affiliate_id',
  ),
  ...fields(order('history_add'), own, 'comment', 'order_id', 'order_status_id', 'notify', 'override'),
  ...fields('api/currency', own, 'currency'),
  ...fields(order('shipping_method'), own, 'shipping_method', 'shipping_method.code'),
  ...fields(order('payment_method'), own, 'payment_method', 'payment_method.code'),
].map((c) => (c.path.endsWith('_method.code') ? { ...c, key: c.path.split('.')[0] } : c));

/** Asserts a handled refusal (or, for a well-formed map, any handled answer) and never a 5xx. */
function expectHandled(reply: Reply, c: FieldCase, how: string): void {
  const what = `${c.route} ${c.path} (${how}): ${reply.status} ${JSON.stringify(reply.body)}`;
  expect(reply.status, what).toBeLessThan(500);
  if (c.key === undefined) return;
  expect(reply.status, what).toBe(422);
  expect(reply.error[c.key], what).toBeTypeOf('string');
}

describe('a field that is an object with a length member', () => {
  it('is that field’s 422 on every operation, as a form and as JSON', async () => {
    const s = await session();
    for (const c of cases) {
      const [form, json] = encodings(c.path, '[length][a]=1', { length: {} });
      expectHandled(await s.call(c.route, form), c, 'form');
      expectHandled(await s.call(c.route, json), c, 'json');
      expectHandled(await s.call(c.route, { json: jsonAt(c.path, { length: { toString: 1 } }) }), c, 'json');
    }
    expect((await s.call('api/cart/getProducts')).body).toEqual([]);
  });

  it('is read as a map where a map is expected: option and custom field keys named length', async () => {
    const s = await session();
    const customer = await s.call('api/customer', { json: { ...guest, custom_field: { length: { a: 1 } } } });
    expect(customer.status).toBe(200);
    const address = await s.call(order('payment_address'), {
      form: { ...ukAddress('payment_'), 'payment_custom_field[length][a]': '1' },
    });
    expect(address.status).toBe(200);
  });

  it('is manufacturer_id’s 422 on the catalog lookup', async () => {
    const s = await session();
    for (const query of [{ 'manufacturer_id[length][a]': '1' }, { 'manufacturer_id[length]': '1' }]) {
      const reply = await s.call('api/manufacturer', { query });
      expect([reply.status, Object.keys(reply.error)]).toEqual([422, ['manufacturer_id']]);
    }
  });
});

const unstorable = 'Text must not contain NUL, unpaired surrogate or non-character code points!';

/** Product 42's options, all valid (the free-text ones are 208 text, 209 textarea, 222 file). */
const apple = {
  product_id: '42',
  'option[218]': '5',
  'option[223][]': '8',
  'option[208]': 'test',
  'option[217]': '1',
  'option[209]': 'x',
  'option[222]': 'upload-code',
  'option[219]': '2026-01-01',
  'option[221]': '10:00',
  'option[220]': '2026-01-01 10:00',
};

describe('an e-mail with an unpaired surrogate', () => {
  it('is the e-mail’s 422, never a 500', async () => {
    const s = await session();
    for (const email of ['x\ud800@example.com', 'ada@exa\udc00mple.org']) {
      const reply = await s.call('api/customer', { json: { ...guest, email } });
      expect([reply.status, reply.body]).toEqual([422, { error: { email: unstorable } }]);
    }
  });
});

describe('text no store can hold', () => {
  /** Each text field with the route it goes to (and the rest of a body that is otherwise fine). */
  const textFields: readonly (readonly [string, string, Record<string, string>])[] = [
    ...['firstname', 'lastname', 'email', 'telephone'].map((f) => ['api/customer', f, guest] as const),
    ...['payment_', 'shipping_'].flatMap((prefix) =>
      ['firstname', 'lastname', 'company', 'address_1', 'address_2', 'city', 'postcode'].map(
        (f) => [order(`${prefix}address`), `${prefix}${f}`, ukAddress(prefix as 'payment_')] as const,
      ),
    ),
    [order('extension&code=coupon'), 'coupon', {}],
    [order('confirm'), 'comment', {}],
    [order('history_add'), 'comment', { order_id: '1', order_status_id: '1' }],
  ];
  const hostile = ['a\0b', '\0', 'x\ud800', '\udfffy', 'a\ufffe', '\uffff', '\ufdd0', '\u{10FFFF}'];

  it('is refused under its field’s key, as a form (NUL) and as JSON (every kind)', async () => {
    const s = await session();
    for (const [route, field, body] of textFields) {
      const form = await s.call(route, { form: { ...body, [field]: 'a\0b' } });
      expect([route, field, form.status, form.error[field]]).toEqual([route, field, 422, unstorable]);
      for (const text of hostile) {
        const json = await s.call(route, { json: { ...body, [field]: `Jo${text}` } });
        expect([route, field, json.status, json.error[field]]).toEqual([route, field, 422, unstorable]);
      }
    }
    expect((await s.call('api/cart/getProducts')).body).toEqual([]);
  });

  it('is refused in a custom field and in an option’s free text, keyed by that field or option', async () => {
    const s = await session();
    const notes = await s.call(order('payment_address'), {
      form: { ...ukAddress('payment_'), 'payment_custom_field[30]': 'ring\0twice' },
    });
    expect([notes.status, notes.error]).toEqual([
      422,
      { payment_custom_field_30: 'Delivery notes is not a valid input!' },
    ]);
    const freeText: readonly (readonly [string, string])[] = [
      ['208', 'Text'],
      ['209', 'Textarea'],
      ['222', 'File'],
    ];
    for (const [id, name] of freeText) {
      const reply = await s.call('api/cart/addProduct', { form: { ...apple, [`option[${id}]`]: 'a\0b' } });
      expect([reply.status, reply.error]).toEqual([
        422,
        { [`option_${id}`]: `${name} is not a valid input!` },
      ]);
      const json = await s.call('api/cart', {
        json: {
          product: [
            {
              product_id: 42,
              option: {
                218: 5,
                223: [8],
                217: 1,
                219: '2026-01-01',
                220: '2026-01-01 10:00',
                221: '10:00',
                [id]: 'x\ud800',
              },
            },
          ],
        },
      });
      expect(json.status).toBe(422);
      expect(json.error[`product_0_option_${id}`]).toBe(`${name} is not a valid input!`);
    }
    expect((await s.call('api/cart/getProducts')).body).toEqual([]);
  });

  it('in a username or key is a wrong login (401), never a look-up', async () => {
    const demo = await startDemo({ logger: quietLogger });
    for (const form of [
      { username: 'demo\0', key: 'x' },
      { username: 'de\ud800mo', key: 'x' },
    ]) {
      const reply = await demo.send('api/account/login', { json: form });
      expect([reply.status, Object.keys(reply.error)]).toEqual([401, ['warning']]);
    }
  });
});

describe('error keys', () => {
  const clientKeys = ['<b>x</b>', '😀', 'цвет', 'k'.repeat(300), '0', '-1', '1e3', '007', '9'.repeat(16)];
  /** The seed's field names and integer ids only: lower-case words, digits and `_`. */
  const seedKey = /^[a-z]+(?:_[a-z0-9]+)*$/;

  it('never echo an option key: one that is no option id is the line’s product error', async () => {
    const s = await session();
    for (const key of clientKeys) {
      const multi = await s.call('api/cart', {
        form: `product[0][product_id]=40&product[0][option][${encodeURIComponent(key)}]=1`,
      });
      expect([key, multi.status, multi.error]).toEqual([
        key,
        422,
        {
          product_0_product: 'Options must be values keyed by product option id!',
          warning: 'Please check the cart carefully for errors!',
        },
      ]);
      const single = await s.call('api/cart/addProduct', {
        json: { product_id: 40, option: { [key]: '1' } },
      });
      expect([key, single.status, single.error]).toEqual([
        key,
        422,
        { warning: 'Options must be values keyed by product option id!' },
      ]);
    }
    const unknownId = await s.call('api/cart/addProduct', { form: { product_id: '40', 'option[999]': '1' } });
    expect(unknownId.error).toEqual({ option_999: 'Option could not be found!' });
  });

  it('never echo a product row key: one that is no list index is warning alone', async () => {
    const s = await session();
    for (const key of [...clientKeys.filter((k) => k !== '0'), 'abc', 'a_B-9']) {
      const reply = await s.call('api/cart', { json: { product: { [key]: { product_id: 40 } } } });
      expect([key, reply.status, Object.keys(reply.error)]).toEqual([key, 422, ['warning']]);
    }
  });

  it('never echo a custom field key: unknown ones are ignored', async () => {
    const s = await session();
    for (const key of clientKeys) {
      const reply = await s.call('api/customer', { json: { ...guest, custom_field: { [key]: 'x' } } });
      expect([key, reply.status]).toEqual([key, 200]);
      const address = await s.call(order('payment_address'), {
        json: { ...ukAddress('payment_'), payment_custom_field: { [key]: { length: {} } } },
      });
      expect([key, address.status]).toEqual([key, 200]);
    }
  });

  it('are seed field names and integer ids whatever the keys sent', async () => {
    const s = await session();
    for (const key of clientKeys) {
      const bodies: Call[] = [
        { json: { product: { [key]: { product_id: 42, option: { [key]: 1, 999: 1 } } } } },
        { json: { product: [{ product_id: { [key]: 1 }, quantity: { [key]: 1 }, option: { [key]: 1 } }] } },
      ];
      for (const body of bodies) {
        const reply = await s.call('api/cart', body);
        for (const errorKey of Object.keys(reply.error)) expect(errorKey).toMatch(seedKey);
      }
    }
  });
});
