/**
 * SHA-256 of a text (its UTF-8 bytes), as lower-case hex, synchronously. Confirm fingerprints every session it
 * confirms; Web Crypto's digest is asynchronous and hands each call to a worker thread, which costs more than
 * hashing a few kilobytes. So the host's native hash is used where the runtime offers one through
 * `process.getBuiltinModule` (Node, Bun, Deno), and the plain JavaScript one everywhere else (workers, edge
 * runtimes, browsers).
 * @module
 */
import { sha256Js } from '../domain/sha256.js';

/** The part of `node:crypto` used here. */
export interface NativeCrypto {
  createHash(algorithm: 'sha256'): {
    update(text: string, encoding: 'utf8'): { digest(encoding: 'hex'): string };
  };
}

/**
 * The `node:crypto` of the runtime whose global scope is `scope`, where it offers built-in modules to code that
 * cannot import them statically; undefined elsewhere. Edge runtimes (Next.js's among them) define a `process`
 * whose Node-only members throw when read: there too the answer is undefined, and the plain JavaScript hash is
 * used.
 */
export function nativeCryptoOf(scope: object): NativeCrypto | undefined {
  try {
    const host = (scope as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
    return host?.getBuiltinModule?.('node:crypto') as NativeCrypto | undefined;
  } catch {
    return undefined;
  }
}

const nativeCrypto = nativeCryptoOf(globalThis);

/** The SHA-256 digest of `text`'s UTF-8 bytes, as 64 lower-case hex digits. */
export function sha256Hex(text: string): string {
  return nativeCrypto === undefined
    ? sha256Js(text)
    : nativeCrypto.createHash('sha256').update(text, 'utf8').digest('hex');
}
