/**
 * Standard Webhooks signatures: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the secret's
 * bytes (the base64 after `whsec_`).
 * @module
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

const PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Bytes as base64 (no Buffer: the adapter runs wherever `fetch` does). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The key of a Standard Webhooks secret (`whsec_` + base64 of 24 to 64 random bytes); throws a `TypeError` for
 * anything else, so a mistyped secret fails when the sink is made, not at the first delivery.
 */
export function secretKey(secret: string): Uint8Array {
  const encoded = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : '';
  if (!BASE64.test(encoded)) {
    throw new TypeError(
      'cartwright webhooks: a secret is "whsec_" followed by base64 (24 to 64 random bytes)',
    );
  }
  const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
  if (bytes.length < 24 || bytes.length > 64) {
    throw new TypeError('cartwright webhooks: a secret holds 24 to 64 random bytes');
  }
  return bytes;
}

/**
 * The `webhook-signature` header's value for one attempt: one `v1,<signature>` per key, space-separated, so a
 * receiver that knows either secret of a rotation accepts it.
 */
export function signatureHeader(
  keys: readonly Uint8Array[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const content = utf8ToBytes(`${id}.${timestampSeconds}.${body}`);
  return keys.map((key) => `v1,${toBase64(hmac(sha256, key, content))}`).join(' ');
}
