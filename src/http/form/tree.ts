/**
 * Builds the tree of a form body from its raw pairs, with PHP's semantics: the later pair wins on every
 * conflict, pushes (`a[]`) append at the next free integer key, and objects built by pushes alone become arrays
 * once every pair is in.
 * @module
 */
import { err, ok, type Result } from 'neverthrow';
import { decodeComponent, type RawPair } from './encoded.js';
import { splitKey } from './keys.js';
import { isObj, type Node, newObj, type Obj } from './node.js';
import { forbiddenKeys } from './refusals.js';
import type { BodyLimits, FormError, FormObject } from './types.js';

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
export function buildForm(pairs: readonly RawPair[], limits: BodyLimits): Result<FormObject, FormError> {
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
