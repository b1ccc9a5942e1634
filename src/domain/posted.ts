/**
 * What a posted value can be at a leaf of a form or JSON body, and the guard that keeps any other shape away from
 * a schema that cannot take it. zod runs its length checks (`.min`, `.max` and `.length` on strings) on any value
 * with a `length` member, even after the value failed the type check, and compares that member with a number: a
 * posted object such as `{"length": {}}` (the form `email[length][a]=1`) makes the comparison throw instead of
 * fail. Every schema with a length check that reads untrusted input is built on {@link scalar}.
 * @module
 */
import { z } from 'zod';

/** What a leaf of a parsed form or JSON body can be (or `undefined`, for a field not sent). */
export type PostedScalar = string | number | boolean | null | undefined;

/** Whether `value` is a {@link PostedScalar}: not an object, an array or anything else. */
export function isPostedScalar(value: unknown): value is PostedScalar {
  const type = typeof value;
  return value == null || type === 'string' || type === 'number' || type === 'boolean';
}

/** `schema`, reached by scalars only: anything else fails before `schema` runs (see the module notes). */
export function scalar<T, I extends PostedScalar>(schema: z.ZodType<T, I>): z.ZodType<T, I> {
  // The guard lets through exactly the scalars `schema` reads; its declared input stays `schema`'s own.
  return z
    .custom<PostedScalar>(isPostedScalar)
    .pipe(schema as z.ZodType<T, PostedScalar>) as unknown as z.ZodType<T, I>;
}

/**
 * A key that names a list position: a non-negative integer in canonical decimal form (`0`, `1`, `10`; never `01`,
 * `-1`, `1.0` or `+1`), at most 15 digits so that it is an exact safe integer.
 */
const listIndex = /^(?:0|[1-9]\d{0,14})$/;

/** One item of a posted list with the key it was posted under (an array's index, or the object's key). */
export type PostedListEntry = readonly [key: string, item: unknown];

/**
 * The items of a posted value where a list is expected, each with its key, or undefined when the value is not a
 * list. PHP reads `a[]=x&a[]=y` and `a[0]=x&a[1]=y` as one array (and its `http_build_query` always writes the
 * indexed form), and JSON clients send either an array or an object keyed by index, so all of these are lists:
 *
 * - an array: its items, keyed by index;
 * - an object whose keys are all list positions (see `listIndex`): its values in numeric key order; the empty
 *   object is the empty list;
 * - absent (`undefined`, or JSON's `null`): the empty list;
 * - any other scalar: a one-item list, keyed `0`.
 *
 * An object with any other key (`{"a": 1}`, `{"01": 1}`) is not a list.
 */
export function postedListEntries(value: unknown): readonly PostedListEntry[] | undefined {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.map((item, index) => [String(index), item] as const);
  if (typeof value !== 'object') return [['0', value]];
  const entries = Object.entries(value);
  if (!entries.every(([key]) => listIndex.test(key))) return undefined;
  // Object.entries puts integer keys first in ascending order only up to 2^32 - 2; longer indexes are sorted here.
  return entries.sort(([a], [b]) => Number(a) - Number(b));
}

/**
 * The items of a posted value where a list is expected (see {@link postedListEntries}); a value that is not a
 * list is a one-item list of itself, which the item's own check then refuses.
 */
export function postedList(value: unknown): readonly unknown[] {
  return postedListEntries(value)?.map(([, item]) => item) ?? [value];
}
