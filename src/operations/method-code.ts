/**
 * The method steps' one field: `shipping_method` / `payment_method`, sent as OpenCart's object (`.code`, with a
 * name, cost and tax class the engine ignores: what is charged comes from the offer) or as the code itself. A
 * code is `<method>` or `<method>.<quote>`, letters, digits, `_` and `-`.
 * @module
 */
import { z } from 'zod';
import type { MessageId } from '../domain/messages.js';
import { undecided, withReader } from './field-readers.js';
import { field, type RequiredField, required } from './form.js';
import { describeRequest, type JsonSchema, jsonTrimmed } from './json-schema.js';

/** A method code: `<method>` or `<method>.<quote>`. */
const codePattern = /^[A-Za-z0-9_-]{1,64}(?:\.[A-Za-z0-9_-]{1,64})?$/;

const code = z.string().trim().regex(codePattern);

const codeJson: JsonSchema = jsonTrimmed('[A-Za-z0-9_-]{1,64}(?:\\.[A-Za-z0-9_-]{1,64})?');

/** The method field: the code itself, or an object whose `code` it is. */
const methodUnion = z.union([
  code,
  z
    .object({
      code,
      name: z.unknown().optional(),
      cost: z.unknown().optional(),
      tax_class_id: z.unknown().optional(),
    })
    .transform((method) => method.code),
]);

/** The code of a method field's value, read plainly: a code, or a plain object whose own `code` is one. */
function readCode(value: unknown): string | typeof undecided {
  const method =
    typeof value === 'object' &&
    value !== null &&
    [Object.prototype, null].includes(Object.getPrototypeOf(value)) &&
    Object.hasOwn(value, 'code')
      ? (value as { code: unknown }).code
      : value;
  if (typeof method !== 'string') return undecided;
  const text = method.trim();
  return codePattern.test(text) ? text : undecided;
}

const methodSchema = describeRequest(withReader(methodUnion, readCode), {
  jsonSchema: {
    anyOf: [
      codeJson,
      {
        type: 'object',
        properties: { code: codeJson, name: {}, cost: {}, tax_class_id: {} },
        required: ['code'],
      },
    ],
    description:
      'An offered code (`flat.flat`, `cod`), or the object `{ code, name, cost, tax_class_id }` of which only `code` counts.',
  },
});

/** The method field `name`, its errors under `name` with `text`; a request must carry it. */
export function methodField(name: string, text: MessageId): RequiredField<typeof methodSchema> {
  return required(field(methodSchema, name, text));
}
