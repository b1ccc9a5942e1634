/**
 * Hashing and checking API keys with scrypt.
 *
 * scrypt hashes its password with HMAC-SHA256, which pads a key shorter than 64 bytes with zero bytes: `key`
 * and `key` followed by NULs derive the same hash. A key is compared exactly, so a key containing a NUL is
 * never accepted, and none is hashed.
 * @module
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const SCHEME = 'scrypt';
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Bounds on what a stored hash may declare, so a crafted one cannot make scrypt derive megabytes. */
const MIN_BYTES = 16;
const MAX_BYTES = 64;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Salt and hash of a well-formed `scrypt$<salt>$<hash>`. */
interface ParsedHash {
  readonly salt: Buffer;
  readonly hash: Buffer;
}

/**
 * A well-formed hash that no key was made from (its "hash" is random bytes), checked when there is no stored
 * hash so that an unknown username costs the same scrypt run as a wrong key. Made on first use: random bytes,
 * no scrypt, so it costs nothing.
 */
let decoy: ParsedHash | undefined;

/**
 * Hashes an API key for storage in `ApiUser.keyHash`: `scrypt$<salt>$<hash>`, both base64url, with a fresh
 * random 16-byte salt and a 32-byte scrypt hash (node's default cost: N = 16384, r = 8, p = 1). Hashing the same
 * key twice gives two different strings; {@link verifyApiKey} accepts both. Throws a `RangeError` for a key
 * containing a NUL, which could never be told apart from the same key without it (see the module notes).
 *
 * Synchronous on purpose: it runs when API users are set up (a seed script, the demo store), never per request.
 */
export function hashApiKey(key: string): string {
  if (key.includes('\0')) throw new RangeError('cartwright: an API key must not contain a NUL character');
  const salt = randomBytes(SALT_BYTES);
  const hash = scryptSync(key, salt, HASH_BYTES);
  return `${SCHEME}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** The bytes of one base64url field, or undefined when it is not canonical base64url of a sane length. */
function decodeField(field: string | undefined): Buffer | undefined {
  if (field === undefined || !BASE64URL.test(field)) return undefined;
  const bytes = Buffer.from(field, 'base64url');
  // Re-encoding must give the same text: rejects trailing bits and other non-canonical spellings.
  if (bytes.toString('base64url') !== field) return undefined;
  return bytes.length >= MIN_BYTES && bytes.length <= MAX_BYTES ? bytes : undefined;
}

/** Salt and hash of a well-formed `scrypt$<salt>$<hash>`, or undefined. */
function parseKeyHash(keyHash: string): ParsedHash | undefined {
  const [scheme, saltField, hashField, ...rest] = keyHash.split('$');
  if (scheme !== SCHEME || rest.length > 0) return undefined;
  const salt = decodeField(saltField);
  const hash = decodeField(hashField);
  // The length is fixed, never read from the stored text: scrypt's output for a shorter length is a prefix of
  // the longer one, so a truncated hash would otherwise still verify.
  if (salt === undefined || hash === undefined || hash.length !== HASH_BYTES) return undefined;
  return { salt, hash };
}

/**
 * scrypt on libuv's thread pool: a login never blocks the event loop for the ~50 ms a derivation takes. Success
 * is an absent error, whichever way the runtime says it (node passes null, Bun undefined).
 */
function derive(key: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(key, salt, HASH_BYTES, (error, derived) => (error ? reject(error) : resolve(derived)));
  });
}

/**
 * True when `key` is the key `keyHash` was made from. The derivation runs off the event loop (async scrypt),
 * and the comparison takes the same time wherever the hashes differ (`timingSafeEqual`).
 *
 * Pass `undefined` as `keyHash` when there is no stored hash (an unknown username): the same derivation runs on
 * a decoy and the answer is false, so an unknown user is not told apart by the time the answer takes.
 * Never rejects: a malformed hash, a non-string argument, or a key containing a NUL is false.
 */
export async function verifyApiKey(key: string, keyHash: string | undefined): Promise<boolean> {
  try {
    // Trailing NULs would derive the key's own hash (see the module notes): such a key is never the key.
    if (typeof key !== 'string' || key.includes('\0')) return false;
    if (keyHash === undefined) {
      decoy ??= { salt: randomBytes(SALT_BYTES), hash: randomBytes(HASH_BYTES) };
      // Compared too, so the whole check costs what a real one does; no key matches random bytes anyway.
      timingSafeEqual(await derive(key, decoy.salt), decoy.hash);
      return false;
    }
    if (typeof keyHash !== 'string') return false;
    const parsed = parseKeyHash(keyHash);
    if (parsed === undefined) return false;
    const derived = await derive(key, parsed.salt);
    return timingSafeEqual(derived, parsed.hash);
  } catch {
    return false;
  }
}
