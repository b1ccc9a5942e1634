/**
 * Our own small, bounded parser for request bodies and query strings (DECISIONS.md rules 30 and 40).
 *
 * Form bodies and query strings use `application/x-www-form-urlencoded` with PHP's bracket notation
 * (`product[0][option][226]=15`, `option[223][]=8`) and the seed's dotted keys (`shipping_method.code`); JSON
 * bodies are accepted too. Every entry point checks the size first, then counts fields and nesting before it
 * builds anything, refuses the keys `__proto__`, `constructor` and `prototype`, builds only null-prototype
 * objects, and returns a {@link FormError} instead of throwing.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { type CheckoutError, checkoutError } from '../domain/errors.js';

// ---------------------------------------------------------------------------------------------------------------
// Types

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
 * A refused body or query string. The HTTP layer answers 413 for `too_large` and 400 for the other reasons
 * (rule 30); `message` is safe to show, it never echoes the input.
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

/** The limits of rule 30: 64 KiB, 1,000 fields, 5 levels. */
export const defaultBodyLimits: BodyLimits = Object.freeze({ maxBytes: 65_536, maxKeys: 1000, maxDepth: 5 });

/** Turns a refusal into the engine's error vocabulary: a validation error on the key `warning`. */
export function formErrorToCheckoutError(e: FormError): CheckoutError {
  return checkoutError('validation', { warning: e.message });
}

// ---------------------------------------------------------------------------------------------------------------
// Entry points

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
 *   send `Content-Type: application/json` on every request (the seed's header set) send it on bodiless POSTs too.
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

// ---------------------------------------------------------------------------------------------------------------
// Errors

const forbiddenKeys: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

function refuse(reason: FormErrorReason, message: string): Result<never, FormError> {
  return err({ reason, message });
}

const tooLarge = (l: BodyLimits) =>
  refuse('too_large', `Request must not be larger than ${l.maxBytes} bytes!`);
const tooManyKeys = (l: BodyLimits) =>
  refuse('too_many_keys', `Request must not have more than ${l.maxKeys} fields!`);
const tooDeep = (l: BodyLimits) =>
  refuse('too_deep', `Request fields must not nest deeper than ${l.maxDepth} levels!`);
// The key is one of three fixed words, so naming it echoes nothing the client chose freely.
const forbiddenKey = (key: string) => refuse('forbidden_key', `Field name ${key} is not allowed!`);
const malformed = (what: string) => refuse('malformed', `Request contains ${what}!`);

// ---------------------------------------------------------------------------------------------------------------
// Size

/** Refuses text over `maxBytes` UTF-8 bytes, without encoding it and without reading past the limit. */
function checkSize(text: string, limits: BodyLimits): Result<void, FormError> {
  return utf8LengthExceeds(text, limits.maxBytes) ? tooLarge(limits) : ok(undefined);
}

function utf8LengthExceeds(text: string, max: number): boolean {
  // Every UTF-16 unit takes at least one byte and at most three (a surrogate pair takes four for two units),
  // so the length alone decides most cases and a 10 MB string is refused without a scan.
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= max; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (isSurrogatePair(unit, text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3; // includes a lone surrogate, which UTF-8 encoders write as U+FFFD
  }
  return bytes > max;
}

function isSurrogatePair(high: number, low: number): boolean {
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

// ---------------------------------------------------------------------------------------------------------------
// Form: pairs, decoding, keys

interface RawPair {
  readonly name: string;
  readonly value: string;
}

/** Splits on `&` and counts the pairs before any of them is decoded or built. */
function splitPairs(body: string, limits: BodyLimits): Result<RawPair[], FormError> {
  const pieces = body === '' ? [] : body.split('&').filter((piece) => piece !== '');
  if (pieces.length > limits.maxKeys) return tooManyKeys(limits);
  return ok(pieces.map(splitPair));
}

function splitPair(piece: string): RawPair {
  const eq = piece.indexOf('=');
  return eq === -1 ? { name: piece, value: '' } : { name: piece.slice(0, eq), value: piece.slice(eq + 1) };
}

/** Form decoding: `+` is a space, then percent escapes as UTF-8. A bad escape is an error, not a crash. */
function decodeComponent(raw: string): Result<string, FormError> {
  const spaced = raw.includes('+') ? raw.replaceAll('+', ' ') : raw;
  if (!spaced.includes('%')) return ok(spaced);
  try {
    return ok(decodeURIComponent(spaced));
  } catch {
    return malformed('a malformed percent escape');
  }
}

/**
 * Splits a decoded key into its path: `a.b[c][]` → `["a", "b", "c", ""]`, where `""` stands for a push.
 * Refuses the path as soon as it grows past `maxDepth`, so a key with fifty brackets costs one short scan.
 */
function splitKey(key: string, limits: BodyLimits): Result<string[], FormError> {
  const path: string[] = [];
  let pos = 0;
  while (pos < key.length || path.length === 0) {
    const step = readSegment(key, pos, path.length === 0);
    if (step === undefined) return malformed('a malformed field name');
    const checked = checkSegment(step.segment, path.length, limits);
    if (checked.isErr()) return err(checked.error);
    path.push(step.segment);
    pos = step.next;
  }
  return ok(path);
}

interface Segment {
  readonly segment: string;
  readonly next: number;
}

/** Reads one segment at `pos`: the bare head, `.name`, or `[name]`. `undefined` when the syntax is broken. */
function readSegment(key: string, pos: number, head: boolean): Segment | undefined {
  if (!head && key[pos] === '[') return readBracket(key, pos);
  if (!head && key[pos] !== '.') return undefined; // text after `]` that starts no segment: `a[b]c`
  const start = head ? pos : pos + 1;
  const end = bareEnd(key, start);
  // Empty bare segments (`[a]`, `.a`, `a..b`, `a.`) name nothing.
  return end === start ? undefined : { segment: key.slice(start, end), next: end };
}

function readBracket(key: string, pos: number): Segment | undefined {
  // As in PHP, everything up to the first `]` is the key, dots and `[` included.
  const close = key.indexOf(']', pos + 1);
  return close === -1 ? undefined : { segment: key.slice(pos + 1, close), next: close + 1 };
}

/** Index of the first `[` or `.` at or after `start`, or the key's length. */
function bareEnd(key: string, start: number): number {
  let end = start;
  while (end < key.length && key[end] !== '[' && key[end] !== '.') end++;
  return end;
}

function checkSegment(segment: string, depthSoFar: number, limits: BodyLimits): Result<void, FormError> {
  if (depthSoFar >= limits.maxDepth) return tooDeep(limits);
  if (forbiddenKeys.has(segment)) return forbiddenKey(segment);
  return ok(undefined);
}

// ---------------------------------------------------------------------------------------------------------------
// Form: building the tree

/** The mutable shape built internally; it is structurally a {@link FormObject}, so it is returned as is. */
type Node = FormScalar | Obj | Node[];
interface Obj {
  [key: string]: Node;
}

/**
 * Pushes build objects keyed `"0"`, `"1"`, … that are turned into arrays once every pair is in (unless a named
 * key was set on them meanwhile). Keeping one container kind while building makes every conflict a plain
 * overwrite, with no parent pointers.
 */
interface Builder {
  readonly root: Obj;
  /** Objects built by pushes only: they become arrays at the end. */
  readonly lists: Set<Obj>;
  /** The next free integer key of each object that has one, as PHP tracks it for `[]`. */
  readonly nextIndex: Map<Obj, number>;
}

function buildForm(pairs: readonly RawPair[], limits: BodyLimits): Result<FormObject, FormError> {
  const builder: Builder = { root: newObj(), lists: new Set(), nextIndex: new Map() };
  for (const pair of pairs) {
    if (pair.name === '') continue;
    const added = addPair(builder, pair, limits);
    if (added.isErr()) return err(added.error);
  }
  finalizeLists(builder.root, builder.lists);
  return ok(builder.root);
}

function addPair(builder: Builder, pair: RawPair, limits: BodyLimits): Result<void, FormError> {
  const name = decodeComponent(pair.name);
  if (name.isErr()) return err(name.error);
  const value = decodeComponent(pair.value);
  if (value.isErr()) return err(value.error);
  return splitKey(name.value, limits).map((path) => setPath(builder, path, value.value));
}

function setPath(builder: Builder, path: readonly string[], value: string): void {
  let node = builder.root;
  for (let i = 0; i < path.length - 1; i++) {
    node = childContainer(builder, node, path[i] ?? '', path[i + 1] === '');
  }
  place(builder, node, path[path.length - 1] ?? '', value);
}

/** The object at `node[segment]`, made fresh (and marked as a list when a push follows) unless one is there. */
function childContainer(builder: Builder, node: Obj, segment: string, pushNext: boolean): Obj {
  const existing = segment === '' ? undefined : node[segment];
  if (isObj(existing)) {
    markKeyed(builder, node, segment);
    return existing;
  }
  const fresh = newObj();
  if (pushNext) builder.lists.add(fresh);
  place(builder, node, segment, fresh);
  return fresh;
}

/** Sets `node[segment]` (the later value wins), or appends at the next free index when `segment` is a push. */
function place(builder: Builder, node: Obj, segment: string, value: Node): void {
  const key = segment === '' ? String(builder.nextIndex.get(node) ?? 0) : segment;
  markKeyed(builder, node, segment);
  node[key] = value;
  const index = integerKey(key);
  if (index !== undefined && index >= (builder.nextIndex.get(node) ?? 0))
    builder.nextIndex.set(node, index + 1);
}

/** A named key on a push-built object makes it an object for good, as a PHP array with a string key. */
function markKeyed(builder: Builder, node: Obj, segment: string): void {
  if (segment !== '') builder.lists.delete(node);
}

/** The key as an array index (`"0"`, `"17"`; not `"01"` or `"-1"`), as PHP reads integer keys. */
function integerKey(key: string): number | undefined {
  if (!/^(?:0|[1-9]\d{0,14})$/.test(key)) return undefined;
  return Number(key);
}

/** Replaces every still-push-only object by an array of its values; recursion is bounded by `maxDepth`. */
function finalizeLists(node: Obj, lists: ReadonlySet<Obj>): void {
  for (const [key, child] of Object.entries(node)) {
    if (!isObj(child)) continue;
    finalizeLists(child, lists);
    // Push keys are 0, 1, 2, …, and integer keys enumerate in ascending order, so values come in push order.
    if (lists.has(child)) node[key] = Object.values(child);
  }
}

function newObj(): Obj {
  return Object.create(null) as Obj;
}

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------------------------
// JSON

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
