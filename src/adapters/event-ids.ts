/**
 * The ids of the events the order repositories store: UUIDv7s, time-ordered and unique.
 * @module
 */
import { V7Generator } from 'uuidv7';
import { randomPool } from './system/web-crypto.js';

/** Random 32-bit words from the CSPRNG, taken from a pool of random bytes (see `randomPool`). */
function pooledWords(): { nextUint32(): number } {
  const take = randomPool();
  return {
    nextUint32() {
      const [a = 0, b = 0, c = 0, d = 0] = take(4);
      return ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;
    },
  };
}

/** One generator for the process's event ids, so ids written within a millisecond still come in order. */
const generator = new V7Generator(pooledWords());

/** The lower-case hex digits as ASCII codes, by value. */
const HEX_DIGITS = new TextEncoder().encode('0123456789abcdef');
const DASH = 0x2d;
const ascii = new TextDecoder();

/**
 * A UUID's 16 bytes as its text (`8-4-4-4-12` lower-case hex), written into one buffer and read as one string.
 * The library's own `toString` adds the text a character at a time, which V8 keeps as a tree of two dozen string
 * pieces; an event keeps its id for as long as it is stored, so the id is made flat once.
 */
export function uuidText(bytes: Readonly<Uint8Array>): string {
  const text = new Uint8Array(36);
  let at = 0;
  for (let i = 0; i < 16; i += 1) {
    if (i === 4 || i === 6 || i === 8 || i === 10) text[at++] = DASH;
    const byte = bytes[i] as number;
    text[at++] = HEX_DIGITS[byte >> 4] as number;
    text[at++] = HEX_DIGITS[byte & 15] as number;
  }
  return ascii.decode(text);
}

/** A new event id: a UUIDv7 (time-ordered; random bits from the CSPRNG). */
export function newEventId(): string {
  return uuidText(generator.generate().bytes);
}
