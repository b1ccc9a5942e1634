/**
 * MD5 (RFC 1321), which OpenCart 4.1 applies to the form before signing. Web Crypto has no MD5, and the fetch
 * handler imports nothing of Node, so it is computed here. Not a security primitive in this use: the HMAC over
 * the whole signed text is.
 * @module
 */

/** Per-round left-rotation amounts. */
const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
  14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15,
  21, 6, 10, 15, 21,
] as const;

/** The constants: the integer part of |sin(i + 1)| × 2³². */
const SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** The message padded to a multiple of 64 bytes, its bit length appended (little-endian). */
function pad(message: Uint8Array): Uint8Array {
  const length = (((message.length + 8) >> 6) + 1) * 64;
  const padded = new Uint8Array(length);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  const bits = message.length * 8;
  view.setUint32(length - 8, bits >>> 0, true);
  view.setUint32(length - 4, Math.floor(bits / 2 ** 32) >>> 0, true);
  return padded;
}

/** The round function and message word of step `i`. */
function mix(i: number, b: number, c: number, d: number): { readonly f: number; readonly g: number } {
  if (i < 16) return { f: (b & c) | (~b & d), g: i };
  if (i < 32) return { f: (d & b) | (~d & c), g: (5 * i + 1) % 16 };
  if (i < 48) return { f: b ^ c ^ d, g: (3 * i + 5) % 16 };
  return { f: c ^ (b | ~d), g: (7 * i) % 16 };
}

/** The state after one 64-byte block. */
function block(state: readonly number[], view: DataView, offset: number): number[] {
  let [a = 0, b = 0, c = 0, d = 0] = state;
  for (let i = 0; i < 64; i++) {
    const { f, g } = mix(i, b, c, d);
    const sum = (a + f + (SINES[i] ?? 0) + view.getUint32(offset + g * 4, true)) >>> 0;
    const shift = SHIFTS[i] ?? 0;
    a = d;
    d = c;
    c = b;
    b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
  }
  return [state[0] ?? 0, state[1] ?? 0, state[2] ?? 0, state[3] ?? 0].map(
    (word, index) => (word + ([a, b, c, d][index] ?? 0)) >>> 0,
  );
}

/** The MD5 digest of `message` in lower-case hex, as PHP's `md5()` writes it. */
export function md5Hex(message: Uint8Array): string {
  const padded = pad(message);
  const view = new DataView(padded.buffer);
  let state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let offset = 0; offset < padded.length; offset += 64) state = block(state, view, offset);
  const digest = new Uint8Array(16);
  const out = new DataView(digest.buffer);
  for (const [index, word] of state.entries()) out.setUint32(index * 4, word, true);
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
