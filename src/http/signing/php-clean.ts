/**
 * OpenCart's `Request::clean`, which every value of `$_GET` and `$_POST` goes through before anything reads it
 * (the signature included): each string, key or value, is HTML-escaped (`htmlspecialchars` with `ENT_COMPAT`
 * in UTF-8) and then trimmed.
 * @module
 */
import { createPhpArray, isPhpArray, type PhpArray, type PhpValue, setEntry } from './php-array.js';
import { utf8TextOf } from './php-bytes.js';

/** What PHP's `trim` removes by default: space, tab, newline, carriage return, NUL and vertical tab. */
const TRIMMED = /^[ \t\n\r\0\v]+|[ \t\n\r\0\v]+$/g;

/** `&`, `"`, `<` and `>` as HTML entities; single quotes stay (`ENT_COMPAT`). */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/**
 * One string, cleaned. `htmlspecialchars` answers an empty string for bytes that are not well-formed UTF-8;
 * the characters it replaces are ASCII, so replacing them in the byte string changes no other byte.
 */
export function cleanString(byteString: string): string {
  if (utf8TextOf(byteString) === undefined) return '';
  return byteString.replace(/[&"<>]/g, (c) => ENTITIES[c] ?? c).replace(TRIMMED, '');
}

/**
 * An array, cleaned. OpenCart walks the array as it was, removing each key and writing the cleaned one back, so
 * an entry normally keeps its place (every key moves to the end in turn). When two keys clean to the same text,
 * that order of removals and writes decides which value survives, and it is followed here step by step. (An
 * original entry a write lands on is removed by its own turn later, so starting from an empty array ends the
 * same as starting from a copy.)
 */
export function cleanArray(array: PhpArray): PhpArray {
  const cleaned = createPhpArray();
  for (const [key, value] of array.entries) {
    cleaned.entries.delete(key);
    setEntry(cleaned, cleanString(key), cleanValue(value));
  }
  return cleaned;
}

/** A value, cleaned. */
export function cleanValue(value: PhpValue): PhpValue {
  return isPhpArray(value) ? cleanArray(value) : cleanString(value);
}
