/**
 * The JSON Schema of an operation's request, from its form: one property per posted field, each described by
 * its field kind's hint (an integer as a number or a digit string, a text as a string or a number, a map, a
 * flag) where zod's own conversion cannot say what the field reads. A field is required when its schema refuses
 * an absent value (or its hint says the form refuses it), or when the form marks it required (the operation's
 * rules refuse a request without it); every other field may be left out. Fields the form
 * does not name are ignored by the server, so the schema allows them.
 * @module
 */
import { z } from 'zod';
import type { FormFields } from '../../operations/form.js';
import { type JsonSchema, requestHints } from '../../operations/json-schema.js';
import { toJson } from './json.js';

/** Whether a request must carry a field read by `schema`. */
function isRequired(schema: z.core.$ZodType): boolean {
  const hint = requestHints.get(schema);
  return hint?.required ?? !z.safeParse(schema, undefined).success;
}

/** The hint's JSON Schema in place of zod's conversion; an object's `required` by {@link isRequired}. */
function applyHints(zodSchema: z.core.$ZodType, jsonSchema: JsonSchema): void {
  const hint = requestHints.get(zodSchema);
  const extend = hint?.extend;
  if (extend !== undefined) {
    for (const part of [jsonSchema, ...(jsonSchema.anyOf ?? [])]) {
      if (part.type === 'array') Object.assign(part, extend.array);
      if (part.type === 'object') Object.assign(part, extend.object);
    }
  }
  if (hint?.jsonSchema !== undefined) {
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
    Object.assign(jsonSchema, structuredClone(hint.jsonSchema));
  } else if (zodSchema instanceof z.ZodObject) {
    const required = Object.entries(zodSchema.shape as Record<string, z.ZodType>)
      .filter(([, field]) => isRequired(field))
      .map(([name]) => name);
    if (required.length > 0) jsonSchema.required = required;
    else delete jsonSchema.required;
  }
}

/** The JSON Schema of what a client may send in `schema`'s place. */
export function requestJson(schema: z.ZodType): JsonSchema {
  return toJson(schema, { io: 'input', override: applyHints });
}

/** The JSON Schema of a request of `fields`, each field saying under which error key it is refused. */
export function requestSchemaOf(fields: FormFields): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const property = requestJson(field.schema);
    // A lenient field (one that reads anything, falling back to its default) is never refused.
    if (!z.safeParse(field.schema, Symbol('probe')).success) {
      const refused = `Refused under \`error.${field.key}\`.`;
      property.description = [property.description, refused].filter(Boolean).join(' ');
    }
    properties[name] = property;
    if (field.required === true || isRequired(field.schema)) required.push(name);
  }
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}
