/**
 * The request schemas of the OpenAPI document against the forms they describe: on generated values (ids as
 * numbers and digit strings with blanks, texts, flags' words, codes, maps, rows, and plenty of wrong ones),
 * every value a field's form reads is one its JSON Schema accepts, and every value the JSON Schema accepts the
 * form reads, but for what JSON Schema cannot say (the bounds of a digit string, which only the server
 * compares), the values a lenient field reads by falling back to its default, and values no client sends that
 * the form passes on for the domain to refuse (a map value that is an object, a cart row that is a list).
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultMessages } from '../../src/domain/messages.js';
import { requestSchemaOf } from '../../src/http/openapi/request-schema.js';
import { valueMap } from '../../src/operations/fields.js';
import type { AnyForm, FormField } from '../../src/operations/form.js';
import { operations } from '../../src/operations/index.js';

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });

const blanks = fc.constantFrom('', ' ', '  ', '\t');
const scalar = fc.oneof(
  fc.integer({ min: -3, max: 120_000 }),
  fc.constantFrom(0, -0, 1, 1.5, 2 ** 53, 99_999, 100_000, 1e21),
  fc.tuple(blanks, fc.stringMatching(/^-?\d{0,17}$/), blanks).map(([a, digits, b]) => `${a}${digits}${b}`),
  fc.constantFrom(
    'true',
    'FALSE',
    'On',
    'no',
    'yes',
    '1',
    '0',
    'off',
    'maybe',
    '12abc',
    '1e3',
    '0x1f',
    '+1',
    '1.5',
  ),
  fc.constantFrom('flat.flat', ' cod ', 'cod', 'a.b.c', 'usd', ' GBP ', 'EURO', 'é', 'SAVE10', '   SAVE10  '),
  fc.string({ maxLength: 30 }),
  fc.nat(1100).map((n) => 'x'.repeat(n)),
  fc.nat(70).map((n) => `${' '.repeat(n % 3)}${'c'.repeat(n)}`),
  fc.boolean(),
  fc.constant(null),
);
const list = fc.array(fc.oneof(scalar, fc.array(scalar, { maxLength: 2 })), { maxLength: 3 });
// Plain objects, as JSON.parse makes them. (The form parser's null-prototype objects meet a crash in zod's length
// check on a value with a `length` member; that is a finding of its own, not what this test is about.)
const plain = { maxKeys: 3, noNullPrototype: true };
const map = fc.dictionary(fc.constantFrom('1', '226', 'code', 'name', 'x'), fc.oneof(scalar, list), plain);
const row = fc.record(
  { product_id: scalar, quantity: scalar, option: fc.oneof(map, scalar), subscription_plan_id: scalar },
  { requiredKeys: [], noNullPrototype: true },
);
const value = fc.oneof(
  scalar,
  scalar,
  list,
  map,
  fc.array(row, { maxLength: 2 }),
  fc.dictionary(fc.string(), row, plain),
);

/** The strings anywhere in `sample`. */
function stringsOf(sample: unknown): string[] {
  if (typeof sample === 'string') return [sample];
  if (typeof sample !== 'object' || sample === null) return [];
  return Object.values(sample).flatMap(stringsOf);
}

/** Whether `sample` holds a string of digits (blanks around it allowed): its bounds are the server's to check. */
const holdsDigitText = (sample: unknown) => stringsOf(sample).some((text) => /^\s*-?\d+\s*$/.test(text));

/** A value of a map as a client sends one: an id or a text, or a list of them. */
const isMapValue = (item: unknown): boolean =>
  typeof item === 'string' ||
  typeof item === 'number' ||
  (Array.isArray(item) && item.every((entry) => typeof entry === 'string' || typeof entry === 'number'));

/**
 * Whether `sample` is a map with a value no client sends (a null, a flag, an object): the form passes map values
 * on unread, and the domain refuses them against the field or option definitions.
 */
const holdsOddMapValue = (sample: unknown) =>
  typeof sample === 'object' && sample !== null && !Object.values(sample).every(isMapValue);

/**
 * Whether `sample` holds a row that is a list (read as a row of no fields, whose product 0 the domain refuses)
 * or a row whose `option` map holds a value no client sends.
 */
const holdsOddRow = (sample: unknown) =>
  typeof sample === 'object' &&
  sample !== null &&
  Object.values(sample).some(
    (row) => Array.isArray(row) || (typeof row === 'object' && row !== null && holdsOddMapValue(row.option)),
  );

/**
 * Whether the form reads `sample` as field `name`: its parse of a body with that field alone reports no error
 * under the field's key (other fields, left out, may have errors of their own). The form's own parse, not the
 * field schema alone, since a form may read a field itself (the multi add's rows).
 */
function reads(form: AnyForm, name: string, sample: unknown): boolean {
  const key = form.fields[name]?.key ?? name;
  const parsed = form.parse({ [name]: sample }, defaultMessages);
  return parsed.isOk() || !Object.hasOwn(parsed.error, key);
}

const fields = operations.flatMap((operation) => {
  const form: AnyForm = operation.input;
  return Object.keys(form.fields).map((name) => ({ operation: operation.name, name, form }));
});

describe('the request schemas of the document', () => {
  it.each(fields)(
    '$operation $name: the JSON Schema accepts what the field reads, and no more',
    ({ name, form }) => {
      const field = form.fields[name];
      const validate = ajv.compile(requestSchemaOf(form.fields).properties?.[name] as object);
      const lenient = field !== undefined && z.safeParse(field.schema, Symbol('probe')).success;
      const isMap = field?.schema === valueMap;
      const isRows = form.fields === operations.find((operation) => operation.name === 'cart')?.input.fields;
      fc.assert(
        fc.property(value, (sample) => {
          const read = reads(form, name, sample);
          const accepted = validate(sample);
          const unsent = (isMap && holdsOddMapValue(sample)) || (isRows && holdsOddRow(sample));
          if (read && !lenient && !unsent) {
            expect(accepted, `read but refused by the schema: ${JSON.stringify(sample)}`).toBe(true);
          }
          if (accepted && !holdsDigitText(sample)) {
            expect(read, `accepted by the schema but not read: ${JSON.stringify(sample)}`).toBe(true);
          }
        }),
        { numRuns: 400 },
      );
    },
  );

  it('marks as required exactly the fields a request cannot leave out', () => {
    const required = Object.fromEntries(
      operations.map((operation) => [operation.name, requestSchemaOf(operation.input.fields).required ?? []]),
    );
    expect(required).toMatchObject({
      customer: ['firstname', 'lastname', 'email'],
      cart: [],
      product_add: ['product_id'],
      payment_address: [
        'payment_firstname',
        'payment_lastname',
        'payment_address_1',
        'payment_city',
        'payment_country_id',
      ],
      cart_update: ['cart_id', 'quantity'],
      shipping_method: ['shipping_method'],
      history_add: ['order_id', 'order_status_id'],
      order_info: ['order_id'],
      currency: ['currency'],
      manufacturer: ['manufacturer_id'],
      confirm: [],
    });
  });

  it('marks every field whose schema refuses an absent value as required, so the typed client asks for it too', () => {
    const unmarked = operations.flatMap((operation) =>
      Object.entries(operation.input.fields as Record<string, FormField>)
        .filter(([, field]) => field.required !== true && !z.safeParse(field.schema, undefined).success)
        .map(([name]) => `${operation.name}.${name}`),
    );
    expect(unmarked).toEqual([]);
  });
});
