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
