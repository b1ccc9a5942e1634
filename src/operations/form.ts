/**
 * A request form: the zod object of an operation's posted fields, with each field's error key and text. One
 * definition gives the request's type (`z.input` of the schema), its parser, its errors keyed by field, and its
 * JSON Schema, so an operation's shape is written once.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { postedRecord } from '../domain/customer/custom-fields.js';
import type { FieldErrors } from '../domain/errors.js';
import { type MessageCatalog, type MessageId, type MessageParams, messageText } from '../domain/messages.js';
import { isStorableText } from '../domain/storable-text.js';
import { type FieldReader, readerOf, undecided } from './field-readers.js';

/** One posted field: how it is read, and the key and text of its error when it cannot be. */
export interface FormField<S extends z.ZodType = z.ZodType> {
  readonly schema: S;
  /** OpenCart's error key (`firstname`, `warning`, `payment_country`, …). */
  readonly key: string;
  readonly text: MessageId;
  readonly params?: MessageParams;
  /**
   * Whether a request must carry the field: its schema refuses an absent value, or it reads one (as `''` or 0)
   * that the operation's rules always refuse (a customer without a first name). A typed client must send it, and
   * the OpenAPI document lists it as required.
   */
  readonly required?: boolean;
}

/** A field that a request must carry (see {@link required}). */
export type RequiredField<S extends z.ZodType = z.ZodType> = FormField<S> & { readonly required: true };

/**
 * Type only: what a typed client sends in a field, where it is narrower than what the schema reads (the rows
 * of the multi add, each a single add's request with its own required fields). Never set at run time.
 */
export interface SentAs<T> {
  readonly sent?: T;
}

/** `spec`, required: a request must carry the field (see {@link FormField.required}). */
export function required<S extends z.ZodType>(spec: FormField<S>): RequiredField<S> {
  return { ...spec, required: true };
}

/** Builds a {@link FormField}. */
export function field<S extends z.ZodType>(
  schema: S,
  key: string,
  text: MessageId,
  params?: MessageParams,
): FormField<S> {
  return params === undefined ? { schema, key, text } : { schema, key, text, params };
}

/** The fields of a form by posted name. */
export type FormFields = Readonly<Record<string, FormField>>;

/** The zod shape of a form's fields. */
export type FormShape<F extends FormFields> = { -readonly [K in keyof F]: F[K]['schema'] };

/** The object schema of a form's fields. */
export type FormObjectSchema<F extends FormFields> = z.ZodObject<FormShape<F>>;

/** What a client sends to a form: any of its fields, each as its schema reads it. */
export type FormRequest<F extends FormFields> = { readonly [K in keyof F]?: z.input<F[K]['schema']> };

/** The names of a form's required fields. */
export type RequiredNames<F extends FormFields> = {
  [K in keyof F]-?: F[K] extends { readonly required: true } ? K : never;
}[keyof F];

/** What a typed client sends in one field: its declared sent type, or what its schema reads. */
type SentValue<FF extends FormField> =
  FF extends SentAs<infer T> ? (unknown extends T ? z.input<FF['schema']> : T) : z.input<FF['schema']>;

/**
 * What a typed client sends to a form: every required field, with a value (never null or blank), and any of the
 * others. Stricter than {@link FormRequest}, which says what the server reads and answers with field errors.
 */
export type FormSentRequest<F extends FormFields> = {
  readonly [K in keyof F as K extends RequiredNames<F> ? K : never]: Exclude<
    SentValue<F[K]>,
    null | undefined | ''
  >;
} & { readonly [K in keyof F as K extends RequiredNames<F> ? never : K]?: SentValue<F[K]> };

/**
 * A request form: `schema` describes what a client sends (its `z.input` is the request type) and reads it into
 * the operation's parsed request `T`; `parse` does so with every malformed field reported under its error key.
 */
export interface Form<F extends FormFields, T> {
  readonly schema: z.ZodType<T, FormRequest<F>>;
  readonly fields: F;
  /** Reads a posted body (any value) into the request, or the errors of its malformed fields. */
  parse(posted: unknown, messages: MessageCatalog): Result<T, FieldErrors>;
}

/** A form's parsed request type. */
export type FormOutput<A> = A extends Form<FormFields, infer T> ? T : never;

/** A form's request type: what a client sends. */
export type FormInput<A> = A extends Form<infer F, unknown> ? FormRequest<F> : never;

/** A form's request type as a typed client sends it (see {@link FormSentRequest}). */
export type FormSentInput<A> = A extends Form<infer F, unknown> ? FormSentRequest<F> : never;

/** The shape of the forms every operation has. */
// biome-ignore lint/suspicious/noExplicitAny: a form of any fields and any parsed type; each operation keeps its own.
export type AnyForm = Form<any, any>;

/**
 * The posted values of a form's fields: each field's own value in the body, or undefined. Only own fields count
 * (a value reached through a prototype, polluted or not, is never a posted field), and anything but an object (a
 * list, a scalar) is a body with no fields, as PHP's `$_POST` is always an array. Every field gets a key, present
 * or not, because each field's schema decides what an absent value means (a default, or its error).
 */
function postedValues(names: readonly string[], posted: unknown): Readonly<Record<string, unknown>> {
  const record = Array.isArray(posted) ? {} : postedRecord(posted);
  const values: Record<string, unknown> = Object.create(null);
  for (const name of names) values[name] = Object.hasOwn(record, name) ? record[name] : undefined;
  return values;
}

/**
 * The errors of the posted strings no store can hold (a NUL, an unpaired surrogate, a non-character), each
 * under its field's key with one text of ours whatever the field: PostgreSQL refuses NUL outright and its UTF-8
 * encoding replaces unpaired surrogates, so accepting them would make the stores disagree about what was
 * posted. Undefined when every posted string is storable.
 */
function unstorableErrors(
  fields: FormFields,
  names: readonly string[],
  values: Readonly<Record<string, unknown>>,
  messages: MessageCatalog,
): Record<string, string> | undefined {
  let errors: Record<string, string> | undefined;
  for (const name of names) {
    const value = values[name];
    const spec = fields[name];
    if (typeof value !== 'string' || isStorableText(value) || spec === undefined) continue;
    errors ??= {};
    errors[spec.key] ??= messageText(messages, 'field.unstorable');
  }
  return errors;
}

/**
 * A form's quick read (see `field-readers.ts`): every field read by its quick reader, in field order, or
 * undefined when some field's reader leaves its value to the schema. None when some field has no quick reader.
 */
function quickRead(
  fields: FormFields,
  names: readonly string[],
): ((values: Readonly<Record<string, unknown>>) => Record<string, unknown> | undefined) | undefined {
  const readers: [string, FieldReader][] = [];
  for (const name of names) {
    const reader = readerOf((fields[name] as FormField).schema);
    if (reader === undefined) return undefined;
    readers.push([name, reader]);
  }
  return (values) => {
    const read: Record<string, unknown> = {};
    for (const [name, reader] of readers) {
      const value = reader(values[name]);
      if (value === undecided) return undefined;
      read[name] = value;
    }
    return read;
  };
}

/**
 * The errors of a failed parse: each issue under the error key of the field it is about, in the form's field
 * order; when two fields share an error key (`warning`), the first one's text is kept.
 */
export function fieldErrorsOf(
  fields: FormFields,
  issues: readonly z.core.$ZodIssue[],
  messages: MessageCatalog,
  errors: Record<string, string> = {},
): FieldErrors {
  for (const issue of issues) {
    const name = issue.path[0];
    const spec = typeof name === 'string' && Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (spec === undefined || Object.hasOwn(errors, spec.key)) continue;
    errors[spec.key] = messageText(messages, spec.text, spec.params);
  }
  return errors;
}

/** A form whose fields read into `toRequest`'s result. */
export function form<F extends FormFields, T>(
  fields: F,
  toRequest: (values: z.output<FormObjectSchema<F>>) => T,
): Form<F, T> {
  const shape = Object.fromEntries(
    Object.entries(fields).map(([name, f]) => [name, f.schema]),
  ) as FormShape<F>;
  // Every field reads an absent value (its fallback or its error), so any field may be left out of a request.
  const schema = z.object(shape).transform(toRequest) as unknown as z.ZodType<T, FormRequest<F>>;
  const names = Object.keys(fields);
  const read = quickRead(fields, names);
  return {
    schema,
    fields,
    parse: (posted, messages) => {
      const values = postedValues(names, posted);
      const unstorable = unstorableErrors(fields, names, values, messages);
      const quick = unstorable === undefined ? read?.(values) : undefined;
      if (quick !== undefined) return ok(toRequest(quick as z.output<FormObjectSchema<F>>));
      const parsed = schema.safeParse(values);
      if (parsed.success && unstorable === undefined) return ok(parsed.data);
      return err(fieldErrorsOf(fields, parsed.success ? [] : parsed.error.issues, messages, unstorable));
    },
  };
}
