import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMessages } from '../../src/domain/messages.js';
import {
  blank,
  lenientInteger,
  maxTextLength,
  optionalId,
  scalar,
  textField,
  valueMap,
} from '../../src/operations/fields.js';
import { field, form } from '../../src/operations/form.js';

/** Objects zod's length checks cannot take: a `length` member that is an object (or one without a value). */
const lengthShapes = (): unknown[] => [
  Object.assign(Object.create(null), { length: Object.assign(Object.create(null), { a: '1' }) }),
  { length: {} },
  { length: { toString: 1 } },
  JSON.parse('{"length": {"valueOf": null}}'),
  { size: {} },
];

const accepts = <T>(schema: { safeParse(v: unknown): { success: boolean; data?: T } }, value: unknown) => {
  const parsed = schema.safeParse(value);
  expect(parsed.success, JSON.stringify(value)).toBe(true);
  return parsed.data;
};
const refuses = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) =>
  expect(schema.safeParse(value).success, String(value)).toBe(false);

describe('integers take PHP leniency for digit strings only', () => {
  it('reads JSON integers and decimal digit strings, blanks around them allowed', () => {
    expect(accepts(optionalId, 12)).toBe(12);
    expect(accepts(optionalId, '12')).toBe(12);
    expect(accepts(optionalId, ' 12 ')).toBe(12);
    expect(accepts(optionalId, '007')).toBe(7);
    expect(accepts(optionalId, '999999999999999')).toBe(999_999_999_999_999);
  });

  it('reads absent, null and blank as the fallback', () => {
    for (const value of [undefined, null, '', '   ']) expect(accepts(optionalId, value)).toBe(0);
  });

  it('refuses what PHP would cast: suffixes, fractions, exponents, hex, signs, booleans, containers', () => {
    for (const value of ['12abc', '1.5', '1e3', '0x1f', '+1', '-1', -1, 1.5, true, false, [], [1], {}, '1 2'])
      refuses(optionalId, value);
  });

  it('refuses what would not be a safe integer', () => {
    refuses(optionalId, '1234567890123456');
    refuses(optionalId, 2 ** 53);
    refuses(optionalId, Number.NaN);
    refuses(optionalId, Number.POSITIVE_INFINITY);
  });

  it('reads -0 as 0', () => {
    expect(Object.is(accepts(optionalId, -0), 0)).toBe(true);
    expect(Object.is(accepts(lenientInteger({ min: -5 }), '-0'), 0)).toBe(true);
  });

  it('keeps to the bounds, and a rule without fallback requires the field', () => {
    const quantity = lenientInteger({ min: 1, max: 10 });
    expect(accepts(quantity, '10')).toBe(10);
    for (const value of [0, 11, undefined, null, '']) refuses(quantity, value);
    expect(accepts(lenientInteger({ min: -100 }), ' -42 ')).toBe(-42);
  });
});

describe('texts are strings or plain numbers, never trimmed', () => {
  it('keeps strings as posted', () => {
    expect(accepts(textField, '  Jo  ')).toBe('  Jo  ');
    expect(accepts(textField, '')).toBe('');
  });

  it('reads absent and null as empty', () => {
    expect(accepts(textField, undefined)).toBe('');
    expect(accepts(textField, null)).toBe('');
  });

  it('reads finite numbers as their decimal text', () => {
    expect(accepts(textField, 4_915_112_345_678)).toBe('4915112345678');
    expect(accepts(textField, 12.5)).toBe('12.5');
  });

  it('refuses numbers that would print with an exponent, booleans and containers', () => {
    for (const value of [1e21, 1e-7, Number.NaN, true, ['a'], { a: 'b' }]) refuses(textField, value);
  });

  it(`refuses texts over ${maxTextLength} characters`, () => {
    expect(accepts(textField, 'x'.repeat(maxTextLength))).toHaveLength(maxTextLength);
    refuses(textField, 'x'.repeat(maxTextLength + 1));
  });
});

describe('shapes: no posted object reaches a check that cannot take it', () => {
  it('refuses an object with a length member wherever a scalar is read, without throwing', () => {
    const schemas = [
      textField,
      blank,
      optionalId,
      lenientInteger({ min: 1, fallback: 1 }),
      scalar(z.string().max(3)),
    ];
    for (const schema of schemas)
      for (const value of lengthShapes()) expect(schema.safeParse(value).success).toBe(false);
  });

  it('reads an object with a length member as a map where a map is read', () => {
    for (const value of lengthShapes())
      expect(Object.keys(accepts(valueMap, value) as object)).toHaveLength(1);
  });
});

describe('value maps are objects or arrays, copied without a prototype', () => {
  it('copies an object one level deep into a null-prototype object', () => {
    const nested = ['8', '9'];
    const map = accepts(valueMap, { '223': nested, '5': 'x' }) as Record<string, unknown>;
    expect(Object.getPrototypeOf(map)).toBeNull();
    expect(map).toEqual({ '223': nested, '5': 'x' });
    expect(map['223']).toBe(nested);
  });

  it('reads an array as a map keyed by index, as PHP does', () => {
    expect({ ...(accepts(valueMap, ['a', 'b']) as object) }).toEqual({ '0': 'a', '1': 'b' });
    expect({ ...(accepts(valueMap, []) as object) }).toEqual({});
  });

  it('reads absent, null and blank as empty', () => {
    for (const value of [undefined, null, '', ' '])
      expect({ ...(accepts(valueMap, value) as object) }).toEqual({});
  });

  it('refuses scalars', () => {
    for (const value of ['abc', 1, true]) refuses(valueMap, value);
  });

  it('never lets an own __proto__ key reach a prototype', () => {
    const hostile = JSON.parse('{"__proto__": {"polluted": true}}');
    const map = accepts(valueMap, hostile) as Record<string, unknown>;
    expect(Object.getPrototypeOf(map)).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('a form', () => {
  const messages = createMessages({
    'customer.firstname': 'A is bad',
    'customer.lastname': 'B is bad',
    'customer.email': 'C is bad',
  });
  const rules = form(
    {
      a: field(optionalId, 'first', 'customer.firstname'),
      b: field(optionalId, 'first', 'customer.lastname'),
      c: field(textField, 'third', 'customer.email'),
    },
    (values) => values,
  );

  it('reports every malformed field, keeping the first text of a shared key', () => {
    const result = rules.parse({ a: 'x', b: 'y', c: [] }, messages);
    expect(result._unsafeUnwrapErr()).toEqual({ first: 'A is bad', third: 'C is bad' });
  });

  it('reads only own fields, and anything but an object as no fields', () => {
    const inherited = Object.create({ a: 'x' });
    expect(rules.parse(inherited, messages)._unsafeUnwrap()).toEqual({ a: 0, b: 0, c: '' });
    for (const body of [null, undefined, 'text', 7, true, ['x']])
      expect(rules.parse(body, messages)._unsafeUnwrap()).toEqual({ a: 0, b: 0, c: '' });
  });

  it('refuses text no store can hold in any field, with the unstorable text under the field’s key', () => {
    const unstorable = 'Text must not contain NUL, unpaired surrogate or non-character code points!';
    for (const text of ['a\0b', 'x\ud800', '\udc00y', '\ufffe', '\u{10FFFF}', '\ufdd0']) {
      expect(rules.parse({ c: text, a: `1${text}` }, messages)._unsafeUnwrapErr()).toEqual({
        first: unstorable,
        third: unstorable,
      });
    }
    const storable = 'Zoë 😀 \ufffd \u{10FFFD}';
    expect(rules.parse({ c: storable }, messages)._unsafeUnwrap().c).toBe(storable);
  });
});
