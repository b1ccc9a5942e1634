/**
 * How the parser says no. Each helper builds the `err` side of a {@link FormError} with a fixed, safe message
 * (it never echoes client input beyond one of the three forbidden key words), and {@link forbiddenKeys} lists
 * the key segments that could reach an object's prototype and are therefore refused in forms and JSON alike.
 * @module
 */
import { err, type Result } from 'neverthrow';
import type { BodyLimits, FormError, FormErrorReason } from './types.js';

/** Key segments refused anywhere in a path: `__proto__`, `constructor` and `prototype`. */
export const forbiddenKeys: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** A refusal with the given reason and message. */
export function refuse(reason: FormErrorReason, message: string): Result<never, FormError> {
  return err({ reason, message });
}

/** The body or query string is larger than `maxBytes`. */
export const tooLarge = (l: BodyLimits) =>
  refuse('too_large', `Request must not be larger than ${l.maxBytes} bytes!`);

/** The request has more fields than `maxKeys`. */
export const tooManyKeys = (l: BodyLimits) =>
  refuse('too_many_keys', `Request must not have more than ${l.maxKeys} fields!`);

/** A key path or JSON value nests deeper than `maxDepth`. */
export const tooDeep = (l: BodyLimits) =>
  refuse('too_deep', `Request fields must not nest deeper than ${l.maxDepth} levels!`);

/**
 * A key segment is one of {@link forbiddenKeys}. The key is one of three fixed words, so naming it echoes
 * nothing the client chose freely.
 */
export const forbiddenKey = (key: string) => refuse('forbidden_key', `Field name ${key} is not allowed!`);

/** The input is syntactically broken; `what` names the fault (`a malformed field name`, …). */
export const malformed = (what: string) => refuse('malformed', `Request contains ${what}!`);
