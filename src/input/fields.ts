/**
 * The building blocks every operation's parser shares: how an id, a quantity, a text and a map of posted values
 * are read from an untrusted request value, and {@link readFields}, which reads a whole body field by field and
 * reports every malformed field at once. zod lives here and in the parsers next to it, and nowhere else: nothing
 * in `src/input` that mentions zod is re-exported from the package.
 *
 * What counts as malformed (ours, from DECISIONS 9):
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
 *   the field or option definitions.
 * - **Shapes.** Every schema with a length check is wrapped in {@link scalar}, so an object or array never reaches
 *   zod's length checks (which throw on an object with a `length` member, see there); value maps take
 *   containers through a plain predicate.
 * - **Storable text.** A posted string that no store can hold (a NUL, an unpaired surrogate, a non-character) is
 *   refused by {@link readFields} under its field's key with one text of ours, whatever the field: PostgreSQL
 *   refuses NUL outright and its UTF-8 encoding replaces unpaired surrogates, so accepting them would make the
 *   stores disagree about what was posted.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { postedRecord } from '../domain/custom-fields.js';
import type { FieldErrors } from '../domain/errors.js';
import { type MessageCatalog, messageText } from '../domain/messages.js';
import { isStorableText } from '../domain/storable-text.js';

/**
 * The longest text accepted before the domain looks at it. Every limit of the seed is far below it; the bound is
 * there so that a megabyte of "name" costs nothing downstream.
 */
export const maxTextLength = 1000;

/** The largest quantity one request may add or set: far beyond any real order, well inside exact arithmetic. */
export const maxQuantity = 99_999;

/** What a leaf of a parsed form or JSON body can be (or `undefined`, for a field not sent). */
export type PostedScalar = string | number | boolean | null | undefined;

/** Whether `value` is a {@link PostedScalar}: not an object, an array or anything else. */
export function isPostedScalar(value: unknown): value is PostedScalar {
  const type = typeof value;
  return value == null || type === 'string' || type === 'number' || type === 'boolean';
}

/**
 * `schema`, reached by scalars only: anything else fails before `schema` runs. zod runs its length checks
 * (`.min`, `.max` and `.length` on strings) on any value with a `length` member, even after the value failed
 * the type check, and compares that member with a number: a posted object such as `{"length": {}}` (the form
 * `email[length][a]=1`) makes the comparison throw instead of fail. Every schema with a length check is built
 * on this (and value maps take containers through a plain predicate, never a length check), so no posted shape
 * reaches a check that cannot take it.
 */
export function scalar<T>(schema: z.ZodType<T, PostedScalar>): z.ZodType<T> {
  return z.custom<PostedScalar>(isPostedScalar).pipe(schema);
}

const absent = z.union([z.undefined(), z.null()]);
/** Absent, or a string of nothing but white space: an empty form input. */
export const blank: z.ZodType<PostedScalar> = scalar(z.union([absent, z.string().trim().max(0)]));

/** Up to 15 digits, so that `Number` gives an exact safe integer; the sign only where negatives are allowed. */
const unsignedDigits = /^\d{1,15}$/;
const signedDigits = /^-?\d{1,15}$/;
/** A number written out the plain way (`String(n)` gives exponents for very large or very small numbers). */
const plainDecimal = /^-?\d+(?:\.\d+)?$/;

/** The bounds of an integer field. */
export interface IntegerRule {
  /** The smallest value accepted; below 0 lets a `-` through. */
  readonly min: number;
  /** The largest value accepted; the largest safe integer when omitted. */
  readonly max?: number;
  /** The value of an absent or blank field; without one, the field is required. */
  readonly fallback?: number;
}

/** An integer within `rule`'s bounds, from a JSON integer or a string of decimal digits (see the module notes). */
export function lenientInteger(rule: IntegerRule): z.ZodType<number> {
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
  return fallback === undefined ? whole : z.union([blank.transform(() => fallback), whole]);
}

/** A non-negative id; absent or blank is 0 (PHP's default for every id of the seed). */
export const optionalId: z.ZodType<number> = lenientInteger({ min: 0, fallback: 0 });

/**
 * A text field: at most {@link maxTextLength} characters (UTF-16 units: a cost bound, not a rule of the seed),
 * absent is `''`. A finite number is its plain decimal text; booleans, arrays and objects are malformed.
 */
export const textField: z.ZodType<string> = scalar(
  z.union([
    absent.transform(() => ''),
    z.string().max(maxTextLength),
    z.number().transform(String).pipe(z.string().regex(plainDecimal).max(maxTextLength)),
  ]),
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

/**
 * A map of posted values keyed by id (`custom_field`, `option`); absent or blank is `{}`. The container branch
 * comes first and is a plain predicate, and the blank branch takes scalars only, so a map with a `length` key
 * (`option[length]=1`) is a map like any other.
 */
export const valueMap: z.ZodType<Readonly<Record<string, unknown>>> = z.union([
  z.custom<object>(isContainer).transform(copyEntries),
  blank.transform(() => copyEntries({})),
]);

/** One posted field: the schema that reads it, and the error key and text used when it is malformed. */
export interface FieldRule<T> {
  readonly schema: z.ZodType<T>;
  /** The seed's error key (`firstname`, `warning`, `product_0_subscription`, …). */
  readonly key: string;
  readonly text: string;
}

/** Builds a {@link FieldRule}; shorter to read than the object literal at every field. */
export function rule<T>(schema: z.ZodType<T>, key: string, text: string): FieldRule<T> {
  return { schema, key, text };
}

/** The values {@link readFields} reads: one per rule, of that rule's type. */
export type FieldValues<R> = { -readonly [K in keyof R]: R[K] extends FieldRule<infer T> ? T : never };

/**
 * Reads each field named by `rules` from `posted`, which may be any value: only an object's own fields count, so
 * anything else reads as a body with no fields, as PHP's `$_POST` is always an array. Every malformed field is
 * reported, in the order of `rules`; when two fields share an error key (`warning`), the first one's text is kept.
 * A string no store can hold is malformed whatever the field, with the text `field.unstorable`.
 * @param posted - the body (or one item of it)
 * @param rules - keyed by field name without `prefix`; the values come back under these names
 * @param messages - the catalogue of the unstorable-text error
 * @param prefix - put before each name to find the posted field (`payment_` reads `firstname` from
 *   `payment_firstname`); error keys are the rules' own, prefix and all
 */
export function readFields<R extends Readonly<Record<string, FieldRule<unknown>>>>(
  posted: unknown,
  rules: R,
  messages: MessageCatalog,
  prefix = '',
): Result<FieldValues<R>, FieldErrors> {
  const values: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const [name, { schema, key, text }] of Object.entries(rules)) {
    const value = postedField(posted, `${prefix}${name}`);
    const storable = typeof value !== 'string' || isStorableText(value);
    const parsed = storable ? schema.safeParse(value) : undefined;
    if (parsed?.success === true) values[name] = parsed.data;
    else if (!Object.hasOwn(errors, key))
      errors[key] = storable ? text : messageText(messages, 'field.unstorable');
  }
  // Each name of `rules` got its own schema's output above, which is exactly what FieldValues<R> says.
  return Object.keys(errors).length > 0 ? err(errors) : ok(values as FieldValues<R>);
}

/** The own field `name` of `posted`, or undefined (never a value inherited through a prototype). */
export function postedField(posted: unknown, name: string): unknown {
  const fields = postedRecord(posted);
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}
