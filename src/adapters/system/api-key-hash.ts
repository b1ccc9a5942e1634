/**
 * Hashing and checking API keys with scrypt.
 * @module
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const SCHEME = 'scrypt';
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Bounds on what a stored hash may declare, so a crafted one cannot make scrypt derive megabytes. */
const MIN_BYTES = 16;
const MAX_BYTES = 64;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * Hashes an API key for storage in `ApiUser.keyHash`: `scrypt$<salt>$<hash>`, both base64url, with a fresh
 * random 16-byte salt and a 32-byte scrypt hash (node's default cost: N = 16384, r = 8, p = 1). Hashing the same
 * key twice gives two different strings; {@link verifyApiKey} accepts both.
 */
export function hashApiKey(key: string): string {
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
function parseKeyHash(keyHash: string): { salt: Buffer; hash: Buffer } | undefined {
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
 * True when `key` is the key `keyHash` was made from. The comparison takes the same time wherever the hashes
 * differ (`timingSafeEqual`). Never throws: a malformed or unknown hash, or a non-string argument, is false.
 */
export function verifyApiKey(key: string, keyHash: string): boolean {
  try {
    if (typeof key !== 'string' || typeof keyHash !== 'string') return false;
    const parsed = parseKeyHash(keyHash);
    if (parsed === undefined) return false;
    const derived = scryptSync(key, parsed.salt, HASH_BYTES);
    return timingSafeEqual(derived, parsed.hash);
  } catch {
    return false;
  }
}
