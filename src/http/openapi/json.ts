/**
 * JSON Schema out of zod, as the OpenAPI document embeds it: zod's converter, with the draft marker and the ids
 * it writes on every schema removed (OpenAPI 3.1's schema dialect is draft 2020-12 already).
 * @module
 */
import { z } from 'zod';
import type { JsonSchema } from '../../operations/json-schema.js';

/** A JSON object of the document. */
export type JsonObject = { [key: string]: unknown };

/** Removes what the document does not need from a converted schema, in place. */
export function tidySchema(schema: JsonSchema): void {
  delete schema.$schema;
  delete schema.$id;
}

/** The options every conversion shares. */
export interface ConversionOptions {
  /** `input` for requests (what a client may send), `output` for answers (what the server writes). */
  readonly io: 'input' | 'output';
  /** Called for every schema after zod converted it, to change the JSON Schema in place. */
  readonly override?: (zodSchema: z.core.$ZodType, jsonSchema: JsonSchema) => void;
}

/** The JSON Schema of one zod schema. */
export function toJson(schema: z.ZodType, options: ConversionOptions): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io: options.io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      options.override?.(zodSchema, jsonSchema);
      tidySchema(jsonSchema);
    },
  });
  tidySchema(converted);
  return converted;
}
