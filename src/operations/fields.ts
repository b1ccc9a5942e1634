/**
 * The field schemas every operation's form shares: how an id, a quantity, a text and a map of posted values are
 * read from an untrusted request value. A malformed field is an error keyed by that field, never a crash.
 *
 * What counts as malformed:
 * - **Integers** (ids, quantities): a JSON integer, or a string of decimal digits, blanks around it allowed
 *   (`" 12 "` is 12, leading zeros are fine). This is the PHP leniency clients rely on, since a form sends every
 *   value as text; no more: `"12abc"`, `"1.5"`, `"1e3"`, `"0x1f"`, `"+1"`, booleans, arrays and objects are
 *   malformed, never cast to 0 or 1 the way PHP's `(int)` would. Strings are capped at 15 digits so every accepted
 *   value is a safe integer.
 * - **Absent** means `undefined` (the key was not sent) or `null` (JSON clients send it for "none"); for integers
 *   and value maps a blank string counts as absent too, because an empty form input means "not filled in".
 * - **Texts** are strings, or finite numbers written out in plain decimals (JSON clients send telephone numbers
 *   and postcodes as numbers). They are never trimmed here: the domain trims and measures them.
 * - **Value maps** (`custom_field`, `option`) are objects, or arrays read as maps keyed by index (PHP has one
 *   kind of array for both, and PHP clients encode an empty one as `[]`). They are copied one level deep into
 *   null-prototype objects; the values themselves are passed on unchecked, because the domain checks them against
 *   the field or option definitions (a checkbox's list, as an array or keyed by index, by `postedList`).
 * - **Shapes.** Every schema with a length check is wrapped in {@link scalar}, so an object or array never reaches
 *   zod's length checks (which throw on an object with a `length` member, see there); value maps take
 *   containers through a plain predicate.
 * - **Storable text.** A posted string that no store can hold (a NUL, an unpaired surrogate, a non-character) is
 *   refused by {@link readFields} under its field's key with one text of ours, whatever the field: PostgreSQL
 *   refuses NUL outright and its UTF-8 encoding replaces unpaired surrogates, so accepting them would make the
 *   stores disagree about what was posted.
 * @module
 */
import { z } from 'zod';
import { postedRecord } from '../domain/customer/custom-fields.js';
import { scalar } from '../domain/posted.js';
import { type FieldReader, undecided, withReader } from './field-readers.js';
import { describeRequest, type JsonSchema, jsonBlank, jsonNull, jsonTrimmed } from './json-schema.js';

export { isPostedScalar, type PostedScalar, scalar } from '../domain/posted.js';

/**
 * The longest text accepted before the domain looks at it. Every limit of OpenCart's API is far below it; the bound is
 * there so that a megabyte of "name" costs nothing downstream.
 */
export const maxTextLength = 1000;

/** The largest quantity one request may add or set: far beyond any real order, well inside exact arithmetic. */
export const maxQuantity = 99_999;

const absent = z.union([z.undefined(), z.null()]);
/** Absent, or a string of nothing but white space: an empty form input. */
export const blank = scalar(z.union([absent, z.string().trim().max(0)]));

/** Up to 15 digits, so that `Number` gives an exact safe integer; the sign only where negatives are allowed. */
const unsignedDigits = /^\d{1,15}$/;
const signedDigits = /^-?\d{1,15}$/;
/** A number written out the plain way (`String(n)` gives exponents for very large or very small numbers). */
const plainDecimal = /^-?\d+(?:\.\d+)?$/;

/**
 * An integer as forms (a decimal string) or JSON (a number) send it. A string must read as a number to the type
 * checker (`'40'`, not `'forty'`); the server reads only digits, blanks around them allowed.
 */
export type IntegerField = number | `${number}`;

/** An integer that may be left out: absent, JSON's `null` or an empty form input read as its default. */
export type OptionalIntegerField = IntegerField | '' | null;

/** A text as forms or JSON send it (JSON clients send telephone numbers and postcodes as numbers). */
export type TextField = string | number | null;

/**
 * A posted value of a map: one value id or text, or a list of them (a checkbox), as an array or keyed by index
 * (`option[223][0]=8&option[223][1]=10`, the way PHP's `http_build_query` writes a list).
 */
export type MapValue =
  | string
  | number
  | readonly (string | number)[]
  | { readonly [index: `${number}`]: string | number };

/** A map of posted values keyed by id, as an object, or as PHP's list form of an array. */
export type ValueMapField = Readonly<Record<string, MapValue>> | readonly MapValue[] | string | null;

/** The bounds of an integer field. */
export interface IntegerRule {
  /** The smallest value accepted; below 0 lets a `-` through. */
  readonly min: number;
  /** The largest value accepted; the largest safe integer when omitted. */
  readonly max?: number;
  /** The value of an absent or blank field; without one, the field is required. */
  readonly fallback?: number;
}

/**
 * The JSON Schema of an integer field: a JSON integer within the bounds, or a digit string (whose bounds only
 * the server checks: JSON Schema cannot compare a string's number); blank or null too when absent is allowed.
 */
function integerJson(rule: IntegerRule): JsonSchema {
  const digits = rule.min < 0 ? '-?\\d{1,15}' : '\\d{1,15}';
  const optional = rule.fallback !== undefined;
  return {
    anyOf: [
      { type: 'integer', minimum: rule.min, maximum: rule.max ?? Number.MAX_SAFE_INTEGER },
      jsonTrimmed(optional ? `(?:${digits})?` : digits),
      ...(optional ? [jsonNull] : []),
    ],
    description: optional
      ? `An integer (a JSON number or a string of digits); absent, null or blank is ${rule.fallback}.`
      : 'An integer (a JSON number or a string of digits).',
  };
}

/** An integer within `rule`'s bounds, from a JSON integer or a string of decimal digits (see the module notes). */
export function lenientInteger(
  rule: IntegerRule & { readonly fallback: number },
): z.ZodType<number, OptionalIntegerField>;
/** A required integer within `rule`'s bounds (no fallback: absent is refused). */
export function lenientInteger(rule: IntegerRule): z.ZodType<number, IntegerField>;
export function lenientInteger(rule: IntegerRule): z.ZodType<number, OptionalIntegerField> {
  const digits = rule.min < 0 ? signedDigits : unsignedDigits;
  const whole = z
    .union([z.int(), z.string().trim().regex(digits).transform(Number)])
    // -0 (JSON `-0`, or the string "-0") would be stored and echoed as -0; it is 0.
    .transform((n) => (n === 0 ? 0 : n))
    .pipe(
      z
        .number()
        .min(rule.min)
        .max(rule.max ?? Number.MAX_SAFE_INTEGER),
    );
  const { fallback } = rule;
  const schema = fallback === undefined ? whole : z.union([blank.transform(() => fallback), whole]);
  // Reads what the union reads; the declared input is what a well-behaved client sends.
  const described = describeRequest(schema as unknown as z.ZodType<number, OptionalIntegerField>, {
    jsonSchema: integerJson(rule),
  });
  return withReader(described, integerReader(rule, digits));
}

/** The quick reader of an integer field (see `field-readers.ts`): what {@link lenientInteger} reads, plainly. */
function integerReader(rule: IntegerRule, digits: RegExp): FieldReader {
  const max = rule.max ?? Number.MAX_SAFE_INTEGER;
  const within = (n: number) => (n >= rule.min && n <= max ? (n === 0 ? 0 : n) : undecided);
  return (value) => {
    if (typeof value === 'number') return Number.isSafeInteger(value) ? within(value) : undecided;
    if (value === undefined || value === null) return rule.fallback ?? undecided;
    if (typeof value !== 'string') return undecided;
    const text = value.trim();
    if (text === '') return rule.fallback ?? undecided;
    return digits.test(text) ? within(Number(text)) : undecided;
  };
}

/** A non-negative id; absent or blank is 0 (PHP's default for every id of OpenCart's API). */
export const optionalId: z.ZodType<number, OptionalIntegerField> = lenientInteger({ min: 0, fallback: 0 });

/**
 * A text field: at most {@link maxTextLength} characters (UTF-16 units: a cost bound, not a rule of OpenCart),
 * absent is `''`. A finite number is its plain decimal text; booleans, arrays and objects are malformed.
 */
export const textField = withReader(
  describeRequest(
    scalar(
      z.union([
        absent.transform(() => ''),
        z.string().max(maxTextLength),
        z.number().transform(String).pipe(z.string().regex(plainDecimal).max(maxTextLength)),
      ]),
    ),
    {
      jsonSchema: {
        // From 1e21 on, a number's text is in exponent form, which is refused.
        anyOf: [
          { type: 'string', maxLength: maxTextLength },
          { type: 'number', exclusiveMinimum: -1e21, exclusiveMaximum: 1e21 },
          jsonNull,
        ],
        description: `A text of at most ${maxTextLength} characters (a number is read as its decimal text); absent or null is ''.`,
      },
    },
  ),
  (value) =>
    value === undefined || value === null
      ? ''
      : typeof value === 'string' && value.length <= maxTextLength
        ? value
        : undecided,
);

/** An object or array, as opposed to a scalar. */
function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** The own enumerable entries of `value`, in a fresh null-prototype object (so no key can reach a prototype). */
function copyEntries(value: object): Readonly<Record<string, unknown>> {
  const copy: Record<string, unknown> = Object.create(null);
  for (const [key, item] of Object.entries(value)) copy[key] = item;
  return copy;
}

/** The JSON Schema of one value of a map: an id or a text, or a list of them (a checkbox), as an array or by index. */
const mapValueJson: JsonSchema = {
  anyOf: [
    { type: ['string', 'number'] },
    { type: 'array', items: { type: ['string', 'number'] } },
    {
      type: 'object',
      propertyNames: { pattern: '^(?:0|[1-9]\\d{0,14})$' },
      additionalProperties: { type: ['string', 'number'] },
      description: 'A list keyed by index: {"0": "8", "1": "10"} is ["8", "10"].',
    },
  ],
};

/**
 * A map of posted values keyed by id (`custom_field`, `option`); absent or blank is `{}`. The container branch
 * comes first and is a plain predicate, and the blank branch takes scalars only, so a map with a `length` key
 * (`option[length]=1`) is a map like any other.
 */
export const valueMap = withReader(
  describeRequest(
    z.union([
      z.custom<object>(isContainer).transform(copyEntries),
      blank.transform(() => copyEntries({})),
      // Reads any object (the domain checks each value); the declared input is what a well-behaved client sends.
    ]) as unknown as z.ZodType<Readonly<Record<string, unknown>>, ValueMapField>,
    {
      jsonSchema: {
        anyOf: [
          { type: 'object', additionalProperties: mapValueJson },
          { type: 'array', items: mapValueJson },
          jsonBlank,
          jsonNull,
        ],
        description: 'Values keyed by id (an object, or a list keyed by index); absent, null or blank is {}.',
      },
    },
  ),
  (value) => {
    if (isContainer(value)) return copyEntries(value);
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      return copyEntries({});
    }
    return undecided;
  },
);

/** The own field `name` of `posted`, or undefined (never a value inherited through a prototype). */
export function postedField(posted: unknown, name: string): unknown {
  const fields = postedRecord(posted);
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}
