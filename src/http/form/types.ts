/**
 * The public vocabulary of the request parser: the shapes a parsed form, query string or JSON body takes, the
 * reasons a request can be refused, the limits every parse enforces, and the bridge from a refusal to the
 * engine's own error type. Nothing here parses; `src/http/form.ts` re-exports all of it.
 * @module
 */
import { type CheckoutError, checkoutError } from '../../domain/errors.js';

/**
 * A leaf of a parsed request. Form bodies and query strings only ever produce strings; JSON bodies keep their
 * scalars as JSON typed them (`1` stays a number, `true` a boolean, `null` stays `null`), so schemas downstream
 * accept numeric strings and numbers for ids, and `"0"`/`"false"`/`""`/`false` for booleans.
 */
export type FormScalar = string | number | boolean | null;

/** Any value of a parsed request: a scalar, a nested object, or an array. */
export type FormValue = FormScalar | FormObject | FormArray;

/**
 * An array of a parsed request: from `[]` pushes (`option[223][]=8`) or a JSON array. Arrays keep the ordinary
 * array prototype (downstream code maps over them); their only keys are indexes, so they cannot be polluted.
 */
export type FormArray = readonly FormValue[];

/**
 * An object of a parsed request. Always created with `Object.create(null)`: it has no prototype, so no key can
 * reach `Object.prototype`. Numeric bracket indexes stay string keys (`product[5]` → key `"5"`), as in PHP.
 */
export interface FormObject {
  readonly [key: string]: FormValue;
}

/** Why a request body or query string was refused. */
export type FormErrorReason = 'too_large' | 'too_many_keys' | 'too_deep' | 'forbidden_key' | 'malformed';

/**
 * A refused body or query string. The HTTP layer answers 413 for `too_large` and 400 for the other reasons;
 * `message` is safe to show, it never echoes the input.
 */
export interface FormError {
  readonly reason: FormErrorReason;
  readonly message: string;
}

/** The bounds every parse enforces. */
export interface BodyLimits {
  /** Largest body or query string, in UTF-8 bytes. */
  readonly maxBytes: number;
  /** Most fields: form pairs, or JSON object members plus array elements. */
  readonly maxKeys: number;
  /** Longest key path: `a` is 1, `product[0][option][226]` is 4, `option[223][]` is 3. */
  readonly maxDepth: number;
}

/** The default limits: 64 KiB, 1,000 fields, 5 levels. */
export const defaultBodyLimits: BodyLimits = Object.freeze({ maxBytes: 65_536, maxKeys: 1000, maxDepth: 5 });

/** Turns a refusal into the engine's error vocabulary: a validation error on the key `warning`. */
export function formErrorToCheckoutError(e: FormError): CheckoutError {
  return checkoutError('validation', { warning: e.message });
}
