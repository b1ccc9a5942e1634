/**
 * The signature OpenCart 4.1 puts on an API request: base64 of HMAC-SHA1, keyed with the API user's secret,
 * over ten lines, each ending in `\n`: route, call, username, host, script directory, store id, language,
 * currency, the MD5 of the form (as `http_build_query` writes it), time. Computed with `@noble/hashes`
 * (plain JavaScript, synchronous, on every runtime), so the fetch handler stays free of Node imports.
 * @module
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { byteStringFromBytes, byteStringOf, bytesOf } from './php-bytes.js';

/** The ten values OpenCart signs, as PHP holds them (byte strings, see `php-bytes.ts`). */
export interface SignedParts {
  readonly route: string;
  readonly call: string;
  /** The stored username of the API user the request names. */
  readonly username: string;
  /** The `Host` header as sent (port included). */
  readonly host: string;
  /** The directory of the script the request addressed, ending in `/` (`/` for `/index.php`). */
  readonly path: string;
  /** `store_id` as PHP's `(int)` reads it. */
  readonly storeId: string;
  readonly language: string;
  readonly currency: string;
  /** MD5, in hex, of `http_build_query` of the cleaned form. */
  readonly formDigest: string;
  /** `time` as PHP's `(int)` reads it. */
  readonly time: string;
}

/** The text OpenCart signs (a byte string). */
export function signingString(parts: SignedParts): string {
  const { route, call, username, host, path, storeId, language, currency, formDigest, time } = parts;
  return [route, call, username, host, path, storeId, language, currency, formDigest, time]
    .map((line) => `${line}\n`)
    .join('');
}

/** base64(HMAC-SHA1(secret, text)): `secret` is text (used as UTF-8), `text` a byte string. */
export function signatureOf(secret: string, text: string): string {
  const mac = hmac(sha1, bytesOf(byteStringOf(secret)), bytesOf(text));
  return btoa(byteStringFromBytes(mac));
}

/**
 * Whether two signatures are the same, in a time that does not depend on where they differ (PHP's
 * `hash_equals`); a different length answers false at once, as it does there.
 */
export function sameSignature(expected: string, given: string): boolean {
  if (expected.length !== given.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return difference === 0;
}
