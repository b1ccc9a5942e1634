/**
 * Canonical JSON: the text confirm's fingerprint is hashed from. Equal values always give equal text, whatever
 * order their keys were written in, so a repeated confirm of the same content is recognised as a replay.
 * @module
 */
/**
 * JSON with object keys sorted at every level: equal values always give equal text. The keys that are array
 * indices (`"208"`) come first, in numeric order, then the others in code-unit order: the order `JSON.stringify`
 * writes an object with sorted keys in, which fingerprints already stored were written with.
 */
export function canonicalJson(value: unknown): string {
  // As `JSON.stringify`, undefined for a value JSON leaves out (the fingerprints never write one).
  return writeCanonical(value, '') as string;
}

/** The largest array index: keys up to it are enumerated before all others, in numeric order. */
const MAX_ARRAY_INDEX = 2 ** 32 - 2;

/** Whether `key` is an array index (`"0"`, `"208"`; not `"007"` or `"-1"`). */
function isArrayIndex(key: string): boolean {
  if (!/^(?:0|[1-9]\d*)$/.test(key)) return false;
  return Number(key) <= MAX_ARRAY_INDEX;
}

/** Whether some key of `keys` starts with a digit (only those can be array indices). */
function hasDigitKey(keys: readonly string[]): boolean {
  for (const key of keys) {
    const first = key.charCodeAt(0);
    if (first >= 48 && first <= 57) return true;
  }
  return false;
}

/** `keys` in canonical order (see {@link canonicalJson}): the list itself, sorted, or a new one. */
function sortedKeys(keys: string[]): readonly string[] {
  // Most objects have no index keys: their names sort as they are (the default sort compares code units).
  if (!hasDigitKey(keys)) return keys.sort();
  const indices = keys.filter(isArrayIndex).sort((a, b) => Number(a) - Number(b));
  const names = keys.filter((key) => !isArrayIndex(key)).sort();
  return indices.length === 0 ? names : [...indices, ...names];
}

/** The keys of an object in canonical order (see {@link canonicalJson}). */
function canonicalKeys(item: object): readonly string[] {
  return sortedKeys(Object.keys(item));
}

/** Whether JSON writes `text` as it is between quotes: no quote, backslash, control character or surrogate. */
function isPlain(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20 || unit === 0x22 || unit === 0x5c || (unit >= 0xd800 && unit <= 0xdfff)) return false;
  }
  return true;
}

/**
 * `text` as a JSON string, as `JSON.stringify` writes it. Most texts (keys, names, amounts) need no escape:
 * quoted as they are, they are written without the general escaper, which is most of the cost of a fingerprint.
 */
export function quoted(text: string): string {
  return isPlain(text) ? `"${text}"` : JSON.stringify(text);
}

/** `value` written as {@link canonicalJson} writes it; undefined for what JSON leaves out. */
function writeCanonical(value: unknown, key: string | number): string | undefined {
  if (typeof value === 'string') return quoted(value);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON !== 'function') return writeStructure(value);
  const item: unknown = toJSON.call(value, String(key));
  return item === null || typeof item !== 'object' ? JSON.stringify(item) : writeStructure(item);
}

/** An array or object (after `toJSON`) written as {@link canonicalJson} writes it. */
function writeStructure(item: object): string {
  if (Array.isArray(item)) {
    let text = '[';
    for (let i = 0; i < item.length; i += 1) {
      if (i > 0) text += ',';
      text += writeCanonical(item[i], i) ?? 'null';
    }
    return `${text}]`;
  }
  let text = '{';
  let first = true;
  for (const name of canonicalKeys(item)) {
    const written = writeCanonical((item as Record<string, unknown>)[name], name);
    if (written === undefined) continue;
    text += first ? `${quoted(name)}:${written}` : `,${quoted(name)}:${written}`;
    first = false;
  }
  return `${text}}`;
}
