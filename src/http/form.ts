/**
 * Our own small, bounded parser for `application/x-www-form-urlencoded` bodies and query strings, with PHP's
 * bracket notation (`product[0][option][226]=15`, `option[223][]=8`) and OpenCart's dotted keys
 * (`shipping_method.code`).
 *
 * A parse checks the size first, then counts the pairs before it decodes any of them, then splits each key into
 * its path (refusing it as soon as it grows past `maxDepth` or names `__proto__`, `constructor` or `prototype`),
 * and builds a tree of null-prototype objects. It returns a {@link FormError} instead of throwing.
 *
 * The size check and the tree's objects are shared with the JSON body parser (`./form/json.ts`), which keeps the
 * same limits and key rules; the public types, the limits and the refusals are in `./form/types.ts` and
 * `./form/refusals.ts`.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { forbiddenKey, forbiddenKeys, malformed, tooDeep, tooLarge, tooManyKeys } from './form/refusals.js';
import {
  type BodyLimits,
  defaultBodyLimits,
  type FormError,
  type FormObject,
  type FormScalar,
} from './form/types.js';

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

// The size limit: the first check of every parse, forms and JSON alike. It is answered without encoding the text
// and without reading past the limit, so a huge body is refused in constant time when its UTF-16 length alone
// decides, and with a scan that stops at the limit otherwise.

/** Refuses text over `maxBytes` UTF-8 bytes, without encoding it and without reading past the limit. */
export function checkSize(text: string, limits: BodyLimits): Result<void, FormError> {
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

// The tree being built, by forms here and by JSON in `./form/json.ts`. Every object is created without a
// prototype, so no key can reach `Object.prototype`; the finished tree is structurally a `FormObject` and is
// returned as is, with no copy.

/** The mutable shape built internally; it is structurally a `FormObject`, so it is returned as is. */
export type Node = FormScalar | Obj | Node[];

/** A mutable, null-prototype object of the tree being built. */
export interface Obj {
  [key: string]: Node;
}

/** A fresh object with no prototype. */
export function newObj(): Obj {
  return Object.create(null) as Obj;
}

/** Whether `value` is an object of the tree (not `null`, not an array). */
export function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The encoded layer: a body is split into `name=value` pairs, counted against `maxKeys` before anything is
// decoded, and each component is decoded only when its pair is placed.

/** One `name=value` piece of a form body, still percent-encoded. */
interface RawPair {
  /** The encoded name: everything before the first `=`. */
  readonly name: string;
  /** The encoded value: everything after the first `=`, or `''` when there is none. */
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

// Key paths: a decoded key such as `a.b[c][]` becomes the path `["a", "b", "c", ""]`, where `""` stands for a
// push. Bracket and dot notation mix freely (PHP's brackets, OpenCart's dots); each segment is checked against
// `maxDepth` and the forbidden keys as it is read, so a hostile key is refused after one short scan.

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

// The tree of a form, with PHP's semantics: the later pair wins on every conflict, pushes (`a[]`) append at the
// next free integer key, and objects built by pushes alone become arrays once every pair is in.

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

/**
 * Decodes every pair, splits its key and places its value; pairs with an empty name are skipped, as PHP does.
 * The first refused key or malformed escape refuses the whole body.
 */
function buildForm(pairs: readonly RawPair[], limits: BodyLimits): Result<FormObject, FormError> {
  const builder: Builder = { root: newObj(), lists: new Set(), nextIndex: new Map() };
  for (const pair of pairs) {
    if (pair.name === '') continue;
    const added = addPair(builder, pair, limits);
    if (added.isErr()) return err(added.error);
  }
  if (builder.lists.size > 0) finalizeLists(builder.root, builder.lists);
  return ok(builder.root);
}

function addPair(builder: Builder, pair: RawPair, limits: BodyLimits): Result<void, FormError> {
  const name = decodeComponent(pair.name);
  if (name.isErr()) return err(name.error);
  const value = decodeComponent(pair.value);
  if (value.isErr()) return err(value.error);
  if (isPlainKey(name.value, limits)) {
    // The path of a plain key is the key alone, at the top, where no push ever lands.
    builder.root[name.value] = value.value;
    return ok(undefined);
  }
  return splitKey(name.value, limits).map((path) => setPath(builder, path, value.value));
}

/** Whether `key` is one allowed top-level segment: no bracket or dot, not a forbidden word, depth allowed. */
function isPlainKey(key: string, limits: BodyLimits): boolean {
  return limits.maxDepth >= 1 && !key.includes('[') && !key.includes('.') && !forbiddenKeys.has(key);
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
