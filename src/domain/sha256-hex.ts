/**
 * SHA-256 of a text, as lower-case hex: what the totals digest and confirm's fingerprint are made of.
 * @module
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** What this module uses of `node:crypto`: the one-shot `hash` (Node 20.12 and later) or `createHash`. */
interface NativeCrypto {
  readonly hash?: (algorithm: 'sha256', text: string, encoding: 'hex') => string;
  readonly createHash: (algorithm: 'sha256') => {
    update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string };
  };
}

/** The runtime's `node:crypto` when it hands it over synchronously (Node, Bun, Deno), else undefined. */
function nativeCrypto(): NativeCrypto | undefined {
  const runtime = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  try {
    return runtime?.getBuiltinModule?.('node:crypto') as NativeCrypto | undefined;
  } catch {
    return undefined;
  }
}

/**
 * The portable SHA-256 (`@noble/hashes`, plain JavaScript): the text as UTF-8, a lone surrogate as U+FFFD, as
 * `TextEncoder` writes it.
 */
export function portableSha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/**
 * The runtime's own SHA-256 when it has a synchronous one, which is several times faster on the short texts
 * hashed per request than plain JavaScript (a native call instead of a compression loop in the interpreter);
 * otherwise the portable one. Both give the same digest of the same text (a lone surrogate hashes as U+FFFD in
 * both), so a digest made on one runtime is checked on any other.
 */
function sha256Of(): (text: string) => string {
  const native = nativeCrypto();
  if (native === undefined) return portableSha256Hex;
  const { hash, createHash } = native;
  if (typeof hash === 'function') return (text) => hash('sha256', text, 'hex');
  return (text) => createHash('sha256').update(text, 'utf8').digest('hex');
}

/** SHA-256 of `text`'s UTF-8 bytes, as 64 lower-case hex digits. */
export const sha256Hex: (text: string) => string = sha256Of();
