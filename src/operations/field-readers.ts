/**
 * Quick readers of the common field schemas: a posted value the way its schema reads it, for the values well-formed
 * requests send (a text, a digit string, a map, nothing at all), or {@link undecided} for anything else. Reading a
 * form through zod costs more than the rest of a small step; a form whose every field has a quick reader reads
 * its well-formed requests with them, and hands anything a reader leaves undecided to zod, so every error is
 * still zod's, with its key and text. A reader never accepts what its schema refuses, nor reads a value
 * differently (a property test holds each to its schema).
 * @module
 */
import type { z } from 'zod';

/** What a quick reader answers for a value it leaves to the schema. */
export const undecided: unique symbol = Symbol('undecided');

/** A quick reader: the value as the schema reads it, or {@link undecided}. */
export type FieldReader = (value: unknown) => unknown;

/** The quick reader of each schema that has one. */
const readers = new WeakMap<z.ZodType, FieldReader>();

/** `schema`, with `reader` as its quick reader. */
export function withReader<S extends z.ZodType>(schema: S, reader: FieldReader): S {
  readers.set(schema, reader);
  return schema;
}

/** The quick reader of `schema`, if it has one. */
export function readerOf(schema: z.ZodType): FieldReader | undefined {
  return readers.get(schema);
}
