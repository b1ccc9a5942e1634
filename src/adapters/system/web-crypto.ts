/**
 * What the system adapters need of cryptography, from Web-standard globals only (`crypto.getRandomValues`,
 * `btoa`), which Node, Bun, Deno, Cloudflare Workers, edge runtimes and browsers all have: no `node:crypto`
 * import, so the adapters load on every runtime.
 * @module
 */

/** `count` bytes from the runtime's CSPRNG. */
export function randomBytes(count: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(count));
}

/** Bytes drawn from the CSPRNG at a time by {@link randomPool}. */
const POOL_BYTES = 4096;

/**
 * A source of random bytes from the runtime's CSPRNG that draws them a pool at a time: one call to
 * `getRandomValues` costs about as much as drawing a few kilobytes, so ids take their bytes from a pool drawn at
 * once and drawn again when spent, as Node's own `randomUUID` does. No byte is ever handed out twice.
 * @returns `take(count)`: the next `count` bytes (at most the pool's size)
 */
export function randomPool(): (count: number) => Uint8Array {
  let pool: Uint8Array = new Uint8Array(0);
  let used = 0;
  return (count) => {
    if (used + count > pool.length) {
      pool = randomBytes(POOL_BYTES);
      used = 0;
    }
    used += count;
    return pool.subarray(used - count, used);
  };
}

/** `bytes` in base64url (`A-Z a-z 0-9 - _`), without padding. */
export function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url text (without padding); undefined when it is not canonical base64url. */
export function fromBase64url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  // Re-encoding must give the same text: refuses trailing bits and other spellings of the same bytes.
  return base64url(bytes) === text ? bytes : undefined;
}

/**
 * Whether two texts are equal, in a time that depends on their length only, never on where they differ: for
 * comparing a digest computed from a guess with a stored one (texts of different lengths differ at once: the
 * length of a digest is no secret).
 */
export function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** Whether two byte arrays are equal, in a time that depends on their length only (see {@link sameText}). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}
