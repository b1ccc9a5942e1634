/**
 * What a fuzzed request means: a tree of parameters (JSON-like, with two extra leaves), independent of how it is
 * spelled on the wire. The encoders (`encode.ts`) write a tree as a form, a query string or JSON; the model reads
 * the tree as the server will see it ({@link seenAs}), so that it can say what an accepted request must do.
 */

/**
 * A number as a JSON client might spell it: `1e308`, `-0`, `1.0`, `1E2`, or something JSON does not allow
 * (`NaN`, `Infinity`, `0x10`, `+1`), which makes the whole body malformed.
 */
export class Spelled {
  constructor(readonly text: string) {}
  /** The number JSON reads, or `undefined` when the spelling is not JSON. */
  get value(): number | undefined {
    try {
      const parsed: unknown = JSON.parse(this.text);
      return typeof parsed === 'number' ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * A value the run supplies when the request is sent: a cart line's id or an order id the model knows (the
 * `index`-th, modulo how many there are), so that generated requests can name lines and orders that exist; or
 * the API key (`index` 0) or a near miss of it (any other `index`).
 */
export class Ref {
  constructor(
    readonly kind: 'cart' | 'order' | 'key',
    readonly index: number,
  ) {}
}

/** A leaf of a parameter tree. */
export type Leaf = string | number | boolean | null | Spelled | Ref;

/** A parameter tree: leaves, lists and objects (keys never `__proto__`, `constructor` or `prototype`). */
export type Tree = Leaf | readonly Tree[] | { readonly [key: string]: Tree };

/** The parameters of a request: an object at the top. */
export type Params = { readonly [key: string]: Tree };

/** Whether a tree is an object (not a list, not a leaf). */
export function isRecord(tree: Tree | undefined): tree is { readonly [key: string]: Tree } {
  return (
    typeof tree === 'object' &&
    tree !== null &&
    !Array.isArray(tree) &&
    !(tree instanceof Spelled) &&
    !(tree instanceof Ref)
  );
}

/** Whether a tree is a list. */
export function isList(tree: Tree | undefined): tree is readonly Tree[] {
  return Array.isArray(tree);
}

/** A fresh object without a prototype, so that any key is plain data. */
export function bare<T>(entries: Iterable<readonly [string, T]>): { [key: string]: T } {
  const target: { [key: string]: T } = Object.create(null);
  for (const [key, value] of entries) target[key] = value;
  return target;
}

/** The tree with every {@link Ref} replaced by what `resolve` gives for it. */
export function resolveRefs(tree: Tree, resolve: (ref: Ref) => Leaf): Tree {
  if (tree instanceof Ref) return resolve(tree);
  if (isList(tree)) return tree.map((item) => resolveRefs(item, resolve));
  if (isRecord(tree))
    return bare(Object.entries(tree).map(([k, v]) => [k, resolveRefs(v, resolve)] as const));
  return tree;
}

/**
 * The scalar text a form carries for a leaf: strings as they are, numbers as JavaScript writes them (a spelled
 * number as spelled), booleans as `1` and `0`, null as the empty string.
 */
export function formText(leaf: Leaf): string {
  if (leaf instanceof Spelled) return leaf.text;
  if (leaf instanceof Ref) throw new Error('a reference must be resolved before it is encoded');
  if (leaf === null) return '';
  if (typeof leaf === 'boolean') return leaf ? '1' : '0';
  return String(leaf);
}

/** A value as the server's parser hands it to an operation. */
export type Seen = string | number | boolean | null | readonly Seen[] | { readonly [key: string]: Seen };

/**
 * The tree as the server sees it after parsing: for a form or query, every leaf is its {@link formText} and empty
 * lists and objects vanish (they write no pair); for JSON, a spelled number is the number JSON reads. Lists stay
 * lists: where the server gets an object keyed `0`, `1`, … instead (a form's indexed list), every operation reads
 * it as that list.
 */
export function seenAs(tree: Tree, encoding: 'form' | 'json'): Seen | undefined {
  if (tree instanceof Spelled) return encoding === 'form' ? tree.text : (tree.value ?? null);
  if (tree instanceof Ref) throw new Error('a reference must be resolved before it is read');
  if (isList(tree)) {
    const items = tree.map((item) => seenAs(item, encoding)).filter((item) => item !== undefined);
    return encoding === 'form' && items.length === 0 ? undefined : items;
  }
  if (isRecord(tree)) {
    const entries = Object.entries(tree)
      .map(([key, value]) => [key, seenAs(value, encoding)] as const)
      .filter((entry): entry is readonly [string, Seen] => entry[1] !== undefined);
    return encoding === 'form' && entries.length === 0 ? undefined : bare(entries);
  }
  return encoding === 'form' ? formText(tree) : tree;
}

/** {@link seenAs} for a whole parameter object (always an object, possibly empty). */
export function paramsSeenAs(params: Params, encoding: 'form' | 'json'): { readonly [key: string]: Seen } {
  const seen = seenAs(params, encoding);
  return seen !== undefined && typeof seen === 'object' && seen !== null && !Array.isArray(seen)
    ? (seen as { readonly [key: string]: Seen })
    : bare([]);
}
