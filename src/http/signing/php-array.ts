/**
 * PHP's ordered array, as far as a request's form needs it: string values and nested arrays, keys kept in
 * insertion order (a JS object would move integer-like keys to the front, and the order is signed), integer keys
 * told apart from string keys the way PHP tells them, and the next index `[]` appends at.
 * @module
 */

/** A value of a request's form: a string (bytes, see `php-bytes.ts`) or a nested array. */
export type PhpValue = string | PhpArray;

/** An ordered PHP array. Keys are byte strings; an integer key is its canonical decimal form. */
export interface PhpArray {
  readonly entries: Map<string, PhpValue>;
  /** The index `$a[] = …` writes next; undefined once it has passed PHP's largest integer (appends then fail). */
  next: bigint | undefined;
}

const PHP_INT_MAX = 9_223_372_036_854_775_807n;
const PHP_INT_MIN = -9_223_372_036_854_775_808n;

/** A new, empty array. */
export function createPhpArray(): PhpArray {
  return { entries: new Map(), next: 0n };
}

/** Whether a value is an array. */
export function isPhpArray(value: PhpValue | undefined): value is PhpArray {
  return typeof value === 'object';
}

/**
 * The key as an integer when PHP stores it as one: the canonical decimal form of a 64-bit integer (`"7"`,
 * `"-3"`; not `"07"`, `"-0"`, `"+1"` or `" 1"`); otherwise undefined, and the key stays a string.
 */
export function integerKey(key: string): bigint | undefined {
  if (!/^(?:0|-?[1-9]\d{0,18})$/.test(key)) return undefined;
  const value = BigInt(key);
  return value >= PHP_INT_MIN && value <= PHP_INT_MAX ? value : undefined;
}

/** Sets `array[key]`: an existing key keeps its place, a new one goes last. */
export function setEntry(array: PhpArray, key: string, value: PhpValue): void {
  array.entries.set(key, value);
  const index = integerKey(key);
  // PHP before 8.3 never appends below 0, whatever negative keys an array has.
  if (index !== undefined && array.next !== undefined && index >= array.next) {
    array.next = index < PHP_INT_MAX ? index + 1n : undefined;
  }
}

/** `array[] = value`; false (nothing stored) when no index is left, as PHP's append fails. */
export function appendEntry(array: PhpArray, value: PhpValue): boolean {
  if (array.next === undefined) return false;
  setEntry(array, String(array.next), value);
  return true;
}
