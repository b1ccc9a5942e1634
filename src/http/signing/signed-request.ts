/**
 * Reading a signed request: the parameters OpenCart 4.1's clients put in the query, taken as PHP and OpenCart
 * take them (`$_GET` through `Request::clean`, `store_id` and `time` through `(int)`), the `Host` header, the
 * directory of the script addressed, and the digest of the form body, ready to be signed again and compared.
 * @module
 */

import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { isPhpArray, type PhpArray } from './php-array.js';
import { phpBuildQuery } from './php-build-query.js';
import { byteStringOf, bytesOf, utf8TextOf } from './php-bytes.js';
import { cleanArray, cleanString } from './php-clean.js';
import { readPhpInput } from './php-input.js';
import { phpIntCast } from './php-int.js';
import type { SignedParts } from './signature.js';

/** The query parameters a signed request carries, all required (OpenCart refuses a request without any). */
export const signingParameters = [
  'route',
  'call',
  'username',
  'store_id',
  'language',
  'currency',
  'time',
  'signature',
] as const;

/** A signed request, read. */
export interface SignedRequest {
  /** The username, as text: the API user to look up. */
  readonly username: string;
  /** What is signed, but the username: the stored one is signed, as OpenCart does. */
  readonly parts: Omit<SignedParts, 'username'>;
  /** The `signature` parameter, URL-decoded once more as OpenCart does (its `+` stay). */
  readonly signature: string;
  /** `time` in seconds since the epoch, as `(int)` read it. */
  readonly time: number;
}

/** What the request holds that a signature covers. */
export interface SignedSource {
  /** The request URL (its query and its path). */
  readonly url: URL;
  /** The `Host` header as sent; the URL's host when the header is missing. */
  readonly host: string | null;
  /**
   * The body as PHP would read it into `$_POST`: the text of a form-encoded body, `''` when there is none.
   * Other bodies (JSON) are never given here: PHP reads nothing of them, so a signature could not cover them.
   */
  readonly form: string;
}

/** PHP's `dirname` of an absolute path: the part before the last `/`, trailing slashes ignored, `/` at least. */
function phpDirname(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  const parent = cut <= 0 ? '/' : trimmed.slice(0, cut).replace(/\/+$/, '');
  return parent === '' ? '/' : parent;
}

/**
 * The script directory OpenCart signs: `rtrim(dirname(PHP_SELF), '/') . '/'`. `PHP_SELF` is the decoded path
 * of the script; a path ending in `/` is a directory, whose script is its `index.php`.
 */
export function scriptDirectory(url: URL): string {
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A path whose escapes do not decode is signed as it was sent.
  }
  const script = path.endsWith('/') ? `${path}index.php` : path;
  return `${phpDirname(cleanString(byteStringOf(script))).replace(/\/+$/, '')}/`;
}

/** MD5 of `http_build_query` of the body as OpenCart holds it (`$_POST` after `Request::clean`). */
export function formDigest(form: string): string {
  return bytesToHex(md5(bytesOf(phpBuildQuery(cleanArray(readPhpInput(byteStringOf(form), 'post'))))));
}

/** PHP's `rawurldecode`: `%XY` as its byte, `+` left alone. */
function rawUrlDecode(value: string): string {
  return value.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** The cleaned string values of `$_GET` a signature needs, or undefined when one is missing or is an array. */
function signingValues(query: PhpArray): Record<(typeof signingParameters)[number], string> | undefined {
  const values: Partial<Record<(typeof signingParameters)[number], string>> = {};
  for (const name of signingParameters) {
    const value = query.entries.get(name);
    if (value === undefined || isPhpArray(value)) return undefined;
    values[name] = value;
  }
  return values as Record<(typeof signingParameters)[number], string>;
}

/**
 * The signed request `source` holds, or undefined when its query lacks one of {@link signingParameters} (or
 * gives one as an array, which OpenCart could not sign either).
 */
export function readSignedRequest(source: SignedSource): SignedRequest | undefined {
  const query = cleanArray(readPhpInput(byteStringOf(source.url.search.slice(1)), 'get'));
  const values = signingValues(query);
  if (values === undefined) return undefined;
  const time = phpIntCast(values.time);
  return {
    username: utf8TextOf(values.username) ?? '',
    parts: {
      route: values.route,
      call: values.call,
      host: cleanString(source.host ?? source.url.host),
      path: scriptDirectory(source.url),
      storeId: phpIntCast(values.store_id),
      language: values.language,
      currency: values.currency,
      formDigest: formDigest(source.form),
      time,
    },
    signature: rawUrlDecode(values.signature),
    time: Number(time),
  };
}
