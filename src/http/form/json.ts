/**
 * The JSON body parser: the same limits and key rules as the form parser (`../form.ts`), whose size check and
 * null-prototype tree it shares. Nesting is measured on the raw text before `JSON.parse` runs, then the parsed
 * value is copied into the tree, counting every member and element against `maxKeys`, checking every path
 * against `maxDepth` and the forbidden keys, splitting dotted keys like form keys and merging objects that meet
 * at one path (later members winning).
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { checkSize, isObj, type Node, newObj, type Obj } from '../form.js';
import { forbiddenKey, forbiddenKeys, malformed, refuse, tooDeep, tooManyKeys } from './refusals.js';
import {
  type BodyLimits,
  defaultBodyLimits,
  type FormError,
  type FormObject,
  type FormScalar,
} from './types.js';

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

/**
 * Measures bracket nesting outside strings. A container at nesting `n` is a value at path length `n - 1`, so
 * nesting beyond `maxDepth + 1` is refused here, before `JSON.parse` could recurse into it.
 */
function checkJsonNesting(text: string, limits: BodyLimits): Result<void, FormError> {
  let nesting = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (++nesting > limits.maxDepth + 1) return tooDeep(limits);
    } else if (ch === '}' || ch === ']') nesting--;
  }
  return ok(undefined);
}

/** Parses the text; an empty or all-whitespace body is an empty object, broken JSON is `malformed`. */
function parseJsonText(text: string): Result<unknown, FormError> {
  if (text.trim() === '') return ok({});
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return malformed('malformed JSON');
  }
}

interface JsonContext {
  readonly limits: BodyLimits;
  keys: number;
}

/** Copies a parsed JSON value into a tree; the top level must be an object. */
function copyJsonRoot(value: unknown, limits: BodyLimits): Result<FormObject, FormError> {
  if (!isObj(value)) return refuse('malformed', 'Request body must be a JSON object!');
  return copyJsonObject(value, 0, { limits, keys: 0 });
}

/** Copies any JSON value found at path length `depth`. */
function copyJsonValue(value: unknown, depth: number, ctx: JsonContext): Result<Node, FormError> {
  if (Array.isArray(value)) return copyJsonArray(value, depth, ctx);
  if (isObj(value)) return copyJsonObject(value, depth, ctx);
  // JSON.parse yields only strings, finite or infinite numbers, booleans and null besides containers.
  return ok(value as FormScalar);
}

function copyJsonArray(
  items: readonly unknown[],
  depth: number,
  ctx: JsonContext,
): Result<Node[], FormError> {
  const copy: Node[] = [];
  for (const item of items) {
    const counted = countJsonKey(depth + 1, ctx);
    if (counted.isErr()) return err(counted.error);
    const element = copyJsonValue(item, depth + 1, ctx);
    if (element.isErr()) return err(element.error);
    copy.push(element.value);
  }
  return ok(copy);
}

function copyJsonObject(source: Obj, depth: number, ctx: JsonContext): Result<Obj, FormError> {
  const target = newObj();
  // Object.entries lists an own `__proto__` member too (JSON.parse creates it as plain data), so it is refused.
  for (const [key, value] of Object.entries(source)) {
    if (key === '') continue; // as an empty form name is
    const path = splitJsonKey(key, depth, ctx);
    if (path.isErr()) return err(path.error);
    const child = copyJsonValue(value, depth + path.value.length, ctx);
    if (child.isErr()) return err(child.error);
    assignJson(target, path.value, child.value);
  }
  return ok(target);
}

/** Counts one member or element and checks the path length it sits at. */
function countJsonKey(depth: number, ctx: JsonContext): Result<void, FormError> {
  ctx.keys++;
  if (ctx.keys > ctx.limits.maxKeys) return tooManyKeys(ctx.limits);
  if (depth > ctx.limits.maxDepth) return tooDeep(ctx.limits);
  return ok(undefined);
}

/** A JSON key as a path: split on dots like a form key; brackets are not read in JSON. */
function splitJsonKey(key: string, depth: number, ctx: JsonContext): Result<string[], FormError> {
  const path = key.split('.');
  if (path.some((segment) => segment === '')) return malformed('a malformed field name');
  const counted = countJsonKey(depth + path.length, ctx);
  if (counted.isErr()) return err(counted.error);
  const forbidden = path.find((segment) => forbiddenKeys.has(segment));
  return forbidden === undefined ? ok(path) : forbiddenKey(forbidden);
}

/** Sets `value` at `path`, descending into objects already there and merging object into object. */
function assignJson(target: Obj, path: readonly string[], value: Node): void {
  let node = target;
  for (const segment of path.slice(0, -1)) {
    const existing = node[segment];
    if (isObj(existing)) node = existing;
    else {
      const fresh = newObj();
      node[segment] = fresh;
      node = fresh;
    }
  }
  const last = path[path.length - 1] ?? '';
  const existing = node[last];
  if (isObj(existing) && isObj(value)) mergeInto(existing, value);
  else node[last] = value;
}

/** Deep merge, later members winning; both trees are already depth-checked, which bounds the recursion. */
function mergeInto(target: Obj, source: Obj): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (isObj(existing) && isObj(value)) mergeInto(existing, value);
    else target[key] = value;
  }
}
