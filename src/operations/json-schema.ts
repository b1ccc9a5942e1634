/**
 * How a request field is described to clients in JSON Schema (the OpenAPI document's request bodies and query
 * parameters). A field schema reads more than zod can say in JSON Schema: it trims before it matches, turns a
 * blank string into "absent", reads a digit string as a number. zod's own conversion of such a schema is either
 * wrong (a pattern checked after a trim it does not mention) or says nothing (`{}` for a transform), so each
 * field kind carries a hint: the JSON Schema of what a client may send, written next to the schema it describes.
 * The hints are metadata only; the schemas read requests exactly as before.
 * @module
 */
import { z } from 'zod';

/** A JSON Schema (draft 2020-12), as zod's converter writes them. */
export type JsonSchema = z.core.JSONSchema.JSONSchema;

/** What the JSON Schema of a field says. */
export interface RequestHint {
  /** The JSON Schema of what a client may send (the schema's input), instead of zod's conversion. */
  readonly jsonSchema?: JsonSchema;
  /** Keywords added to zod's conversion where it is a list or a map (bounds the form checks itself). */
  readonly extend?: { readonly array?: JsonSchema; readonly object?: JsonSchema };
  /**
   * Whether a request must carry the field. By default a field is required exactly when its schema refuses an
   * absent value; a form that checks a field itself (the multi add's rows) says so here.
   */
  readonly required?: boolean;
}

/** The hints, by field schema. A registry holds them beside the schemas without changing them. */
export const requestHints = z.registry<RequestHint>();

/** `schema`, described to clients by `hint`. */
export function describeRequest<S extends z.ZodType>(schema: S, hint: RequestHint): S {
  requestHints.add(schema, hint);
  return schema;
}

/** JSON `null`. */
export const jsonNull: JsonSchema = { type: 'null' };

/** A string of nothing but white space (an empty form input: absent). */
export const jsonBlank: JsonSchema = { type: 'string', pattern: '^\\s*$' };

/**
 * A string that `pattern` matches once its surrounding white space is trimmed, as the field schemas' `trim()`
 * reads it (`pattern` is the body of the regular expression, without anchors).
 */
export function jsonTrimmed(pattern: string): JsonSchema {
  return { type: 'string', pattern: `^\\s*(?:${pattern})\\s*$` };
}
