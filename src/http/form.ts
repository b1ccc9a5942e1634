/**
 * Our own small, bounded parser for request bodies and query strings.
 *
 * Form bodies and query strings use `application/x-www-form-urlencoded` with PHP's bracket notation
 * (`product[0][option][226]=15`, `option[223][]=8`) and OpenCart's dotted keys (`shipping_method.code`); JSON
 * bodies are accepted too. Every entry point checks the size first, then counts fields and nesting before it
 * builds anything, refuses the keys `__proto__`, `constructor` and `prototype`, builds only null-prototype
 * objects, and returns a {@link FormError} instead of throwing.
 *
 * This module holds the three entry points and re-exports the public types; the machinery lives by concept under
 * `./form/` (limits and types, refusals, size, form pairs, keys, the form tree, JSON).
 * @module
 */
import type { Result } from 'neverthrow';
import { splitPairs } from './form/encoded.js';
import { checkJsonNesting, copyJsonRoot, parseJsonText } from './form/json.js';
import { checkSize } from './form/size.js';
import { buildForm } from './form/tree.js';
import { type BodyLimits, defaultBodyLimits, type FormError, type FormObject } from './form/types.js';

export type {
  BodyLimits,
  FormArray,
  FormError,
  FormErrorReason,
  FormObject,
  FormScalar,
  FormValue,
} from './form/types.js';
export { defaultBodyLimits, formErrorToCheckoutError } from './form/types.js';

/**
 * Parses an `application/x-www-form-urlencoded` body into a tree.
 *
 * - `+` is a space, `%XX` escapes are decoded (UTF-8); a malformed escape is `malformed`. The key is decoded
 *   before it is split, so `a%5Bb%5D` is `a[b]` and `__pro%74o__` is refused like `__proto__`.
 * - `a[b][c]=1` nests; `a.b=1` equals `a[b]=1` (only the key's dots split, values keep theirs; dots inside
 *   brackets are part of that key). `a[]=1&a[]=2` builds the array `["1", "2"]`.
 * - Numeric indexes are object keys (`product[5]` → `"5"`), so error keys like `product_5_option_226` can use them.
 * - PHP semantics on conflicts: the later pair wins, whether it is a scalar replacing an object or array, or an
 *   object replacing a scalar. A named key on an array turns it into an object keyed by index; a push on an
 *   object appends at the next free integer key (`a[5]=x&a[]=y` → `{"5": "x", "6": "y"}`).
 * - Empty pairs (`a=1&&b=2`) and pairs with an empty name are skipped, as PHP does.
 */
export function parseFormEncoded(
  body: string,
  limits: BodyLimits = defaultBodyLimits,
): Result<FormObject, FormError> {
  return checkSize(body, limits)
    .andThen(() => splitPairs(body, limits))
    .andThen((pairs) => buildForm(pairs, limits));
}

/**
 * Parses a query string (with or without its leading `?`) by the rules of {@link parseFormEncoded}. A
 * `URLSearchParams` is serialised first, so its size and fields are checked the same way.
 */
export function parseQuery(
  search: string | URLSearchParams,
  limits: BodyLimits = defaultBodyLimits,
): Result<FormObject, FormError> {
  const text = typeof search === 'string' ? search : search.toString();
  return parseFormEncoded(text.startsWith('?') ? text.slice(1) : text, limits);
}

/**
 * Parses a JSON body into a tree with the same limits and key rules as forms.
 *
 * - The top level must be an object; an empty (or all-whitespace) body is an empty object, because clients that
 *   send `Content-Type: application/json` on every request (OpenCart's header set) send it on bodiless POSTs too.
 * - Scalars keep their JSON types (see {@link FormScalar}); arrays stay arrays. A member with an empty name is
 *   skipped, as an empty form name is.
 * - Object keys are split on dots like form keys (`{"shipping_method.code": "flat.flat"}` equals
 *   `{"shipping_method": {"code": "flat.flat"}}`), and objects meeting at one path are merged, later keys winning.
 * - Nesting is measured on the raw text before `JSON.parse` runs, so a deeply nested body never reaches it.
 * - Every member and every array element counts as one field against `maxKeys`; a value's depth is its path
 *   length, array indexes included (`{"a": [[1]]}` puts `1` at depth 3).
 */
export function parseJsonBody(
  body: string,
  limits: BodyLimits = defaultBodyLimits,
): Result<FormObject, FormError> {
  return checkSize(body, limits)
    .andThen(() => checkJsonNesting(body, limits))
    .andThen(() => parseJsonText(body))
    .andThen((value) => copyJsonRoot(value, limits));
}
