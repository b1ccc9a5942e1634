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

/** The round function of step `i` (F, G, H, I of RFC 1321). */
function roundFunction(i: number, b: number, c: number, d: number): number {
  if (i < 16) return (b & c) | (~b & d);
  if (i < 32) return (d & b) | (~d & c);
  if (i < 48) return b ^ c ^ d;
  return c ^ (b | ~d);
}

/** The message word step `i` reads. */
function wordIndex(i: number): number {
  if (i < 16) return i;
  if (i < 32) return (5 * i + 1) % 16;
  if (i < 48) return (3 * i + 5) % 16;
  return (7 * i) % 16;
}

/** Adds one 64-byte block into `state` (four 32-bit words), in place. */
function block(state: Uint32Array, view: DataView, offset: number): void {
  let a = state[0] ?? 0;
  let b = state[1] ?? 0;
  let c = state[2] ?? 0;
  let d = state[3] ?? 0;
  for (let i = 0; i < 64; i++) {
    const sum =
      (a + roundFunction(i, b, c, d) + (SINES[i] ?? 0) + view.getUint32(offset + wordIndex(i) * 4, true)) >>>
      0;
    const shift = SHIFTS[i] ?? 0;
    a = d;
    d = c;
    c = b;
    b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
  }
  state[0] = ((state[0] ?? 0) + a) >>> 0;
  state[1] = ((state[1] ?? 0) + b) >>> 0;
  state[2] = ((state[2] ?? 0) + c) >>> 0;
  state[3] = ((state[3] ?? 0) + d) >>> 0;
}

/** The MD5 digest of `message` in lower-case hex, as PHP's `md5()` writes it. */
export function md5Hex(message: Uint8Array): string {
  const padded = pad(message);
  const view = new DataView(padded.buffer);
  const state = Uint32Array.of(0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476);
  for (let offset = 0; offset < padded.length; offset += 64) block(state, view, offset);
  const digest = new Uint8Array(16);
  const out = new DataView(digest.buffer);
  for (const [index, word] of state.entries()) out.setUint32(index * 4, word, true);
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
