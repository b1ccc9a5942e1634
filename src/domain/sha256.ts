/**
 * SHA-256 of a text (its UTF-8 bytes), as lower-case hex, synchronously and in plain JavaScript (FIPS 180-4,
 * checked against the standard's vectors and node:crypto): what every runtime can run, edge runtimes and
 * browsers included, where no native hash can be called synchronously.
 * @module
 */

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** The initial hash: the first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const H0 = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** The message padded to a multiple of 64 bytes (a 1 bit, zeros, the length in bits), as big-endian words. */
function paddedWords(bytes: Uint8Array): Int32Array {
  const blocks = Math.ceil((bytes.length + 9) / 64);
  const words = new Int32Array(blocks * 16);
  const put = (index: number, byte: number) => {
    words[index >> 2] = (words[index >> 2] ?? 0) | (byte << (24 - (index & 3) * 8));
  };
  for (let i = 0; i < bytes.length; i++) put(i, bytes[i] ?? 0);
  put(bytes.length, 0x80);
  const bits = bytes.length * 8;
  words[words.length - 2] = Math.floor(bits / 0x100000000);
  words[words.length - 1] = bits | 0;
  return words;
}

/** Folds the 16 words at `offset` into the hash `h` (the schedule `w` is scratch space). */
function compress(h: Int32Array, words: Int32Array, offset: number, w: Int32Array): void {
  for (let i = 0; i < 16; i++) w[i] = words[offset + i] ?? 0;
  for (let i = 16; i < 64; i++) {
    const x = w[i - 15] ?? 0;
    const y = w[i - 2] ?? 0;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) | 0;
  }
  let a = h[0] ?? 0;
  let b = h[1] ?? 0;
  let c = h[2] ?? 0;
  let d = h[3] ?? 0;
  let e = h[4] ?? 0;
  let f = h[5] ?? 0;
  let g = h[6] ?? 0;
  let k = h[7] ?? 0;
  for (let i = 0; i < 64; i++) {
    const sigma1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (k + sigma1 + ((e & f) ^ (~e & g)) + (K[i] ?? 0) + (w[i] ?? 0)) | 0;
    const sigma0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (sigma0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    k = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  h[0] = ((h[0] ?? 0) + a) | 0;
  h[1] = ((h[1] ?? 0) + b) | 0;
  h[2] = ((h[2] ?? 0) + c) | 0;
  h[3] = ((h[3] ?? 0) + d) | 0;
  h[4] = ((h[4] ?? 0) + e) | 0;
  h[5] = ((h[5] ?? 0) + f) | 0;
  h[6] = ((h[6] ?? 0) + g) | 0;
  h[7] = ((h[7] ?? 0) + k) | 0;
}

/** The SHA-256 digest of `text`'s UTF-8 bytes, as 64 lower-case hex digits, in plain JavaScript. */
export function sha256Js(text: string): string {
  const words = paddedWords(new TextEncoder().encode(text));
  const h = Int32Array.from(H0);
  const w = new Int32Array(64);
  for (let offset = 0; offset < words.length; offset += 16) compress(h, words, offset, w);
  let hex = '';
  for (const word of h) hex += (word >>> 0).toString(16).padStart(8, '0');
  return hex;
}
