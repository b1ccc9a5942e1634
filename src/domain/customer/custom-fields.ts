/**
 * Custom field checks and the per-value checker shared with
 * product options.
 *
 * Decisions (ours, beyond OpenCart):
 * - Empty means undefined, null, `''`, a whitespace-only string or an empty list. An empty optional field is not
 *   validated (OpenCart would run the regex on `''`) and is left out of the returned values.
 * - select/radio take one value id, checkbox a list: an array, an object keyed by index (`[0]`, `[1]`, as PHP
 *   writes lists) or a scalar, which is one item (see `postedList`); ids are decimal strings or
 *   non-negative safe integers and must be among the field's values. Checkbox values come back as a sorted list
 *   of unique id strings.
 * - date `YYYY-MM-DD`, time `HH:MM[:SS]`, datetime `YYYY-MM-DD HH:MM[:SS]` must be real dates and times; file takes
 *   a non-empty upload code string. Free-text values are stored as given (not trimmed), so text no store can
 *   hold (a NUL, an unpaired surrogate, a non-character) is not a valid input.
 * - Anything malformed (arrays where a string is expected, objects, nested lists, ids out of range) is the
 *   field's "not a valid input" error, never an exception.
 * @module
 */
import { orEmptyRecord } from '../empty-record.js';
import { type MessageCatalog, messageText } from '../messages.js';
import { matchesPattern } from '../pattern.js';
import { postedList, postedListEntries } from '../posted.js';
import type { OptionType } from '../records/catalog.js';
import type { CustomField, CustomFieldType, CustomFieldValue } from '../records/customers.js';
import { isStorableText } from '../storable-text.js';

/** The value types shared by custom fields and product options. */
export type FieldType = CustomFieldType | OptionType;

/** What {@link checkFieldValue} needs to know about a field or option. */
export interface FieldSpec {
  readonly type: FieldType;
  readonly required: boolean;
  /** Stored PCRE-style pattern, checked on `text` only; empty for none. */
  readonly validation: string;
  /** The ids a select/radio/checkbox value may take. */
  readonly valueIds: readonly number[];
}

/** The outcome of checking one value: absent (empty and optional), accepted (normalised), or an error. */
export type FieldCheck =
  | { readonly kind: 'absent' }
  | { readonly kind: 'ok'; readonly value: string | readonly string[] }
  | { readonly kind: 'required' }
  | { readonly kind: 'invalid' };

/** The error text of a failed check (`<name> required!` / `<name> is not a valid input!`), or undefined. */
export function fieldErrorText(check: FieldCheck, name: string, catalog: MessageCatalog): string | undefined {
  if (check.kind === 'required') return messageText(catalog, 'field.required', { name });
  if (check.kind === 'invalid') return messageText(catalog, 'field.invalid', { name });
  return undefined;
}

/**
 * Whether `raw` counts as no value: undefined, null, empty or whitespace-only string, empty list (`[]`, or the
 * empty object, which is the empty list keyed by index).
 */
export function isEmptyValue(raw: unknown): boolean {
  if (typeof raw === 'string') return raw.trim() === '';
  return postedListEntries(raw)?.length === 0;
}

/** Days in `month` (1–12) of `year`, Gregorian. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether `text` is a real calendar date `YYYY-MM-DD`. */
export function isValidDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Whether `text` is a real time of day `HH:MM` or `HH:MM:SS` (24-hour). */
export function isValidTime(text: string): boolean {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (match === null) return false;
  return (
    Number(match[1]) <= 23 && Number(match[2]) <= 59 && (match[3] === undefined || Number(match[3]) <= 59)
  );
}

/** Whether `text` is `YYYY-MM-DD HH:MM[:SS]` with a real date and time. */
export function isValidDateTime(text: string): boolean {
  const match = /^(\S+) (\S+)$/.exec(text);
  return match !== null && isValidDate(match[1] ?? '') && isValidTime(match[2] ?? '');
}

/** A value id as its canonical decimal string, or undefined when `raw` is not a non-negative safe integer. */
function valueId(raw: unknown): string | undefined {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : undefined;
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return undefined;
  return String(Number(raw));
}

/** Checks a non-empty free-text value for its type. */
function checkText(spec: FieldSpec, raw: unknown): FieldCheck {
  if (typeof raw !== 'string' || !isStorableText(raw)) return { kind: 'invalid' };
  const valid =
    spec.type === 'text'
      ? matchesPattern(spec.validation, raw)
      : spec.type === 'date'
        ? isValidDate(raw)
        : spec.type === 'time'
          ? isValidTime(raw)
          : spec.type === 'datetime'
            ? isValidDateTime(raw)
            : true;
  return valid ? { kind: 'ok', value: raw } : { kind: 'invalid' };
}

/**
 * Checks one raw value against a field or option: emptiness and `required` first, then the type's rules.
 * Never throws, whatever `raw` is.
 */
export function checkFieldValue(spec: FieldSpec, raw: unknown): FieldCheck {
  if (isEmptyValue(raw)) return spec.required ? { kind: 'required' } : { kind: 'absent' };
  const allowed = new Set(spec.valueIds.map(String));
  switch (spec.type) {
    case 'select':
    case 'radio': {
      const id = valueId(raw);
      return id !== undefined && allowed.has(id) ? { kind: 'ok', value: id } : { kind: 'invalid' };
    }
    case 'checkbox': {
      const ids = new Set<string>();
      for (const item of postedList(raw)) {
        const id = valueId(item);
        if (id === undefined || !allowed.has(id)) return { kind: 'invalid' };
        ids.add(id);
      }
      return { kind: 'ok', value: [...ids].sort((a, b) => Number(a) - Number(b)) };
    }
    default:
      return checkText(spec, raw);
  }
}

/** One field or option as {@link checkDefinedValues} sees it. */
export interface FieldDefinition {
  readonly id: number;
  readonly name: string;
  readonly sortOrder: number;
  readonly spec: FieldSpec;
}

/** The posted values as a record: anything that is not an object counts as nothing posted. */
export function postedRecord(posted: unknown): Readonly<Record<string, unknown>> {
  return typeof posted === 'object' && posted !== null ? (posted as Record<string, unknown>) : {};
}

/**
 * Checks the posted value of each definition, in sort order then id: the shared loop of custom fields and
 * product options. Errors go under `errorKey(id)`; accepted values come back as `[id, value]` pairs.
 */
export function checkDefinedValues(
  definitions: readonly FieldDefinition[],
  source: Readonly<Record<string, unknown>>,
  errorKey: (id: number) => string,
  catalog: MessageCatalog,
): { errors: Record<string, string>; accepted: [number, string | readonly string[]][] } {
  const errors: Record<string, string> = {};
  const accepted: [number, string | readonly string[]][] = [];
  const ordered = [...definitions].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
  for (const definition of ordered) {
    const key = String(definition.id);
    const check = checkFieldValue(definition.spec, Object.hasOwn(source, key) ? source[key] : undefined);
    const text = fieldErrorText(check, definition.name, catalog);
    if (text !== undefined) errors[errorKey(definition.id)] = text;
    else if (check.kind === 'ok') accepted.push([definition.id, check.value]);
  }
  return { errors, accepted };
}

/** The result of {@link checkCustomFields}: errors by key, and the accepted values by field id. */
export interface CustomFieldsCheck {
  readonly errors: Record<string, string>;
  readonly values: Readonly<Record<string, CustomFieldValue>>;
}

/**
 * Checks the custom fields of one location (`account` for the customer step, `address` for an address step)
 * against posted `values` keyed by custom field id. `fields` are the fields of the customer's group (each
 * carrying that group's `required`); fields of other locations are ignored, as are unknown keys.
 *
 * Errors are keyed `<keyPrefix>custom_field_<id>` (prefix `''` for the customer, `payment_` / `shipping_` for
 * addresses) with `<name> required!` or `<name> is not a valid input!`. The returned `values` hold the given,
 * non-empty values of this location's fields, normalised (checkbox: sorted unique id strings).
 */
export function checkCustomFields(
  fields: readonly CustomField[],
  location: 'account' | 'address',
  values: Readonly<Record<string, unknown>>,
  keyPrefix: string,
  catalog: MessageCatalog,
): CustomFieldsCheck {
  const definitions = fields
    .filter((field) => field.location === location)
    .map((field) => ({
      id: field.customFieldId,
      name: field.name,
      sortOrder: field.sortOrder,
      spec: {
        type: field.type,
        required: field.required,
        validation: field.validation,
        valueIds: field.values.map((value) => value.customFieldValueId),
      },
    }));
  const { errors, accepted } = checkDefinedValues(
    definitions,
    postedRecord(values),
    (id) => `${keyPrefix}custom_field_${id}`,
    catalog,
  );
  return {
    errors,
    values: orEmptyRecord(Object.fromEntries(accepted.map(([id, value]) => [String(id), value]))),
  };
}
