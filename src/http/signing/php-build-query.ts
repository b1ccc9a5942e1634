/**
 * PHP's `http_build_query` with its defaults (`&` between fields, RFC 1738 encoding, no numeric prefix): the
 * text whose MD5 OpenCart 4.1 signs. Nested arrays become `a%5Bb%5D%5B0%5D=…`; an empty array writes nothing.
 * @module
 */
import { isPhpArray, type PhpArray } from './php-array.js';

/** PHP's `urlencode` of a byte string: letters, digits, `-`, `_` and `.` stay, a space is `+`, the rest `%XY`. */
export function phpUrlEncode(byteString: string): string {
  return byteString.replace(/[^A-Za-z0-9_.-]/g, (c) =>
    c === ' ' ? '+' : `%${(c.charCodeAt(0) & 0xff).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** The `name=value` fields of `array`, names under `prefix` (already encoded) when it is nested. */
function fields(array: PhpArray, prefix: string | undefined): string[] {
  const out: string[] = [];
  for (const [key, value] of array.entries) {
    const name = prefix === undefined ? phpUrlEncode(key) : `${prefix}%5B${phpUrlEncode(key)}%5D`;
    if (isPhpArray(value)) out.push(...fields(value, name));
    else out.push(`${name}=${phpUrlEncode(value)}`);
  }
  return out;
}

/** `http_build_query($array)`. */
export function phpBuildQuery(array: PhpArray): string {
  return fields(array, undefined).join('&');
}
