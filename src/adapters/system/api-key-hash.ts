/**
 * Making, hashing and checking API keys.
 *
 * An API key is a high-entropy secret, not a password: at least {@link minApiKeyLength} characters, and
 * {@link generateApiKey} makes 256-bit ones. Nobody can guess such a key, so it needs no slow hash: it is stored
 * as its SHA-256 digest (`sha256$<hex>`) and checked in constant time, in microseconds. (A slow hash such as
 * scrypt protects a guessable password whose hash leaked; against guessing online, the login throttle stands.)
 *
 * Hashes of the earlier format, `scrypt$<salt>$<hash>`, still verify, whatever the length of their key, so an
 * upgrade locks nobody out; replace them with a new key's `sha256$` hash when you can (see the changelog).
 *
 * A key is compared exactly: a key containing a NUL is never accepted and none is hashed (scrypt pads a key
 * shorter than 64 bytes with zero bytes, so `key` and `key` followed by NULs would derive the same hash), and
 * neither is one with a lone surrogate (UTF-8 cannot encode it: it would hash as U+FFFD does).
 *
 * Nothing here imports `node:crypto`: keys are made with Web Crypto's random values and hashed with the
 * runtime's own synchronous SHA-256 where it hands one over, else `@noble/hashes`' (plain JavaScript), so they
 * work on every runtime, edge runtimes included. Only an old `scrypt$` hash needs `node:crypto`, loaded when one
 * is checked (Node, Bun, Deno, Workers with `nodejs_compat`).
 * @module
 */
import { sha256Hex } from '../../domain/sha256-hex.js';
import { base64url, fromBase64url, randomBytes, sameBytes, sameText } from './web-crypto.js';

/** The fewest characters an API key may have: 32 (`generateApiKey()` makes 43). */
export const minApiKeyLength = 32;

const SHA256 = 'sha256';
const SHA256_HEX = /^[0-9a-f]{64}$/;
const GENERATED_BYTES = 32;

const SCRYPT = 'scrypt';
const SCRYPT_HASH_BYTES = 32;
/** Bounds on what a stored scrypt hash may declare, so a crafted one cannot make scrypt derive megabytes. */
const SCRYPT_MIN_BYTES = 16;
const SCRYPT_MAX_BYTES = 64;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** A UTF-16 code unit of half a surrogate pair, alone. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * A new API key: 32 random bytes (256 bits) as base64url, 43 characters of `A-Z a-z 0-9 - _`, safe in a form, a
 * URL, a header or an environment variable as they are.
 *
 * @example
 * ```ts
 * const key = generateApiKey(); // give it to the client, once
 * const user = { apiId: 1, username: 'shop', keyHash: hashApiKey(key), status: true, ips: ['203.0.113.7'] };
 * ```
 */
export function generateApiKey(): string {
  return base64url(randomBytes(GENERATED_BYTES));
}

/** The number of characters (code points) of `key`. */
function characters(key: string): number {
  let count = 0;
  for (const _ of key) count += 1;
  return count;
}

/** Why `key` cannot be an API key, or undefined when it can. */
function keyFault(key: string): string | undefined {
  if (key.includes('\0')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(key)) return 'must be well-formed text (no lone surrogate)';
  const length = characters(key);
  if (length < minApiKeyLength) {
    return `must be at least ${minApiKeyLength} characters long, got ${length} (generateApiKey() makes one)`;
  }
  return undefined;
}

/** The SHA-256 digest of the key's UTF-8 bytes, in lower-case hex. */
function digest(key: string): string {
  return sha256Hex(key);
}

/**
 * Hashes an API key for storage in `ApiUser.keyHash`: `sha256$<hex>`, the SHA-256 digest of its UTF-8 bytes in
 * 64 lower-case hex digits. The same key always gives the same hash (a 256-bit key needs no salt: there is no
 * table of likely keys to look it up in). Throws a `RangeError` saying why for a key that is not a string, is
 * shorter than {@link minApiKeyLength} characters, or contains a NUL or a lone surrogate (see the module notes):
 * an API user is never set up with a key that could be guessed or told apart from another.
 */
export function hashApiKey(key: string): string {
  if (typeof key !== 'string') throw new RangeError('cartwright: an API key must be a string');
  const fault = keyFault(key);
  if (fault !== undefined) throw new RangeError(`cartwright: an API key ${fault}`);
  return `${SHA256}$${digest(key)}`;
}

/** The bytes of one base64url field of a scrypt hash, or undefined when not canonical or of an odd length. */
function decodeField(field: string | undefined): Uint8Array | undefined {
  if (field === undefined || !BASE64URL.test(field)) return undefined;
  const bytes = fromBase64url(field);
  if (bytes === undefined) return undefined;
  return bytes.length >= SCRYPT_MIN_BYTES && bytes.length <= SCRYPT_MAX_BYTES ? bytes : undefined;
}

/** Salt and hash of a well-formed `scrypt$<salt>$<hash>`, or undefined. */
function parseScrypt(fields: readonly string[]): { salt: Uint8Array; hash: Uint8Array } | undefined {
  const [saltField, hashField, ...rest] = fields;
  if (rest.length > 0) return undefined;
  const salt = decodeField(saltField);
  const hash = decodeField(hashField);
  // The length is fixed, never read from the stored text: scrypt's output for a shorter length is a prefix of
  // the longer one, so a truncated hash would otherwise still verify.
  if (salt === undefined || hash === undefined || hash.length !== SCRYPT_HASH_BYTES) return undefined;
  return { salt, hash };
}

/** The part of `node:crypto` an old hash needs. */
type NodeCrypto = Pick<typeof import('node:crypto'), 'scrypt'>;

/**
 * The module scrypt comes from, named in a variable and marked for bundlers to leave alone: a bundler for an edge
 * runtime or a browser would otherwise try to bring `node:crypto` in, which those do not have.
 */
const nodeCrypto = 'node:crypto';

/**
 * scrypt on libuv's thread pool: a login never blocks the event loop for the ~50 ms a derivation takes. Success
 * is an absent error, whichever way the runtime says it (node passes null, Bun undefined). `node:crypto` is
 * loaded here, on the first check of an old hash, so that nothing else needs it.
 */
async function derive(key: string, salt: Uint8Array): Promise<Uint8Array> {
  const { scrypt } = (await import(
    /* webpackIgnore: true */ /* turbopackIgnore: true */ nodeCrypto
  )) as NodeCrypto;
  return new Promise((resolve, reject) => {
    scrypt(key, salt, SCRYPT_HASH_BYTES, (error, derived) => (error ? reject(error) : resolve(derived)));
  });
}

/** True when `key` is the key of the SHA-256 digest `hex`: compared in constant time. */
function matchesSha256(key: string, hex: string): boolean {
  if (!SHA256_HEX.test(hex) || keyFault(key) !== undefined) return false;
  return sameText(digest(key), hex);
}

/** True when `key` derives the scrypt hash of `fields` (salt, hash): compared in constant time. */
async function matchesScrypt(key: string, fields: readonly string[]): Promise<boolean> {
  const parsed = parseScrypt(fields);
  if (parsed === undefined) return false;
  return sameBytes(await derive(key, parsed.salt), parsed.hash);
}

/**
 * A digest no key was made from (of random bytes), checked when there is no stored hash so that an unknown
 * username costs what a wrong key does. Made on first use.
 */
let decoy: string | undefined;

/**
 * True when `key` is the key `keyHash` was made from: a `sha256$` hash of {@link hashApiKey}, or a `scrypt$` one
 * of earlier releases. The comparison takes the same time wherever the hashes differ; a SHA-256 check takes
 * microseconds, a scrypt one about 50 ms off the event loop (and needs `node:crypto`: where the runtime has none,
 * an old hash never verifies).
 *
 * Pass `undefined` as `keyHash` when there is no stored hash (an unknown username): the key is hashed and
 * compared with a decoy, and the answer is false, so an unknown user is not told apart from a `sha256$` one by
 * the time the answer takes (from a user whose hash is still `scrypt$`, it is: one more reason to move on).
 * Never rejects: a malformed hash, a non-string argument, a key containing a NUL, and a key too short to be one
 * of `hashApiKey` checked against a `sha256$` hash are all false.
 */
export async function verifyApiKey(key: string, keyHash: string | undefined): Promise<boolean> {
  try {
    if (typeof key !== 'string' || key.includes('\0')) return false;
    if (keyHash === undefined) {
      decoy ??= digest(base64url(randomBytes(GENERATED_BYTES)));
      // Compared too, so the whole check costs what a real one does; no key matches random bytes anyway.
      sameText(digest(key), decoy);
      return false;
    }
    if (typeof keyHash !== 'string') return false;
    const [scheme, ...fields] = keyHash.split('$');
    if (scheme === SHA256 && fields.length === 1) return matchesSha256(key, fields[0] ?? '');
    if (scheme === SCRYPT) return await matchesScrypt(key, fields);
    return false;
  } catch {
    return false;
  }
}
