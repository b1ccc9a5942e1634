/**
 * The quick readers of the field schemas (src/operations/field-readers.ts) hold to their schemas: on any value
 * they read, they answer exactly what the schema reads, and they never read a value the schema refuses. Every
 * form whose fields all have one reads its well-formed requests without zod, so a difference here would be a
 * different answer over HTTP.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { readerOf, undecided } from '../../src/operations/field-readers.js';
import { lenientInteger, optionalId, textField, valueMap } from '../../src/operations/fields.js';
import { methodField } from '../../src/operations/methods.js';
import { confirm, historyAdd } from '../../src/operations/order.js';

/** Values a client may post, biased towards the edges the readers and schemas decide on. */
const posted: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    '',
    ' ',
    '\t\n',
    '0',
    '-0',
    '007',
    ' 12 ',
    '1e3',
    '0x1f',
    '+1',
    '1.5',
    '-5',
  ),
  fc.constantFrom(0, -0, 1, 2, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, 99_999, 100_000, true),
  fc.constantFrom(false, 'true', ' ON ', 'no', 'maybe', 'flat.flat', ' cod ', 'a.b.c', 'x'.repeat(1001)),
  fc.constantFrom({ code: 'flat.flat' }, { code: ' cod ', name: 'x' }, { code: 5 }, { name: 'x' }, [], ['1']),
  fc.constantFrom(Object.assign(Object.create(null), { code: 'cod' }), { length: 1 }, { '5': 'a' }),
  fc.string(),
  fc.stringMatching(/^\s*-?\d{1,17}\s*$/),
  fc.integer(),
  fc.double(),
  fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer())),
  fc.array(fc.oneof(fc.string(), fc.integer())),
);

/** The field schemas that have quick readers. */
const schemas: [string, z.ZodType][] = [
  ['textField', textField],
  ['optionalId', optionalId],
  ['valueMap', valueMap],
  ['required id', lenientInteger({ min: 1 })],
  ['bounded quantity', lenientInteger({ min: 1, max: 99_999, fallback: 1 })],
  ['signed integer', lenientInteger({ min: -100, max: 100 })],
  ['method', methodField('shipping_method', 'shipping_method.not_offered').schema],
  ['nullable id', confirm.input.fields.order_status_id.schema],
  ['comment', confirm.input.fields.comment.schema],
  ['flag', historyAdd.input.fields.notify.schema],
];

describe('quick field readers', () => {
  it.each(schemas)('%s: reads what its schema reads, and nothing it refuses', (_, schema) => {
    const reader = readerOf(schema);
    expect(reader).toBeDefined();
    fc.assert(
      fc.property(posted, (value) => {
        const read = reader?.(value);
        if (read === undecided) return;
        const parsed = schema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(read).toStrictEqual(parsed.data);
      }),
      { numRuns: 2000 },
    );
  });

  it('leave what they do not read plainly to the schema, which gives the field its error', () => {
    expect(readerOf(optionalId)?.('12abc')).toBe(undecided);
    expect(readerOf(textField)?.(5)).toBe(undecided);
    expect(readerOf(valueMap)?.(7)).toBe(undecided);
  });
});
