import type { Result } from 'neverthrow';
import { afterEach, describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/http/form/json.js';
import {
  type BodyLimits,
  defaultBodyLimits,
  type FormError,
  type FormErrorReason,
  type FormObject,
  type FormValue,
  formErrorToCheckoutError,
  parseFormEncoded,
  parseQuery,
} from '../../src/http/form.js';

function value(result: Result<FormObject, FormError>): FormObject {
  if (result.isErr()) throw new Error(`expected a tree, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function reason(result: Result<FormObject, FormError>): FormErrorReason {
  if (result.isOk()) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  return result.error.reason;
}

const form = (body: string, limits?: BodyLimits) => value(parseFormEncoded(body, limits));
const formReason = (body: string, limits?: BodyLimits) => reason(parseFormEncoded(body, limits));
const json = (body: string, limits?: BodyLimits) => value(parseJsonBody(body, limits));
const jsonReason = (body: string, limits?: BodyLimits) => reason(parseJsonBody(body, limits));

/** Every object in the tree has no prototype; arrays keep Array.prototype. */
function expectNullPrototypes(tree: FormValue): void {
  const stack: FormValue[] = [tree];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      expect(Object.getPrototypeOf(node)).toBe(Array.prototype);
      stack.push(...node);
    } else {
      expect(Object.getPrototypeOf(node)).toBeNull();
      stack.push(...Object.values(node));
    }
  }
}

/** Fails when anything reached Object.prototype. */
function expectNoPollution(): void {
  const probe: Record<string, unknown> = {};
  expect(probe.x).toBeUndefined();
  expect(probe.polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('x');
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  expect(probe.constructor).toBe(Object);
}

function elapsedMs(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

afterEach(expectNoPollution);

describe('defaultBodyLimits', () => {
  it('are 64 KiB, 1,000 fields and 5 levels by default', () => {
    expect(defaultBodyLimits).toEqual({ maxBytes: 65_536, maxKeys: 1000, maxDepth: 5 });
    expect(Object.isFrozen(defaultBodyLimits)).toBe(true);
  });
});

describe('parseFormEncoded: pairs and decoding', () => {
  it('reads flat pairs', () => {
    expect(form('firstname=John&lastname=Doe&email=john%40example.com')).toEqual({
      firstname: 'John',
      lastname: 'Doe',
      email: 'john@example.com',
    });
  });

  it('reads + as a space, in names and values', () => {
    expect(form('comment=hello+world&a+b=1')).toEqual({ comment: 'hello world', 'a b': '1' });
    expect(form('plus=1%2B1')).toEqual({ plus: '1+1' });
  });

  it('decodes percent escapes as UTF-8', () => {
    expect(form('city=M%C3%BCnchen&smile=%F0%9F%98%80')).toEqual({ city: 'München', smile: '😀' });
  });

  it('keeps everything after the first = in the value, and a missing = gives an empty string', () => {
    expect(form('a=b=c&flag')).toEqual({ a: 'b=c', flag: '' });
  });

  it('skips empty pairs and pairs with an empty name', () => {
    expect(form('&a=1&&b=2&=3&')).toEqual({ a: '1', b: '2' });
    expect(form('')).toEqual({});
  });

  it('lets a later scalar overwrite an earlier one', () => {
    expect(form('a=1&a=2')).toEqual({ a: '2' });
  });

  it('refuses malformed percent escapes instead of crashing', () => {
    for (const body of ['a=%', 'a=%2', 'a=%zz', 'a=%E0%A4', 'a=%ED%A0%80', '%zz=1', 'a%=1', 'a[%]=1']) {
      expect(formReason(body), body).toBe('malformed');
    }
  });

  it('passes raw lone surrogates through without throwing', () => {
    expect(form('a=\ud800')).toEqual({ a: '\ud800' });
  });
});

describe('parseFormEncoded: bracket notation', () => {
  it('nests a[b][c]', () => {
    expect(form('a[b][c]=1&a[b][d]=2&a[e]=3')).toEqual({ a: { b: { c: '1', d: '2' }, e: '3' } });
  });

  it("reads the seed's multi add: numeric indexes stay object keys", () => {
    const body = [
      'product[0][product_id]=40',
      'product[0][quantity]=2',
      'product[0][option][226]=15',
      'product[5][product_id]=30',
      'product[5][option][223][]=8',
      'product[5][option][223][]=9',
      'product[5][subscription_plan_id]=1',
    ].join('&');
    const tree = form(body);
    expect(tree).toEqual({
      product: {
        0: { product_id: '40', quantity: '2', option: { 226: '15' } },
        5: { product_id: '30', option: { 223: ['8', '9'] }, subscription_plan_id: '1' },
      },
    });
    expect(Array.isArray(tree.product)).toBe(false);
    expect(Object.keys(tree.product as FormObject)).toEqual(['0', '5']);
  });

  it("reads the seed's single add with a checkbox option", () => {
    expect(form('product_id=42&quantity=1&option[218]=5&option[223][]=8&option[223][]=10')).toEqual({
      product_id: '42',
      quantity: '1',
      option: { 218: '5', 223: ['8', '10'] },
    });
  });

  it('builds arrays from [] pushes, in order', () => {
    const tree = form('a[]=x&a[]=y&a[]=z');
    expect(tree.a).toEqual(['x', 'y', 'z']);
    expect(Array.isArray(tree.a)).toBe(true);
  });

  it('pushes a fresh element for each [] in the middle of a key', () => {
    expect(form('a[][b]=1&a[][c]=2')).toEqual({ a: [{ b: '1' }, { c: '2' }] });
    expect(form('a[][]=1&a[][]=2')).toEqual({ a: [['1'], ['2']] });
  });

  it('decodes the key before splitting it', () => {
    expect(form('a%5Bb%5D%5B%5D=1')).toEqual({ a: { b: ['1'] } });
  });

  it('keeps dots, spaces and [ inside brackets as part of the key', () => {
    expect(form('a[b.c]=1&a[x+y]=2&a[b[c]=3')).toEqual({ a: { 'b.c': '1', 'x y': '2', 'b[c': '3' } });
  });

  it('keeps a ] outside brackets as a plain character', () => {
    expect(form('a]b=1')).toEqual({ 'a]b': '1' });
  });

  it('refuses broken key syntax', () => {
    for (const body of [
      '[a]=1',
      '[]=1',
      'a[b=1',
      'a[b]c=1',
      'a[b]]=1',
      '.a=1',
      'a..b=1',
      'a.=1',
      'a[b].=1',
    ]) {
      expect(formReason(body), body).toBe('malformed');
    }
  });
});

describe('parseFormEncoded: dotted keys', () => {
  it("reads the seed's shipping_method.* keys like brackets; values keep their dots", () => {
    const dotted = form(
      'shipping_method.name=Flat+Shipping+Rate&shipping_method.code=flat.flat&shipping_method.cost=5.00&shipping_method.tax_class_id=9',
    );
    const brackets = form(
      'shipping_method[name]=Flat+Shipping+Rate&shipping_method[code]=flat.flat&shipping_method[cost]=5.00&shipping_method[tax_class_id]=9',
    );
    expect(dotted).toEqual(brackets);
    expect(dotted).toEqual({
      shipping_method: { name: 'Flat Shipping Rate', code: 'flat.flat', cost: '5.00', tax_class_id: '9' },
    });
  });

  it('merges dotted and bracket keys of one object', () => {
    expect(form('payment_method.code=cod&payment_method[name]=Cash+On+Delivery')).toEqual({
      payment_method: { code: 'cod', name: 'Cash On Delivery' },
    });
  });

  it('splits dots after a bracket and across several levels', () => {
    expect(form('a[b].c=1&x.y.z=2&p.q[r][]=3')).toEqual({
      a: { b: { c: '1' } },
      x: { y: { z: '2' } },
      p: { q: { r: ['3'] } },
    });
  });

  it('splits encoded dots too, since the key is decoded first', () => {
    expect(form('a%2Eb=1')).toEqual({ a: { b: '1' } });
  });
});

describe('parseFormEncoded: conflicts (the later pair wins)', () => {
  it('replaces a scalar with an object and an object with a scalar', () => {
    expect(form('a=1&a[b]=2')).toEqual({ a: { b: '2' } });
    expect(form('a[b]=2&a=1')).toEqual({ a: '1' });
    expect(form('a[b]=1&a[b][c]=2')).toEqual({ a: { b: { c: '2' } } });
  });

  it('replaces a scalar with an array and an array with a scalar', () => {
    expect(form('a=1&a[]=2')).toEqual({ a: ['2'] });
    expect(form('a[]=1&a=2')).toEqual({ a: '2' });
  });

  it('turns an array into an object keyed by index when a named key follows', () => {
    expect(form('a[]=x&a[]=y&a[k]=z')).toEqual({ a: { 0: 'x', 1: 'y', k: 'z' } });
    expect(form('a[]=x&a[0]=y')).toEqual({ a: { 0: 'y' } });
  });

  it('appends a push to an object at the next free integer key, as PHP does', () => {
    expect(form('a[5]=x&a[]=y')).toEqual({ a: { 5: 'x', 6: 'y' } });
    expect(form('a[k]=x&a[]=y&a[]=z')).toEqual({ a: { k: 'x', 0: 'y', 1: 'z' } });
    expect(form('a[01]=x&a[]=y')).toEqual({ a: { '01': 'x', 0: 'y' } });
  });
});

describe('parseFormEncoded: limits', () => {
  const small: BodyLimits = { maxBytes: 10, maxKeys: 3, maxDepth: 2 };

  it('measures the size in UTF-8 bytes', () => {
    expect(form('a=éééé', small)).toEqual({ a: 'éééé' }); // 2 + 4 × 2 = 10 bytes
    expect(formReason('a=ééééé', small)).toBe('too_large'); // 12 bytes, 7 UTF-16 units
    expect(form('a=€€', { ...small, maxBytes: 8 })).toEqual({ a: '€€' }); // 2 + 2 × 3
    expect(formReason('a=€€', { ...small, maxBytes: 7 })).toBe('too_large');
    expect(form('a=😀', { ...small, maxBytes: 6 })).toEqual({ a: '😀' }); // a surrogate pair is 4 bytes
    expect(formReason('a=😀', { ...small, maxBytes: 5 })).toBe('too_large');
    expect(formReason('a=\ud800\ud800', { ...small, maxBytes: 7 })).toBe('too_large'); // lone surrogates: 3 each
  });

  it('accepts a body of exactly maxBytes and refuses one byte more', () => {
    const exact = `a=${'x'.repeat(defaultBodyLimits.maxBytes - 2)}`;
    expect(parseFormEncoded(exact).isOk()).toBe(true);
    expect(formReason(`${exact}x`)).toBe('too_large');
  });

  it('refuses a 10 MB body quickly', () => {
    const huge = `a=${'x'.repeat(10 * 1024 * 1024)}`;
    let result: Result<FormObject, FormError> | undefined;
    expect(elapsedMs(() => (result = parseFormEncoded(huge)))).toBeLessThan(200);
    expect(result && reason(result)).toBe('too_large');
  });

  it('checks the size before anything else', () => {
    expect(formReason(`__proto__=1&a=%zz&${'b=1&'.repeat(20_000)}`)).toBe('too_large');
  });

  it('accepts 1,000 pairs and refuses 1,001', () => {
    const pairs = (n: number) => Array.from({ length: n }, (_, i) => `k${i}=1`).join('&');
    expect(Object.keys(form(pairs(1000)))).toHaveLength(1000);
    expect(formReason(pairs(1001))).toBe('too_many_keys');
  });

  it('refuses 10,000 pairs, counting repeats of one name too', () => {
    expect(formReason('a=1&'.repeat(10_000))).toBe('too_many_keys');
    expect(formReason('a[]=1&'.repeat(10_000))).toBe('too_many_keys');
  });

  it('counts pairs before decoding them', () => {
    expect(formReason('a=%zz&b=1&c=1&d=1', { ...small, maxBytes: 100 })).toBe('too_many_keys');
  });

  it('accepts a path of 5 segments and refuses 6, counting [] and dots', () => {
    expect(form('a[b][c][d][e]=1')).toEqual({ a: { b: { c: { d: { e: '1' } } } } });
    expect(form('product[0][option][226][]=1')).toEqual({ product: { 0: { option: { 226: ['1'] } } } });
    expect(formReason('a[b][c][d][e][f]=1')).toBe('too_deep');
    expect(formReason('a[b][c][d][e][]=1')).toBe('too_deep');
    expect(formReason('a.b.c.d.e.f=1')).toBe('too_deep');
    expect(formReason('a.b[c].d[e][f]=1')).toBe('too_deep');
  });

  it('refuses depth 50 quickly, in brackets, pushes and dots', () => {
    const keys = [`a${'[b]'.repeat(49)}`, `a${'[]'.repeat(49)}`, `a${'.b'.repeat(49)}`];
    for (const key of keys) {
      expect(formReason(`${key}=1`), key).toBe('too_deep');
    }
    const deep = `a${'[b]'.repeat(20_000)}=1`;
    expect(elapsedMs(() => expect(formReason(deep)).toBe('too_deep'))).toBeLessThan(200);
  });
});

describe('parseFormEncoded: prototype keys', () => {
  const hostile = [
    '__proto__=1',
    '__proto__[x]=1',
    '__proto__.x=1',
    'a[__proto__]=1',
    'a[__proto__][x]=1',
    'a[b][__proto__][x]=1',
    'a.__proto__.x=1',
    'a[]=1&a[__proto__]=2',
    '__pro%74o__[x]=1',
    '%5F%5Fproto%5F%5F[x]=1',
    'a%5B__proto__%5D%5Bx%5D=1',
    'a[__pro%74o__]=1',
    'constructor=1',
    'constructor.prototype.x=1',
    'constructor[prototype][x]=1',
    'a[constructor][prototype][x]=1',
    'prototype=1',
    'a.prototype=1',
    'a[prototype]=1',
    'constructor%2Eprototype%2Ex=1',
    'x=1&constructor[prototype][polluted]=1',
  ];

  it.each(hostile)('refuses %s', (body) => {
    expect(formReason(body)).toBe('forbidden_key');
  });

  it('allows the words as values, and as parts of longer names', () => {
    expect(form('a=__proto__&my_constructor=1&prototype_id=2&a2[__proto__x]=3')).toEqual({
      a: '__proto__',
      my_constructor: '1',
      prototype_id: '2',
      a2: { __proto__x: '3' },
    });
  });

  it('builds only null-prototype objects', () => {
    const tree = form('a[b][c]=1&d[]=2&d[]=3&e[][f]=4&toString=5&hasOwnProperty=6&valueOf[x]=7');
    expectNullPrototypes(tree);
    expect(tree.toString).toBe('5');
    expect(tree.hasOwnProperty).toBe('6');
    expect('isPrototypeOf' in tree).toBe(false);
  });
});

describe('parseQuery', () => {
  it('reads a query string with or without its ?', () => {
    const expected = { route: 'api/order', call: 'shipping_method' };
    expect(value(parseQuery('?route=api/order&call=shipping_method'))).toEqual(expected);
    expect(value(parseQuery('route=api%2Forder&call=shipping_method'))).toEqual(expected);
    expect(value(parseQuery(''))).toEqual({});
    expect(value(parseQuery('?'))).toEqual({});
  });

  it("reads the product list's filters", () => {
    expect(
      value(
        parseQuery(
          'route=api/product/list&filter_manufacturer_id=8&sort=p.price&order=DESC&start=0&limit=20',
        ),
      ),
    ).toEqual({
      route: 'api/product/list',
      filter_manufacturer_id: '8',
      sort: 'p.price',
      order: 'DESC',
      start: '0',
      limit: '20',
    });
  });

  it('accepts URLSearchParams, with bracket and dotted keys', () => {
    const params = new URLSearchParams([
      ['route', 'api/cart/addProduct'],
      ['option[223][]', '8'],
      ['option[223][]', '9'],
      ['shipping_method.code', 'flat.flat'],
      ['note', 'a & b = c + 100%'],
    ]);
    expect(value(parseQuery(params))).toEqual({
      route: 'api/cart/addProduct',
      option: { 223: ['8', '9'] },
      shipping_method: { code: 'flat.flat' },
      note: 'a & b = c + 100%',
    });
  });

  it('applies the same refusals', () => {
    expect(reason(parseQuery('?a=%zz'))).toBe('malformed');
    expect(reason(parseQuery('?__proto__[x]=1'))).toBe('forbidden_key');
    expect(reason(parseQuery(new URLSearchParams([['constructor.prototype.x', '1']])))).toBe('forbidden_key');
    expect(reason(parseQuery(`?a${'[b]'.repeat(50)}=1`))).toBe('too_deep');
    expect(reason(parseQuery(`?${'a=1&'.repeat(10_000)}`))).toBe('too_many_keys');
    expect(reason(parseQuery(`?a=${'x'.repeat(70_000)}`))).toBe('too_large');
    expect(reason(parseQuery('?a=12', { maxBytes: 3, maxKeys: 10, maxDepth: 5 }))).toBe('too_large');
  });

  it('builds only null-prototype objects', () => {
    expectNullPrototypes(value(parseQuery('?a[b]=1&c[]=2')));
  });
});

describe('parseJsonBody', () => {
  it('keeps JSON scalars as JSON typed them', () => {
    expect(
      json('{"product_id": 40, "quantity": "2", "notify": true, "override": false, "comment": null}'),
    ).toEqual({
      product_id: 40,
      quantity: '2',
      notify: true,
      override: false,
      comment: null,
    });
  });

  it("reads the seed's multi add with a product array", () => {
    const tree = json(
      '{"product": [{"product_id": 40, "quantity": 1, "option": {"226": "15", "223": ["8", "9"]}, "subscription_plan_id": 1}]}',
    );
    expect(tree).toEqual({
      product: [
        { product_id: 40, quantity: 1, option: { 226: '15', 223: ['8', '9'] }, subscription_plan_id: 1 },
      ],
    });
    expectNullPrototypes(tree);
  });

  it('splits dotted keys like form keys and merges them with objects at the same path', () => {
    expect(json('{"shipping_method.code": "flat.flat", "shipping_method.cost": 5}')).toEqual({
      shipping_method: { code: 'flat.flat', cost: 5 },
    });
    expect(json('{"a.b": 1, "a": {"c": 2}}')).toEqual({ a: { b: 1, c: 2 } });
    expect(json('{"a": {"c": 2}, "a.b": 1}')).toEqual({ a: { c: 2, b: 1 } });
    expect(json('{"a": {"b": {"x": 1}}, "a.b": {"y": 2}}')).toEqual({ a: { b: { x: 1, y: 2 } } });
  });

  it('lets later members win', () => {
    expect(json('{"a": 1, "a": 2}')).toEqual({ a: 2 });
    expect(json('{"a": {"b": 1}, "a.b": 2}')).toEqual({ a: { b: 2 } });
    expect(json('{"a": {"b": 1}, "a": 3}')).toEqual({ a: 3 });
    expect(json('{"a": 3, "a.b": 1}')).toEqual({ a: { b: 1 } });
  });

  it('does not read brackets in JSON keys, and skips empty names', () => {
    expect(json('{"option[1]": "x", "": 1}')).toEqual({ 'option[1]': 'x' });
  });

  it('reads an empty or blank body as an empty object', () => {
    expect(json('')).toEqual({});
    expect(json(' \n\t')).toEqual({});
  });

  it('refuses malformed JSON and bodies that are not an object', () => {
    for (const body of [
      '{',
      '{"a":1,}',
      "{'a':1}",
      'undefined',
      '[1, 2]',
      '"text"',
      '42',
      'null',
      'true',
      '{"a.": 1}',
    ]) {
      expect(jsonReason(body), body).toBe('malformed');
    }
  });

  it.each([
    '{"__proto__": {}}',
    '{"__proto__": {"x": 1}}',
    '{"a": {"__proto__": {"polluted": 1}}}',
    '{"a": [{"__proto__": {"x": 1}}]}',
    '{"constructor": {"prototype": {"x": 1}}}',
    '{"constructor.prototype.x": 1}',
    '{"a.__proto__.x": 1}',
    '{"prototype": 1}',
    '{"\\u005f_proto__": {"x": 1}}',
    '{"ok": 1, "__proto__": {"x": 1}}',
  ])('refuses the prototype key in %s', (body) => {
    expect(jsonReason(body)).toBe('forbidden_key');
  });

  it('allows the words as values', () => {
    expect(json('{"a": "__proto__", "b": ["constructor"]}')).toEqual({ a: '__proto__', b: ['constructor'] });
  });

  it('builds only null-prototype objects', () => {
    const tree = json('{"a": {"b": [{"c": {}}]}, "toString": 1, "x.y": 2}');
    expectNullPrototypes(tree);
    expect(tree.toString).toBe(1);
  });

  it('accepts a path of 5 and refuses 6, counting array indexes and dots', () => {
    expect(json('{"a": {"b": {"c": {"d": {"e": 1}}}}}')).toEqual({ a: { b: { c: { d: { e: 1 } } } } });
    expect(json('{"a": {"b": {"c": {"d": {"e": {}}}}}}')).toEqual({ a: { b: { c: { d: { e: {} } } } } });
    expect(json('{"a": [[[[1]]]]}')).toEqual({ a: [[[[1]]]] });
    expect(jsonReason('{"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}}')).toBe('too_deep');
    expect(jsonReason('{"a": [[[[[1]]]]]}')).toBe('too_deep');
    expect(jsonReason('{"a.b.c.d.e.f": 1}')).toBe('too_deep');
    expect(jsonReason('{"a.b.c": {"d": {"e.f": 1}}}')).toBe('too_deep');
  });

  it('ignores brackets inside strings when measuring nesting', () => {
    expect(json('{"a": "[[[[[[[[{{{{{{{", "b": "\\"[[[[[[[["}')).toEqual({
      a: '[[[[[[[[{{{{{{{',
      b: '"[[[[[[[[',
    });
  });

  it('refuses depth 50 and very deep text quickly, without overflowing the stack', () => {
    expect(jsonReason(`${'{"a":'.repeat(50)}1${'}'.repeat(50)}`)).toBe('too_deep');
    expect(jsonReason(`{"a":${'['.repeat(50)}${']'.repeat(50)}}`)).toBe('too_deep');
    const roomy: BodyLimits = { ...defaultBodyLimits, maxBytes: 4_000_000 };
    const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
    expect(elapsedMs(() => expect(jsonReason(deep, roomy)).toBe('too_deep'))).toBeLessThan(500);
    const unclosed = `{"a":${'['.repeat(1_000_000)}`;
    expect(jsonReason(unclosed, roomy)).toBe('too_deep');
  });

  it('counts members and elements against maxKeys', () => {
    const members = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":1`).join(',')}}`;
    expect(Object.keys(json(members(1000)))).toHaveLength(1000);
    expect(jsonReason(members(1001))).toBe('too_many_keys');
    expect(jsonReason(members(10_000), { ...defaultBodyLimits, maxBytes: 1_000_000 })).toBe('too_many_keys');
    expect(jsonReason(`{"a":[${Array(1000).fill(1).join(',')}]}`)).toBe('too_many_keys'); // 1 member + 1,000 elements
    expect(jsonReason(`{"a":[${Array(20_000).fill(1).join(',')}]}`)).toBe('too_many_keys');
  });

  it('refuses a 10 MB body quickly', () => {
    const huge = `{"a":"${'x'.repeat(10 * 1024 * 1024)}"}`;
    expect(elapsedMs(() => expect(jsonReason(huge)).toBe('too_large'))).toBeLessThan(200);
  });
});

describe('formErrorToCheckoutError', () => {
  it('gives a validation error on the key warning', () => {
    const refusal = parseFormEncoded('a[b][c][d][e][f]=1');
    expect(refusal.isErr()).toBe(true);
    if (refusal.isOk()) return;
    expect(formErrorToCheckoutError(refusal.error)).toEqual({
      kind: 'validation',
      fields: { warning: 'Request fields must not nest deeper than 5 levels!' },
    });
  });

  it('has a message for every reason, none echoing the input', () => {
    const cases: [string, FormErrorReason][] = [
      [`a=${'<script>'.repeat(10_000)}`, 'too_large'],
      ['<script>=1&'.repeat(1001), 'too_many_keys'],
      [`<script>${'[x]'.repeat(6)}=1`, 'too_deep'],
      ['<script>[__proto__]=1', 'forbidden_key'],
      ['<script>=%zz', 'malformed'],
      ['<script>[=1', 'malformed'],
    ];
    for (const [body, expected] of cases) {
      const result = parseFormEncoded(body);
      if (result.isOk()) throw new Error(`expected ${expected}`);
      expect(result.error.reason).toBe(expected);
      expect(result.error.message).not.toContain('<script>');
      expect(formErrorToCheckoutError(result.error).fields.warning).toBe(result.error.message);
    }
  });
});
